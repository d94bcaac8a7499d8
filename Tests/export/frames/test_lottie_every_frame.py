"""Every sampled frame of `morph export --format lottie --direction both`, drawn by rlottie,
against `morph render` of the same state: the keyframe reduction (keyframes only where the
motion needs them, schemas/export.md) must keep every frame, not only a few, within the pixel
tolerance of test_lottie_export.py (mean <= 3.5/255, hero card 5/255; at most 2.5 % of compared
pixels off by more than 32/255), the shadow's reach excluded as there (rlottie draws no blur).
One exception, older than the reduction: the container's mean bound is 3.6 here, as frame 15
(the staged fades at their widest, where per-layer fading differs most from cairo's per-group
fading) measured 3.57 with one keyframe per frame too, a frame the four-frame test never drew.

`make test-export-frames` (part of `make test`, in the Swift lane) draws every eighth frame
and each marker's first and last (37 s: the 10-minute budget of `make test`);
`LOTTIE_FRAME_STRIDE=1 make test-export-frames` draws every frame.

The state of frame i comes from the file: its marker (`open` and `reduced motion` head for
expanded, `close` and `reduced motion close` for collapsed) and `morph.progress[i]` (closing:
`--state collapsed --progress 1-P`, schemas/export.md).
"""

from __future__ import annotations

import json
import math
import operator
import os
import sys
import tempfile
import unittest
from pathlib import Path

from rlottie_python import LottieAnimation

# The export suite's helpers, one folder up (this folder is its own suite, in another lane).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_lottie_export import decode_png, first_op, morph, path_points

BOUNDS = {"morph-container": 3.6, "hero-card": 5.0}
STRIDE = int(os.environ.get("LOTTIE_FRAME_STRIDE", "8"))
SHARE = 0.025
FAR = bytes(1 if value > 32 else 0 for value in range(256))


def frame_state(document: dict, frame: int) -> tuple[str, float]:
    """The `--state` and `--progress` that draw frame `frame` of the file."""
    marker = next(m for m in document["markers"] if m["tm"] <= frame < m["tm"] + m["dr"])
    progress = document["morph"]["progress"][frame]
    if marker["cm"] in ("open", "reduced motion"):
        return "expanded", progress
    return "collapsed", 1 - progress


def agreement(document: dict, component: str, frame: int, animation: LottieAnimation, scratch: Path) -> tuple[float, float]:
    """rlottie against cairo on one frame: mean absolute difference (of 255) and the share of
    compared pixels off by more than 32, away from the card's shadow."""
    width, height = document["w"], document["h"]
    state, progress = frame_state(document, frame)
    bgra = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    png = scratch / f"{component}-{frame}.png"
    morph("render", component, "--state", state, "--progress", repr(progress), "--scale", "1", "--out", str(png))
    w, h, cairo = decode_png(png.read_bytes())
    assert (w, h) == (width, height)
    # rlottie: premultiplied BGRA; unpremultiply over nothing where it is not opaque (the
    # frame's edge), as test_lottie_export.py does.
    channels = [bytearray(bgra[2 - ch::4]) for ch in range(3)]
    for index, alpha in enumerate(bgra[3::4]):
        if alpha != 255:
            for ch in range(3):
                channels[ch][index] = min(255, round(channels[ch][index] * 255 / alpha)) if alpha else 0
    keep = bytearray(b"\x01") * (width * height)
    truth = json.loads(morph("export", component, "--state", state, "--progress", repr(progress), "--display-list"))
    card = first_op(truth["ops"], "push", "card")
    shadow = card.get("shadow")
    if shadow:
        pts = [(x + card["transform"][4], y + card["transform"][5]) for x, y in path_points(card["clip"])]
        # 3σ, σ = radius (Shadow.gaussianStandardDeviation)
        reach = 3 * shadow["radius"] + abs(shadow["offset"][0]) + abs(shadow["offset"][1]) + 2
        x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
        x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
        # Whole pixels n with a <= n <= b, 0 <= n < limit.
        def span(a: float, b: float, limit: int) -> range:
            return range(max(0, math.ceil(a)), min(limit, math.floor(b) + 1))

        near, inside = span(x0 - reach, x1 + reach, width), span(x0 + 3, x1 - 3, width)
        for y in span(y0 - reach, y1 + reach, height):
            keep[y * width + near.start:y * width + near.stop] = bytes(len(near))
            if y0 + 3 <= y <= y1 - 3 and len(inside):
                keep[y * width + inside.start:y * width + inside.stop] = b"\x01" * len(inside)
    keep = bytes(keep)
    diffs = [bytes(map(abs, map(operator.sub, channels[ch], cairo[ch::4]))) for ch in range(3)]
    total = sum(sum(map(operator.mul, d, keep)) for d in diffs)
    far = bytes(map(operator.or_, diffs[0].translate(FAR), map(operator.or_, diffs[1].translate(FAR), diffs[2].translate(FAR))))
    compared = keep.count(1)
    return total / (3 * compared), sum(map(operator.mul, far, keep)) / compared


class EveryFrameTests(unittest.TestCase):
    def test_every_sampled_frame_matches_cairo(self):
        self.assertGreaterEqual(STRIDE, 1, "LOTTIE_FRAME_STRIDE must be a positive integer")
        scratch = Path(tempfile.mkdtemp(prefix="morph-lottie-frames-"))
        for component in ("morph-container", "hero-card"):
            document = json.loads(morph("export", component, "--format", "lottie", "--direction", "both"))
            animation = LottieAnimation.from_data(json.dumps(document))
            self.assertEqual(len(document["morph"]["progress"]), document["op"])
            worst_mean = worst_share = 0.0
            ends = {end for m in document["markers"] for end in (m["tm"], m["tm"] + m["dr"] - 1)}
            frames = sorted(set(range(0, document["op"], STRIDE)) | (ends & set(range(document["op"]))))
            for frame in frames:
                with self.subTest(component, frame=frame):
                    mean, share = agreement(document, component, frame, animation, scratch)
                    worst_mean, worst_share = max(worst_mean, mean), max(worst_share, share)
                    self.assertLessEqual(mean, BOUNDS[component])
                    self.assertLessEqual(share, SHARE)
            print(f"\nrlottie {component}, {len(frames)} of {document['op']} frames: worst mean {worst_mean:.3f}/255, "
                  f"worst {worst_share:.3%} off by > 32")


if __name__ == "__main__":
    unittest.main()
