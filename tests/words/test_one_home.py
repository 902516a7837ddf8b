"""Words have one home: the text the app translates is written under scorekeeper/words/ (and
forms/, whose labels and field errors are the form's own; an app of its own, like clubs, keeps
its words in its `words` and `forms`), never in the views, models, backup, serving or the app's
top-level modules, which take their words from there."""

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "scorekeeper"

# Where translated text may be written (a package or a module of that name, at any level): the
# words themselves, the forms' labels and errors, and the migrations Django writes (a choice's
# label as it was).
HOMES = {"words", "forms", "migrations"}

# Django's translation functions, by the names they are called under.
TRANSLATING = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}

# The few modules that may still translate, each for a reason.
EXCEPTIONS = {
    # LANGUAGES names each language; the settings are read before the app (and its words) can
    # be imported, so Django's own lazy gettext marks them there.
    "settings.py": 3,
}


def translation_calls(source: str) -> list[int]:
    """The lines of every call to a translation function in this source."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            called = node.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", None)
            if name in TRANSLATING:
                lines.append(node.lineno)
    return sorted(lines)


def test_the_scan_finds_every_kind_of_translation_call():
    source = (
        "from django.utils import translation\n"
        "a = _('x')\n"
        "b = translation.gettext('x')\n"
        "c = ngettext('x', 'xs', 2) % {}\n"
        "d = pgettext_lazy('part', 'x')\n"
        "e = _cell('not a translation')\n"
    )
    assert translation_calls(source) == [2, 3, 4, 5]


def test_no_module_outside_the_words_translates_text():
    found = {}
    for path in sorted(APP.rglob("*.py")):
        module = path.relative_to(APP).as_posix()
        if HOMES & {*path.relative_to(APP).parent.parts, path.stem}:
            continue
        calls = translation_calls(path.read_text(encoding="utf-8"))
        if calls and len(calls) != EXCEPTIONS.get(module):
            found[module] = calls
    assert not found, f"translated outside scorekeeper/words/ (move the words there): {found}"


def test_an_apps_own_words_are_a_home_too():
    homes = [
        path.relative_to(APP).as_posix()
        for path in APP.rglob("*.py")
        if HOMES & {*path.relative_to(APP).parent.parts, path.stem}
    ]
    assert "clubs/words.py" in homes and "words/backup.py" in homes
    assert "clubs/models.py" not in homes and "views/match.py" not in homes


def test_the_models_do_not_hand_on_the_words():
    """A caller takes its words from scorekeeper.words, not through the models package."""
    tree = ast.parse((APP / "models" / "__init__.py").read_text(encoding="utf-8"))
    handed_on = [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scorekeeper.words")
    ]
    assert not handed_on
