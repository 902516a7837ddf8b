"""A hand counted from a photo: the tiles found, each half's pips counted, drawn back."""

import os

# OpenCV reads its limit once, before its first decode, and by default lets a few MB of PNG
# claim a billion pixels (gigabytes to decode). A 48 MP phone photo is under this; the script
# sends at most 1600 px. Set here, where the package starts, before anything imports cv2.
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(50_000_000))
