// The little JavaScript there is: the app works without it; this only makes it nicer.
