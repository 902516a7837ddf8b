"""A phone-first domino scorekeeper: the Django project and its domain, in one app."""
