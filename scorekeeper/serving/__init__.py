"""What serves the pages, beside the views: whole pages kept rendered (`pagecache`) in the file
cache without zlib (`cache`), the static files minified, hashed and compressed (`storage`), the
headers only a document needs (`middleware`), and the error and no-signal pages (`errors`).
Plain helpers, no models."""
