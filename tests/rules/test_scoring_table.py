"""The one table of scorers: every game the app offers is scored, and ties are known for each."""

import ast
from pathlib import Path

import scorekeeper.rules
from scorekeeper.rules import SCORERS, TIES, Scoring

PACKAGE = Path(scorekeeper.rules.__file__).parent


def test_every_game_has_a_scorer():
    assert set(SCORERS) == set(Scoring)


def test_every_game_has_a_tie_rule():
    assert set(TIES) == set(Scoring)


def test_no_rules_module_imports_django():
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path.name
