"""docs/architecture.md's table of packages stays true: each package and module it names is
there, each one that is there is named, and each package imports only what its row lists."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "scorekeeper"
# Generated or framework-owned: no row of their own.
UNLISTED = {"migrations", "locale", "__pycache__"}


def rows() -> dict[str, tuple[set[str], set[str]]]:
    """Each row of the table: its path, the names in backticks it owns and those it imports."""
    table = {}
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`scorekeeper/"):
            continue
        path = re.match(r"`(scorekeeper/[^`]*)`", cells[0]).group(1)
        owns = set(re.findall(r"`(\w+)", cells[1]))
        imports = {name.split(".")[0] for name in re.findall(r"`([\w.]+)`", cells[2])}
        table[path] = (owns, imports)
    return table


def packages() -> set[str]:
    return {
        f"scorekeeper/{path.parent.relative_to(APP).parts[0]}/"
        for path in APP.glob("*/**/__init__.py")
        if path.parent.relative_to(APP).parts[0] not in UNLISTED
    }


def modules(package: Path) -> set[str]:
    """The modules of a package (a management package: its commands), not its migrations."""
    return {
        path.stem
        for path in package.rglob("*.py")
        if path.stem != "__init__" and not UNLISTED & set(path.relative_to(package).parts)
    }


def imported_units(unit: Path) -> set[str]:
    """The top-level packages and modules of ours that these files import."""
    files = [unit] if unit.is_file() else list(unit.rglob("*.py"))
    own = unit.stem if unit.is_file() else unit.name
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
                if node.module == "scorekeeper":
                    names = [f"scorekeeper.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                parts = name.split(".")
                if parts[0] == "scorekeeper" and len(parts) > 1 and parts[1] != own:
                    found.add(parts[1])
    return found


def test_every_package_has_a_row_and_every_row_a_package():
    listed = {path for path in rows() if path.endswith("/") and path != "scorekeeper/"}
    assert listed == packages()


def test_each_row_names_every_module_of_its_package():
    for path, (owns, _) in rows().items():
        if path == "scorekeeper/":
            expected = {p.stem for p in APP.glob("*.py") if p.stem != "__init__"}
        else:
            expected = modules(ROOT / path)
        assert expected <= owns, f"{path} does not name {sorted(expected - owns)}"


@pytest.mark.parametrize("path", sorted(packages()))
def test_a_package_imports_only_what_its_row_lists(path):
    _, imports = rows()[path]
    assert imported_units(ROOT / path) <= imports


def test_the_top_level_modules_import_only_what_their_row_lists():
    _, imports = rows()["scorekeeper/"]
    for module in APP.glob("*.py"):
        assert imported_units(module) <= imports, module.name
