"""A backup file to restore as a table."""

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scorekeeper.backup import load_backup
from scorekeeper.words.refusals import too_large_message


class ImportForm(forms.Form):
    """A JSON backup to restore as a table."""

    backup = forms.FileField(
        label=_("Backup file (JSON)"),
        error_messages={"required": _("Choose the backup file to restore.")},
    )

    def clean_backup(self):
        upload = self.cleaned_data["backup"]
        if upload.size > settings.IMPORT_MAX_BYTES:
            raise ValidationError(too_large_message())
        try:
            return load_backup(upload.read(), settings.IMPORT_MAX_BYTES)
        except ValueError as problem:
            # What is wrong, so that it can be found in the file.
            raise ValidationError(
                _("This is not a backup file from this app. %(problem)s") % {"problem": problem}
            ) from None
