"""Management commands for the scorekeeper."""
