#!/usr/bin/env python3
"""Writes nearby-map.png, the bottom sheet example's picture: a small stylised map (parks,
roads, a river, a pin) drawn pixel by pixel (supersampled), so the file is reproducible without an image
library. Run from anywhere: python3 Examples/components/images/generate.py"""
import math
import os
import struct
import zlib

WIDTH, HEIGHT = 480, 270
# The picture is designed on a 240 × 135 grid, drawn at 2x with 3 × 3 samples a pixel.
SCALE, SAMPLES = 2, 3


def design_color(x, y):
    land = (0.93, 0.92, 0.88)
    park = (0.76, 0.87, 0.70)
    water = (0.62, 0.78, 0.93)
    road = (1.0, 1.0, 1.0)
    pin = (0.92, 0.26, 0.21)
    r, g, b = land
    if (x - 50) ** 2 / 900 + (y - 40) ** 2 / 500 < 1 or (190 < x < 230 and 90 < y < 125):
        r, g, b = park
    river = 70 + 18 * math.sin(x / 28.0)
    if abs(y - river) < 7:
        r, g, b = water
    if abs(x - 120) < 3 or abs(y - 100) < 3 or abs((x - 20) * 0.45 - y + 10) < 2.5:
        r, g, b = road
    d = math.hypot(x - 150, y - 52)
    if d < 11 or (abs(x - 150) < 11 - (y - 52) * 0.55 and 52 <= y < 72):
        r, g, b = pin if d > 4 else (1.0, 1.0, 1.0)
    return (r, g, b)


def color(px, py):
    total = [0.0, 0.0, 0.0]
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            sample = design_color((px + (sx + 0.5) / SAMPLES) / SCALE, (py + (sy + 0.5) / SAMPLES) / SCALE)
            total = [t + c for t, c in zip(total, sample)]
    return bytes(round(t / SAMPLES**2 * 255) for t in total)


def png(width, height, pixel):
    rows = b"".join(b"\0" + b"".join(pixel(x, y) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "nearby-map.png")
    with open(out, "wb") as f:
        f.write(png(WIDTH, HEIGHT, color))
    print(out)
