"""The tournaments app's rules are pure Python, as the core's are: no Django, and nothing of ours
but the core's rules (a game names the formats it fits; the draw asks the game)."""

import ast
from pathlib import Path

import scorekeeper.tournaments.rules

PACKAGE = Path(scorekeeper.tournaments.rules.__file__).parent


def imported(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


def test_no_tournament_rules_module_imports_django():
    for path in PACKAGE.glob("*.py"):
        assert not [name for name in imported(path) if name.split(".")[0] == "django"], path.name


def test_the_tournament_rules_import_only_the_core_rules_of_ours():
    for path in PACKAGE.glob("*.py"):
        ours = [name for name in imported(path) if name.split(".")[0] == "scorekeeper"]
        assert all(name.startswith("scorekeeper.rules") for name in ours), path.name
