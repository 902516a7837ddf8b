"""What the photo count takes: a photo (its size and its content checked), then each half as
the player confirmed or corrected it, and where the count goes back to."""

from django import forms
from django.conf import settings
from django.utils.http import url_has_allowed_host_and_scheme

from scorekeeper.inputs import typed_number
from scorekeeper.photo import words
from scorekeeper.photo.counter import Count, NotAnImage, count_image, decode
from scorekeeper.photo.reading import MOST_PIPS

# The names the camera button adds to the form it sits in; every other name posted with the
# photo is the hand form's own, carried through and posted back with the count.
OWN = ("csrfmiddlewaretoken", "photo", "photo_for", "photo_back", "photo_page", "half")
FIELD_NAME = forms.RegexField(regex=r"^[\w-]{1,60}$", required=False)


class PlaceForm(forms.Form):
    """Which field the count is for, the page it came from (a path of this site only), and the
    most pips a half of the table's set holds (the camera button says; else double-twelve's)."""

    photo_for = FIELD_NAME
    photo_back = forms.CharField(max_length=300, required=False)
    photo_page = forms.CharField(max_length=300, required=False)

    def clean(self):
        data = super().clean()
        most = typed_number(self.data.get("photo_most") or "")
        data["photo_most"] = most if most is not None and 0 < most <= MOST_PIPS else MOST_PIPS
        for name in ("photo_back", "photo_page"):
            url = data.get(name, "")
            if not url.startswith("/") or not url_has_allowed_host_and_scheme(url, None):
                data[name] = ""
        return data


class PhotoForm(PlaceForm):
    """`before_counting` is called once a photo is there to decode and count (the work a rate
    limit keeps in bounds), and may raise to stop it; a form with no photo, or one too large,
    never calls it."""

    photo = forms.FileField(error_messages={"required": words.NO_PHOTO, "empty": words.NO_PHOTO})

    def __init__(self, *args, before_counting=lambda: None, **kwargs):
        super().__init__(*args, **kwargs)
        self.before_counting = before_counting

    def clean_photo(self):
        photo = self.cleaned_data["photo"]
        if photo.size > settings.PHOTO_MAX_MB * 1_000_000:
            raise forms.ValidationError(words.too_large(settings.PHOTO_MAX_MB), code="too_large")
        self.before_counting()
        try:
            self.image = decode(photo.read())
        except NotAnImage:
            raise forms.ValidationError(words.NOT_A_PHOTO, code="not_a_photo") from None
        self.count: Count = count_image(self.image)
        if not self.count.tiles:
            raise forms.ValidationError(words.NO_TILES, code="no_tiles")
        return photo


class HalvesForm(PlaceForm):
    """The halves as the player left them: each a whole number from 0 to the set's most (a
    half read above it comes unchosen, and is refused until the player chooses it)."""

    def clean(self):
        data = super().clean()
        most = data["photo_most"]
        halves = []
        for given in self.data.getlist("half"):
            # Any script's digits read as they show; str.isdigit() let '²' through to int().
            value = typed_number(given)
            if value is None or value > most:
                raise forms.ValidationError(words.bad_half(most), code="bad_half")
            halves.append(value)
        data["total"] = sum(halves)
        return data


def carried(post) -> list[tuple[str, str]]:
    """The hand form's own fields as posted with the photo, to post back with the count."""
    return [
        (name, value)
        for name, values in post.lists()
        if name not in OWN and not name.startswith("photo_")
        for value in values
    ]
