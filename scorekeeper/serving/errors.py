"""Pages that only tell the phone something: the error pages (400, 403, 404, 500, a form sent
without its cookie) and the no-signal page, each in the phone's language with a way on."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_safe

TEMPLATE = "notice.html"


def notice(heading: str, *paragraphs: str, link: str = "", link_text: str = "") -> dict:
    """What a notice page says: its heading, what happened, and one way on (the phone's
    tables unless told otherwise)."""
    return {
        "heading": heading,
        "paragraphs": paragraphs,
        "link": link or reverse("home"),
        "link_text": link_text or _("Your tables"),
    }


def show(request: HttpRequest, said: dict, status: int = 200, **context) -> HttpResponse:
    """The notice page saying `said`."""
    return render(request, TEMPLATE, {"notice": said, **context}, status=status)


# What a refused request says, by its status: the heading, and what happened.
REFUSED = {
    400: (
        gettext_lazy("This could not be read"),
        gettext_lazy(
            "What this phone sent did not make sense to the server, so nothing was changed. A "
            "link may be cut short or mistyped: go back and try again, or start from your tables."
        ),
    ),
    403: (
        gettext_lazy("Not allowed here"),
        gettext_lazy(
            "This link does not let you do that, so nothing was changed. Go back, or start from "
            "your tables."
        ),
    ),
    404: (
        gettext_lazy("Nothing here"),
        gettext_lazy(
            "This link opens nothing: part of it may be missing or mistyped, or what it showed "
            "has been taken back."
        ),
    ),
}


def refused(status: int) -> Callable[[HttpRequest, Exception], HttpResponse]:
    """The view Django calls for a request refused with this status (see urls.py)."""

    def view(request: HttpRequest, exception: Exception) -> HttpResponse:
        heading, happened = REFUSED[status]
        return show(request, notice(str(heading), str(happened)), status=status)

    return view


bad_request = refused(400)
permission_denied = refused(403)
page_not_found = refused(404)


def server_error(request: HttpRequest) -> HttpResponse:
    """Drawn without the request and maybe without a database: nothing on it may read either
    (no context processor, no form, no query). It is in the language the request had chosen."""
    said = notice(
        _("Something went wrong"),
        _(
            "The server could not finish this; it was not something you did. Hands already saved "
            "are kept. Check first that what you typed is still there, and type it again if it "
            "is not."
        ),
        _("Try again in a minute."),
    )
    return HttpResponse(render_to_string(TEMPLATE, {"notice": said}), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent from a page open too long (or whose cookie was cleared): what happened,
    and a way back to the page it came from, which a reload makes work again."""
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = ""
    back = back or reverse("home")
    said = notice(
        _("This page was open too long"),
        _(
            "What you tapped was not taken, so nothing was changed: the page had been open too "
            "long, or this phone's cookies were cleared."
        ),
        _(
            "Go back, reload the page and tap again. Check first that what you typed is still "
            "there, and type it again if it is not."
        ),
        link=back,
        link_text=_("Back to the page"),
    )
    # The language switch, too, goes back to that page: the address posted to has no page.
    return show(request, said, status=403, language_next=back)


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What a page never opened on this phone shows when there is no signal."""
    return show(
        request,
        notice(
            _("No signal"),
            _("This page was never opened on this phone, so there is no copy of it here."),
            _(
                "The tables you opened before still open without signal, with the score as of "
                "your last visit."
            ),
        ),
    )
