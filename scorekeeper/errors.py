"""The page a refused form post gets: Django's CSRF failure, in the phone's language."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form sent from a page open too long (or whose cookie was cleared): what happened,
    and a way back to the page it came from, which a reload makes work again."""
    back = request.META.get("HTTP_REFERER", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = ""
    back = back or reverse("home")
    # The language switch, too, goes back to that page: the address posted to has no page.
    return render(request, "403_csrf.html", {"back": back, "language_next": back}, status=403)
