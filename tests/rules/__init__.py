"""Tests of scorekeeper.rules: pure Python, no database; one file per module of the package."""
