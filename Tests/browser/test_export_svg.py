"""`morph export --format svg` drawn by headless Chromium against `morph render` (cairo) of
the same state, and the SMIL form paused mid-flight and after its end.

Both sides are 1x, the viewport's size. Metric per case: the mean absolute channel
difference over all pixels, and the share of pixels whose worst channel differs by more
than 32/255 (antialiased edges and glyph coverage are where two rasterizers legitimately
disagree). Tolerance: mean <= 1.5/255 and share <= 2%; the figures are printed for the
report. Every exported document is also parsed as XML first.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import time
import unittest
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from harness import ARTIFACTS, PageTestCase, StaticServer, executable
from png_decode import decode_png

CASES = [
    ("container-collapsed", ["morph-container", "--progress", "0"]),
    ("container-halfway", ["morph-container", "--progress", "0.5"]),
    ("container-open", ["morph-container", "--progress", "1"]),
    ("hero-collapsed", ["hero-card", "--progress", "0"]),
    ("hero-open", ["hero-card", "--progress", "1"]),
    ("hero-open-dark-xxl", ["hero-card", "--progress", "1", "--color-scheme", "dark", "--dynamic-type", "xxL"]),
]
MEAN_ALLOWED = 1.5
FAR = 32
SHARE_ALLOWED = 0.02


def compare(a: bytes, b: bytes) -> tuple[float, float]:
    """Mean absolute RGB difference (0...255) and share of pixels with a channel off by > FAR."""
    total = far = 0
    count = len(a) // 4
    for i in range(0, len(a), 4):
        d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
        total += abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2])
        far += d > FAR
    return total / (3 * count), far / count


class ExportSVGTests(PageTestCase):
    @classmethod
    def start_server(cls):
        cls.root = tempfile.TemporaryDirectory()
        return StaticServer(Path(cls.root.name)).start()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.root.cleanup()

    def morph(self, *args: str) -> bytes:
        return subprocess.run([str(executable("morph")), *args], check=True, capture_output=True).stdout

    def chromium_pixels(self, name: str, svg: bytes, width: int, height: int) -> bytes:
        (Path(self.root.name) / f"{name}.svg").write_bytes(svg)
        self.open_page(f"{name}.svg", width=width, height=height, dpr=1)
        self.wait_for("document.readyState === 'complete' && document.fonts.status === 'loaded'")
        time.sleep(0.1)
        png = self.driver.get_screenshot_as_png()
        (ARTIFACTS / f"export-svg-{name}.png").write_bytes(png)
        w, h, pixels = decode_png(png)
        self.assertEqual((w, h), (width, height), "screenshot size")
        return pixels

    def cairo_pixels(self, state: list[str]) -> tuple[int, int, bytes]:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cairo.png"
            self.morph("render", *state, "--scale", "1", "--out", str(out))
            return decode_png(out.read_bytes())

    def test_static_svg_matches_cairo(self):
        for name, state in CASES:
            for mode in ("text", "outlines"):
                with self.subTest(name, text=mode):
                    svg = self.morph("export", *state, "--format", "svg", "--text", mode)
                    ElementTree.fromstring(svg)  # well-formed XML, or this raises
                    width, height, cairo = self.cairo_pixels(state)
                    chromium = self.chromium_pixels(f"{name}-{mode}", svg, width, height)
                    mean, share = compare(cairo, chromium)
                    print(f"\nsvg {name} ({mode}): mean {mean:.3f}/255, {share:.3%} of pixels off by > {FAR}")
                    self.assertLessEqual(mean, MEAN_ALLOWED)
                    self.assertLessEqual(share, SHARE_ALLOWED)

    def smil_frame(self, svg: bytes, seconds: float, width: int, height: int) -> bytes:
        """The animated SVG paused at `seconds`, as RGBA."""
        (Path(self.root.name) / "animated.svg").write_bytes(svg)
        self.open_page("animated.svg", width=width, height=height, dpr=1)
        self.wait_for("document.readyState === 'complete'")
        self.driver.execute_script(
            "document.documentElement.pauseAnimations();"
            f"document.documentElement.setCurrentTime({seconds});")
        time.sleep(0.2)
        _, _, pixels = decode_png(self.driver.get_screenshot_as_png())
        return pixels

    def test_smil_animation_follows_the_spring(self):
        """Paused mid-flight at frame k, the SMIL draws what cairo draws at the progress MorphKit
        sampled for frame k (read from the Lottie export of the same motion, which records it);
        past its end it stays on the last frame."""
        for component, direction in (("morph-container", "open"), ("hero-card", "close")):
            svg = self.morph("export", component, "--format", "svg", "--animate", "--direction", direction)
            root = ElementTree.fromstring(svg)
            ns = "{http://www.w3.org/2000/svg}"
            animations = root.findall(f".//{ns}animate") + root.findall(f".//{ns}animateTransform")
            self.assertGreater(len(animations), 5, "value animation expected")
            lottie = json.loads(self.morph("export", component, "--format", "lottie", "--direction", direction))
            progress = lottie["morph"]["progress"]
            end = next(m["dr"] for m in lottie["markers"] if m["cm"] == direction) - 1
            for frame, seconds in ((6, 6 / 60), (14, 14 / 60), (end, end / 60 + 1)):
                with self.subTest(component, frame=frame):
                    # An animation's frame, not a scrub: the animation toward the state the input
                    # heads for, as far along as the recorded progress (closing: 1 - p of the way).
                    pose = (["--state", "expanded", "--progress", repr(progress[frame])] if direction == "open"
                            else ["--state", "collapsed", "--progress", repr(1 - progress[frame])])
                    width, height, cairo = self.cairo_pixels([component, *pose])
                    chromium = self.smil_frame(svg, seconds, width, height)
                    mean, share = compare(cairo, chromium)
                    print(f"\nsmil {component} {direction} frame {frame}: mean {mean:.3f}/255, "
                          f"{share:.3%} of pixels off by > {FAR}")
                    self.assertLessEqual(mean, MEAN_ALLOWED)
                    self.assertLessEqual(share, SHARE_ALLOWED)


if __name__ == "__main__":
    unittest.main()
