"""Pages that only tell the phone something: the error pages (400, 403, 404, 500, a form sent
without its cookie) and the no-signal page, each in the phone's language with a way on."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_safe

from scorekeeper.words import errors as words

TEMPLATE = "notice.html"


def notice(heading: str, *paragraphs: str, link: str = "", link_text: str = "") -> dict:
    """What a notice page says: its heading, what happened, and one way on (the phone's
    tables unless told otherwise)."""
    return {
        "heading": heading,
        "paragraphs": paragraphs,
        "link": link or reverse("home"),
        "link_text": link_text or str(words.YOUR_TABLES),
    }


def show(request: HttpRequest, said: dict, status: int = 200, **context) -> HttpResponse:
    """The notice page saying `said`."""
    return render(request, TEMPLATE, {"notice": said, **context}, status=status)


def refused(status: int) -> Callable[[HttpRequest, Exception], HttpResponse]:
    """The view Django calls for a request refused with this status (see urls.py)."""

    def view(request: HttpRequest, exception: Exception) -> HttpResponse:
        return show(request, notice(*words.said(words.REFUSED[status])), status=status)

    return view


bad_request = refused(400)
permission_denied = refused(403)
page_not_found = refused(404)


def server_error(request: HttpRequest) -> HttpResponse:
    """Drawn without the request and maybe without a database: nothing on it may read either
    (no context processor, no form, no query). It is in the language the request had chosen."""
    said = notice(*words.said(words.SERVER_ERROR))
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
        *words.said(words.PAGE_OPEN_TOO_LONG), link=back, link_text=str(words.BACK_TO_THE_PAGE)
    )
    # The language switch, too, goes back to that page: the address posted to has no page.
    return show(request, said, status=403, language_next=back)


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """What a page never opened on this phone shows when there is no signal."""
    return show(request, notice(*words.said(words.NO_SIGNAL)))
