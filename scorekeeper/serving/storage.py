"""Static files as production serves them: our own scripts and styles minified at collectstatic,
then hashed and compressed by whitenoise.

The sources in static/ keep their comments and layout (and DEBUG serves them as they are);
what a phone downloads is without them: the script 6.7 -> 4.5 KB and the stylesheet
5.0 -> 4.1 KB brotli. rjsmin and rcssmin only drop comments and whitespace (no renaming), and
the browser tests run the minified files too (tests/browser/test_minified.py).
"""

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def minifier(name: str):
    """The minifier for a static file of ours, or None (not a script or style, or a vendor's
    file that comes minified already, like htmx's)."""
    if ".min." in name:
        return None
    for suffix, minify in MINIFIERS.items():
        if name.endswith(suffix):
            return minify
    return None


def minified(name: str, text: str) -> str:
    minify = minifier(name)
    return minify(text) if minify else text


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    # main.js imports the modules by name: their hashed names, so that a deploy cannot pair a new
    # main.js with old modules from a phone's cache (each import statement ends with a ";").
    support_js_module_import_aggregation = True

    def post_process(self, paths, dry_run=False, **options):
        if not dry_run:
            for name in list(paths):
                if minifier(name):
                    self.minify(name)
                    # Hashing reads each file from where it was found: this one from here.
                    paths[name] = (self, name)
        yield from super().post_process(paths, dry_run, **options)

    def minify(self, name: str) -> None:
        """The collected copy, minified in place before it is hashed (minifying it again on a
        later collectstatic leaves it as it is)."""
        with self.open(name) as source:
            text = source.read().decode("utf-8")
        smaller = minified(name, text)
        if smaller != text:
            self.delete(name)
            self.save(name, ContentFile(smaller.encode("utf-8")))
