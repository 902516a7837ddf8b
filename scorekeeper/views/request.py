"""What the views read from a request and keep in its session."""

import hashlib
import uuid
from collections.abc import Callable

from django import forms
from django.conf import settings
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.crypto import salted_hmac
from django_htmx.middleware import HtmxDetails

from scorekeeper.inputs import whole_number
from scorekeeper.models import (
    SentForm,
    Table,
)

REMEMBERED_TABLES = 30


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


def refused_status(request: HtmxHttpRequest) -> int:
    """The status of a page that shows a refused hand: htmx 2 swaps only 2xx bodies."""
    return 200 if request.htmx else 422


def remember(request: HttpRequest, table: Table | str) -> None:
    """Keep the table (or the table of this key) on this phone's home page, most recent first."""
    table_key = table if isinstance(table, str) else table.key
    kept = request.session.get("tables", [])
    if kept[:1] == [table_key]:
        return  # already first: the session cookie is not signed and sent again
    keys = [key for key in kept if key != table_key]
    request.session["tables"] = [table_key, *keys][:REMEMBERED_TABLES]


def remember_tournament(request: HttpRequest, key: str) -> None:
    """Keep the tournament of this director's key on this phone's home page, most recent first
    (as remember() keeps tables): the director finds it again without the link."""
    kept = request.session.get("tournaments", [])
    if kept[:1] == [key]:
        return
    request.session["tournaments"] = [key, *(k for k in kept if k != key)][:REMEMBERED_TABLES]


def client_id(request: HttpRequest) -> str:
    """A keyed hash of the client's address: enough to rate-limit, useless to anyone else."""
    address = client_address(request.META, settings.TRUSTED_PROXY_COUNT)
    return salted_hmac("table-creator", address, algorithm="sha256").hexdigest()[:32]


def client_address(meta: dict, proxies: int) -> str:
    """The client's address: REMOTE_ADDR, or the one our Nth proxy from the app wrote."""
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if proxies <= 0 or len(forwarded) < proxies or not forwarded[-proxies]:
        # Without proxies the header is the client's own words; too short, it was not ours.
        return meta.get("REMOTE_ADDR", "")
    return forwarded[-proxies]


def posted_token(request: HttpRequest) -> uuid.UUID | None:
    """The form's one-time token, or None for a page from before tokens."""
    try:
        return uuid.UUID(request.POST.get("token", ""))
    except ValueError:
        return None


def posted_version(request: HttpRequest) -> int:
    """The match version the page was rendered at; garbage counts as stale."""
    version = whole_number(request.POST.get("version"))
    return -1 if version is None else version


def made_once(
    request: HttpRequest, form: forms.Form, make: Callable[[], models.Model]
) -> HttpResponse:
    """To what make() makes (a table's match, a club, a tournament), or, when this client
    posted this form's one-time token already with the same answers (a double tap, a reload, a
    second post without JavaScript), to what that post made: nothing is made twice."""
    token = form.cleaned_data.get("token")
    answers = sorted(
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", "token")
        for value in values
    )
    sent = hashlib.sha256(repr(answers).encode()).hexdigest()
    return redirect(SentForm.objects.made_once(token, client_id(request), make, sent))
