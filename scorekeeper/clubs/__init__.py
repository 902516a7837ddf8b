"""Clubs: tables grouped under one key, their players as one, their seasons and ratings."""
