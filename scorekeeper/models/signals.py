"""What the score sheet tells the apps that read it (it never imports them): Django signals."""

from django.dispatch import Signal

# Sent inside the transaction that wrote it, when a match's result moved: it ended, ended no
# more (an undo), or a finished match was corrected. Arguments: `match` (as written) and
# `ended` (it ended just now: the newest result of its table, nothing earlier changed).
result_changed = Signal()
