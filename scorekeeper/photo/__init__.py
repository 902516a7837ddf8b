"""A hand counted from a photo: the tiles found, each half's pips counted, drawn back."""
