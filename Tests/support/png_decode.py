"""One small PNG decoder for the Python tests: 8-bit, non-interlaced, RGB or RGBA (what
morphd's tiles, `morph render` and Chromium's screenshots are). Pure Python on purpose: the
tests compare decoded pixels and must not trust a library that could share a bug with the
encoder under test."""

import struct
import zlib


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Returns (width, height, straight RGBA bytes); RGB images get alpha 255."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack_from(">I4s", data, pos)
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 6), (depth, colour, interlace)
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    out, previous = bytearray(), bytes(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], raw[start + 1:start + 1 + stride]
        if kind == 1:  # Sub: a running sum of each channel along the row
            line = _prefix_sum(line, channels)
        elif kind == 2:  # Up
            line = _add_bytes(line, previous)
        elif kind in (3, 4):
            line = _unfilter_average_or_paeth(kind, bytearray(line), previous, channels)
        if channels == 4:
            out += line
        else:
            for x in range(width):
                out += line[x * 3:x * 3 + 3] + b"\xff"
        previous = line
    return width, height, bytes(out)


# Sub and Up add bytes modulo 256; done on whole rows as big integers, 8 bits a lane, with the
# carry out of each lane dropped (the high bit of each lane summed apart), not byte by byte.
def _add_bytes(a: bytes, b: bytes) -> bytes:
    """Each byte of a plus the byte of b at the same index, modulo 256."""
    n = len(a)
    if n == 0:
        return a
    high = int.from_bytes(b"\x80" * n, "big")
    x, y = int.from_bytes(a, "big"), int.from_bytes(b, "big")
    return ((((x & ~high) + (y & ~high)) ^ ((x ^ y) & high)) & ((1 << (8 * n)) - 1)).to_bytes(n, "big")


def _prefix_sum(line: bytes, channels: int) -> bytes:
    """line[i] + line[i - channels] + line[i - 2 * channels] + ..., modulo 256, per byte: the
    Sub filter undone by doubling steps (each adds the sums `shift` bytes to the left)."""
    shift = channels
    while shift < len(line):
        line = _add_bytes(line, bytes(shift) + line[:-shift])
        shift *= 2
    return line


def _unfilter_average_or_paeth(kind: int, line: bytearray, previous: bytes, channels: int) -> bytes:
    for i in range(len(line)):
        a = line[i - channels] if i >= channels else 0
        b = previous[i]
        if kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        else:
            c = previous[i - channels] if i >= channels else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return bytes(line)
