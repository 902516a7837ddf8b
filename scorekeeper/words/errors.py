"""The words of the pages that only tell the phone something: a refused or failed request, a
form sent from a page open too long, no signal. Each notice is its heading, then what happened
and what to do."""

from django.utils.translation import gettext_lazy as _

YOUR_TABLES = _("Your tables")
BACK_TO_THE_PAGE = _("Back to the page")

# What a refused request says, by its status: the heading, and what happened.
REFUSED = {
    400: (
        _("This could not be read"),
        _(
            "What this phone sent did not make sense to the server, so nothing was changed. A "
            "link may be cut short or mistyped: go back and try again, or start from your tables."
        ),
    ),
    403: (
        _("Not allowed here"),
        _(
            "This link does not let you do that, so nothing was changed. Go back, or start from "
            "your tables."
        ),
    ),
    404: (
        _("Nothing here"),
        _(
            "This link opens nothing: part of it may be missing or mistyped, or what it showed "
            "has been taken back."
        ),
    ),
}

SERVER_ERROR = (
    _("Something went wrong"),
    _(
        "The server could not finish this; it was not something you did. Hands already saved "
        "are kept. Check first that what you typed is still there, and type it again if it "
        "is not."
    ),
    _("Try again in a minute."),
)

PAGE_OPEN_TOO_LONG = (
    _("This page was open too long"),
    _(
        "What you tapped was not taken, so nothing was changed: the page had been open too "
        "long, or this phone's cookies were cleared."
    ),
    _(
        "Go back, reload the page and tap again. Check first that what you typed is still "
        "there, and type it again if it is not."
    ),
)

NO_SIGNAL = (
    _("No signal"),
    _("This page was never opened on this phone, so there is no copy of it here."),
    _(
        "The tables you opened before still open without signal, with the score as of "
        "your last visit."
    ),
)


def said(notice: tuple) -> list[str]:
    """A notice's words in the page's language, heading first."""
    return [str(words) for words in notice]
