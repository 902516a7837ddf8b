"""The tests mirror the code: tests/models a file per module of scorekeeper/models, tests/web a
folder per screen (a module of scorekeeper/views), every other folder of tests/ a package of the
app; and a test file that shares its name with another sits in a package, so both are collected."""

from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
APP = ROOT / "scorekeeper"
# Folders of tests/ that mirror no package: the screens, the suites that run a browser or a
# server, and what the tests share.
OWN = {"web", "browser", "load", "support"}


def modules(package: Path) -> set[str]:
    return {path.stem for path in package.glob("*.py") if path.stem != "__init__"}


def folders(under: Path) -> list[Path]:
    return [path for path in under.rglob("*") if path.is_dir() and path.name != "__pycache__"]


def test_a_file_in_tests_models_is_named_for_a_model_module():
    named = {path.stem.removeprefix("test_") for path in (TESTS / "models").glob("test_*.py")}
    assert named <= modules(APP / "models"), "no such module in scorekeeper/models/"


def test_a_folder_in_tests_web_is_named_for_a_screen():
    screens = {path.name for path in folders(TESTS / "web")}
    assert screens <= modules(APP / "views"), "no such module in scorekeeper/views/"


def test_every_other_folder_of_tests_mirrors_a_package_of_the_app():
    mirrored = [
        path.relative_to(TESTS)
        for path in folders(TESTS)
        if path.relative_to(TESTS).parts[0] not in OWN
    ]
    assert mirrored
    assert [path for path in mirrored if not (APP / path / "__init__.py").is_file()] == []


def test_test_files_that_share_a_name_sit_in_packages():
    files = list(TESTS.rglob("test_*.py"))
    shared = {name for name, count in Counter(path.name for path in files).items() if count > 1}
    loose = [
        path.relative_to(TESTS)
        for path in files
        if path.name in shared and not (path.parent / "__init__.py").is_file()
    ]
    assert loose == []
