"""The curtain's code spans (Markdown code in a SwiftUI Text) are drawn by the page in
DejaVu Sans Mono, the face the display list names and morphd serves at /fonts/, and agree
with cairo (`morph render --from-display-list`) over each span's box.

For every run of the closed curtain golden's card, the box is the run's line band (baseline − ascender to
baseline + descender) from where the run starts to where it ends: the start is the line's x
plus the Inter piece before it (measured by the page's canvas in Inter), the end adds the run's
scalars times DejaVu Sans Mono's advance, read from the font file's hmtx here; each adds its
own font's `tracking` after every character (the Inter piece SF Pro's, the run none).
Measure: mean absolute difference of the grey level (0-255) between canvas and cairo pixels
in the box. Tolerance: at most MEAN_ALLOWED for the page as it is; the same list with its
runs removed (the span drawn in Inter, what a page ignoring runs would show) must differ by
at least DISCRIMINATION times as much, so the check can tell the faces apart.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import unittest
from pathlib import Path

from fontTools.ttLib import TTFont

from harness import MONO_FONT_DIR, REPO, WEB_ROOT, PageTestCase, StaticServer, executable
from png_decode import decode_png

GOLDEN = REPO / "Tests" / "MorphKitTests" / "__Goldens__" / "CurtainTests" / "closed.display-list.json"
# The closed curtain's visible paragraphs (the settings footer's spans lie under the card).
PARAGRAPHS = ("intro", "uikit", "scrollview")
DPR = 2
MEAN_ALLOWED = 12.0
DISCRIMINATION = 2.0


def mono_metrics() -> tuple[float, float, float]:
    """DejaVu Sans Mono's advance, ascender and descender as fractions of the em."""
    font = TTFont(MONO_FONT_DIR / "DejaVuSansMono.ttf")
    em = font["head"].unitsPerEm
    advance = font["hmtx"][font.getBestCmap()[ord("m")]][0]
    return advance / em, font["hhea"].ascent / em, -font["hhea"].descent / em


def without_runs(display_list: dict) -> dict:
    stripped = json.loads(json.dumps(display_list))
    for op in stripped["ops"]:
        for line in op.get("lines", []):
            line.pop("runs", None)
    return stripped


class InlineCodeTests(PageTestCase):
    @classmethod
    def start_server(cls):
        cls.display_list = json.loads(GOLDEN.read_text())
        cls.root = tempfile.TemporaryDirectory()
        root = Path(cls.root.name)
        for entry in WEB_ROOT.iterdir():
            (root / entry.name).symlink_to(entry)
        (root / "mixed.json").write_text(json.dumps([cls.display_list]))
        (root / "one-font.json").write_text(json.dumps([without_runs(cls.display_list)]))
        return StaticServer(root).start()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.root.cleanup()

    def canvas_grey(self, width: int, height: int) -> bytes:
        data = self.driver.execute_script(
            "const c = document.getElementById('canvas');"
            "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            "const grey = new Array(c.width * c.height);"
            "for (let i = 0; i < grey.length; i++) grey[i] = (d[4 * i] + d[4 * i + 1] + d[4 * i + 2]) / 3 | 0;"
            "return grey;")
        self.assertEqual(len(data), width * height, "canvas back buffer size")
        return bytes(data)

    def run_boxes(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """(code word, pixel box) for every run in the list."""
        advance, ascender, descender = mono_metrics()
        boxes = []
        for op in self.display_list["ops"]:
            if op.get("id") not in PARAGRAPHS:
                continue
            for line in op["lines"]:
                points = list(line["text"])
                for run in line.get("runs", []):
                    size = run["font"]["size"]
                    self.assertEqual(run["font"]["family"], "DejaVu Sans Mono")
                    self.assertEqual(size, op["font"]["size"], "code keeps the paragraph's size")
                    self.assertEqual(run["font"]["weight"], op["font"]["weight"], "and its weight")
                    prefix = self.driver.execute_script(
                        "const ctx = document.createElement('canvas').getContext('2d');"
                        "ctx.font = arguments[0]; return ctx.measureText(arguments[1]).width;",
                        f'{op["font"]["weight"]} {op["font"]["size"]}px "Inter"', "".join(points[:run["start"]]))
                    # Tracking follows every character, each piece's from its own font: SF
                    # Pro's at this size after the Inter piece, the run's own (none) in the run.
                    x0 = line["x"] + prefix + op["font"].get("tracking", 0) * run["start"]
                    x1 = x0 + (run["end"] - run["start"]) * (advance * size + run["font"].get("tracking", 0))
                    box = (int(x0 * DPR), int((line["y"] - ascender * size) * DPR),
                           int(x1 * DPR) + 1, int((line["y"] + descender * size) * DPR) + 1)
                    boxes.append(("".join(points[run["start"]:run["end"]]), box))
        return boxes

    @staticmethod
    def mean_difference(a: bytes, b: bytes, width: int, box: tuple[int, int, int, int]) -> float:
        x0, y0, x1, y1 = box
        total = sum(abs(a[y * width + x] - b[y * width + x]) for y in range(y0, y1) for x in range(x0, x1))
        return total / ((x1 - x0) * (y1 - y0))

    def test_code_spans_are_drawn_in_the_served_monospaced_face(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "cairo.png"
            subprocess.run([str(executable("morph")), "render", "--from-display-list", str(GOLDEN),
                            "--scale", str(DPR), "--out", str(out)], check=True)
            width, height, rgba = decode_png(out.read_bytes())
        cairo = bytes((rgba[4 * i] + rgba[4 * i + 1] + rgba[4 * i + 2]) // 3 for i in range(width * height))

        self.open_page("?frames=mixed.json&index=0", width=width // DPR, height=height // DPR, dpr=DPR)
        self.wait_for_frames()
        # The served files, not an installed DejaVu: the page's FontFace objects loaded them.
        served = self.driver.execute_script(
            "return [...document.fonts].filter((f) => f.family.replace(/\"/g, '') === 'DejaVu Sans Mono'"
            " && f.status === 'loaded').map((f) => f.weight).sort();")
        self.assertEqual(served, ["400", "700"])
        mixed = self.canvas_grey(width, height)
        boxes = self.run_boxes()
        self.assertEqual([word for word, _ in boxes],
                         ["Shader", "DragGesture", "List", "ProgressView", "ScrollView"])

        self.open_page("?frames=one-font.json&index=0", width=width // DPR, height=height // DPR, dpr=DPR)
        self.wait_for_frames()
        one_font = self.canvas_grey(width, height)

        for word, box in boxes:
            with self.subTest(word):
                page = self.mean_difference(mixed, cairo, width, box)
                wrong = self.mean_difference(one_font, cairo, width, box)
                print(f"\n{word}: box {box}, mean |page - cairo| {page:.2f}/255, "
                      f"span in Inter {wrong:.2f}/255")
                self.assertLessEqual(page, MEAN_ALLOWED)
                self.assertGreaterEqual(wrong, DISCRIMINATION * max(page, 1.0))


if __name__ == "__main__":
    unittest.main()
