"""The same display list drawn by the page (canvas, headless Chromium, offline `?frames=`)
and by cairo (`morph render --from-display-list`) must agree away from text and edges.

Mask: a pixel is compared when cairo's 5x5 neighbourhood around it varies by at most 12/255
per channel, which keeps flat fills, gradients and soft shadow falloff and drops glyphs,
antialiased edges and hairlines (where the two rasterizers legitimately differ by coverage).
Tolerance: 99.5% of the compared pixels within ±3/255 per channel, and none beyond ±12/255.
The measured agreement is printed for the report.
"""

from __future__ import annotations

import base64
import operator
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from harness import PICTURES as IMAGES, REPO, PageTestCase, StaticServer, executable, web_root_with_pictures
from png_decode import decode_png

GOLDENS = REPO / "Tests" / "MorphKitTests" / "__Goldens__"
CASES = [
    ("container-collapsed", GOLDENS / "MorphContainerTests" / "progress-0.0.display-list.json"),
    ("container-halfway", GOLDENS / "MorphContainerTests" / "progress-0.5.display-list.json"),
    ("hero-collapsed", GOLDENS / "HeroCardTests" / "collapsed.display-list.json"),
    # The sheet at its large detent, with its map: a PNG scaled (×0.73) and clipped to rounded
    # corners by both renderers. The page fetches it from /images/, cairo reads it beside the list.
    ("sheet-large", GOLDENS / "BottomSheetTests" / "sheet-flick-up-to-large.rest.display-list.json"),
]
# A point of the sheet's map (viewport points) that is not white once the picture is drawn.
PICTURE_POINT = {"sheet-large": (100, 69 + 243.5625 + 80)}
DPR = 2
FLAT_RANGE = 12
TOLERANCE = 3
WORST_ALLOWED = 12


def compare_flat(cairo: bytes, canvas: bytes, width: int, height: int) -> tuple[int, int, int]:
    """(compared, within TOLERANCE, worst) over the pixels 2 or more from the edge whose cairo
    samples at -2, 0 and +2 in x and y vary by at most FLAT_RANGE in each of R, G and B; the
    difference of a pixel is its largest over the four channels. The per-pixel rule, computed
    a row at a time over channel planes with C-level map/bytes operations (1 = yes per byte)."""
    cairo_planes = [cairo[ch::4] for ch in range(4)]
    canvas_planes = [canvas[ch::4] for ch in range(4)]
    inner = width - 4
    is_flat = bytes(1 if value <= FLAT_RANGE else 0 for value in range(256))
    is_within = bytes(1 if value <= TOLERANCE else 0 for value in range(256))
    compared = within = worst = 0
    for y in range(2, height - 2):
        flat = (1 << (8 * inner)) - 1
        for plane in cairo_planes[:3]:
            samples = [plane[(y + dy) * width + 2 + dx:(y + dy) * width + 2 + dx + inner]
                       for dy in (-2, 0, 2) for dx in (-2, 0, 2)]
            ranges = bytes(map(operator.sub, map(max, *samples), map(min, *samples)))
            flat &= int.from_bytes(ranges.translate(is_flat), "big")
        start = y * width + 2
        diffs = bytes(map(max, *(map(abs, map(operator.sub, a[start:start + inner], b[start:start + inner]))
                                 for a, b in zip(cairo_planes, canvas_planes))))
        flat_bytes = flat.to_bytes(inner, "big")
        compared += flat_bytes.count(1)
        within += (int.from_bytes(diffs.translate(is_within), "big") & flat).to_bytes(inner, "big").count(1)
        # A byte of 0xFF where flat, 0 elsewhere, masks the differences that count.
        worst = max(worst, max((int.from_bytes(diffs, "big") & (flat * 0xFF)).to_bytes(inner, "big")))
    return compared, within, worst


class CrossRendererTests(PageTestCase):
    @classmethod
    def start_server(cls):
        # web-preview/ and the pictures, plus the goldens as ?frames= files.
        cls.root = web_root_with_pictures()
        root = Path(cls.root.name)
        for name, golden in CASES:
            (root / f"{name}.json").write_text("[" + golden.read_text().strip() + "]")
        return StaticServer(root).start()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.root.cleanup()

    def canvas_pixels(self, width: int, height: int) -> bytes:
        # The back buffer's bytes as base64 (a string crosses WebDriver far faster than a list
        # of millions of numbers); fromCharCode in chunks stays under the argument limit.
        data = base64.b64decode(self.driver.execute_script(
            "const c = document.getElementById('canvas');"
            "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            "let s = ''; for (let i = 0; i < d.length; i += 32768)"
            " s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));"
            "return btoa(s);"))
        self.assertEqual(len(data), width * height * 4, "canvas back buffer size")
        return data

    def test_canvas_and_cairo_agree_away_from_text_and_edges(self):
        for name, golden in CASES:
            with self.subTest(name), tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / "cairo.png"
                # The list beside the pictures it names, as a component file sits beside its own.
                (Path(tmp) / "list.json").write_text(golden.read_text())
                # Copied, not linked: a picture linked out of its folder is refused.
                shutil.copytree(IMAGES, Path(tmp) / "images")
                subprocess.run([str(executable("morph")), "render", "--from-display-list", str(Path(tmp) / "list.json"),
                                "--scale", str(DPR), "--out", str(out)], check=True)
                width, height, cairo = decode_png(out.read_bytes())
                self.open_page(f"?frames={name}.json&index=0", width=width // DPR, height=height // DPR, dpr=DPR)
                self.wait_for_frames()
                if name in PICTURE_POINT:
                    x, y = (round(v * DPR) for v in PICTURE_POINT[name])
                    self.wait_for(f"canvas.getContext('2d').getImageData({x}, {y}, 1, 1).data[2] < 250",
                                  message="the sheet's picture never reached the canvas")
                canvas = self.canvas_pixels(width, height)
                compared, within, worst = compare_flat(cairo, canvas, width, height)
                share = within / compared
                print(f"\n{name}: {compared} of {width * height} pixels compared, "
                      f"{share:.4%} within ±{TOLERANCE}/255, worst {worst}/255")
                self.assertGreater(compared, width * height // 2)
                self.assertGreaterEqual(share, 0.995)
                self.assertLessEqual(worst, WORST_ALLOWED)


if __name__ == "__main__":
    unittest.main()
