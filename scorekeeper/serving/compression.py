"""A kept page gzipped for each request without compressing the page again.

The page is kept with each fixed piece already deflated, so that a phone that accepts gzip gets
one gzip stream joined from the kept pieces and this request's values (compressing the whole
page again cost more than everything else a kept page costs).
"""

import gzip
import secrets
import struct
import zlib

from scorekeeper.serving.slots import interleave

# The last, empty block of a deflate stream (fixed Huffman codes, just the end-of-block code).
LAST_BLOCK = b"\x03\x00"
# As Django's GZipMiddleware: a random-length file name pads each answer against BREACH.
MAX_RANDOM_BYTES = 100


def deflated(texts: list[bytes]) -> list[bytes]:
    """Each of `texts` as raw deflate blocks that end on a byte and refer to nothing before
    them (a Z_FULL_FLUSH after each), so that such pieces join into one stream in any order.
    One compressor for them all: setting one up costs more than deflating a piece."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return [compressor.compress(text) + compressor.flush(zlib.Z_FULL_FLUSH) for text in texts]


def stored(value: bytes) -> bytes:
    """`value` as a stored (uncompressed) deflate block, not the last: tokens do not compress."""
    return struct.pack("<BHH", 0, len(value), len(value) ^ 0xFFFF) + value


def gzipped(pieces: list[bytes], packed: list[bytes], values: list[bytes]) -> bytes:
    """One gzip member: the `pieces`, deflated once as `packed`, with this request's `values`
    between them as stored blocks, a last empty block, and the checksum of the whole (RFC
    1951, 1952)."""
    body = b"".join(interleave(pieces, values))
    blocks = interleave(packed, [stored(value) for value in values])
    name = b"a" * secrets.randbelow(MAX_RANDOM_BYTES) + b"\x00"
    header = b"\x1f\x8b\x08" + bytes([gzip.FNAME]) + b"\x00\x00\x00\x00\x00\xff"
    trailer = struct.pack("<II", zlib.crc32(body), len(body) & 0xFFFFFFFF)
    return b"".join([header, name, *blocks, LAST_BLOCK, trailer])
