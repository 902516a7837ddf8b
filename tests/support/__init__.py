"""What the tests, the load tests and the bench share, outside the shipped app: the factories
and the other tables every test runs beside (`testing`), Debian's Chromium (`chromium`), and
the bench's finished matches (`generate_matches`)."""
