"""The clubs app reads the core; the core never imports the clubs app (it names it only as a
string: the installed app, the included URLs, a template included by name)."""

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "scorekeeper"


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names


def test_no_module_outside_the_clubs_app_imports_it():
    clubs = APP / "clubs"
    offenders = [
        str(path.relative_to(APP))
        for path in APP.rglob("*.py")
        if clubs not in path.parents
        and any(name.startswith("scorekeeper.clubs") for name in imported(path))
    ]
    assert offenders == []
