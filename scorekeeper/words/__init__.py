"""Words the app shows: codes and values turned into the page's language."""
