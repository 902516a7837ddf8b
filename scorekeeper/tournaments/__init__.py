"""The tournaments app: the events many tables play, their rounds, brackets and confirmations."""
