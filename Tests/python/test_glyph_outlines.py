"""Checks for scripts/gen_glyph_outlines.py: the committed outlines are current (the drift
guard), and they are the font's own outlines, read here a second way (fontTools' control-
bounds pen against the bounds of every number in the generated path data). Run: python3 -m unittest discover Tests/python
"""

import os
import re
import subprocess
import sys
import unittest

from fontTools.pens.boundsPen import ControlBoundsPen
from fontTools.ttLib import TTFont

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "scripts", "gen_glyph_outlines.py")
GENERATED = os.path.join(REPO, "Sources", "MorphExport", "Text", "InterOutlines.generated.swift")
MONO_GENERATED = os.path.join(REPO, "Sources", "MorphExport", "Text", "MonoOutlines.generated.swift")
FONTS = "/usr/share/fonts/opentype/inter"
MONO_FONTS = "/usr/share/fonts/truetype/dejavu"


def generated_face(case, generated=GENERATED):
    text = open(generated, encoding="utf-8").read()
    block = text[text.index(f"static let {case}Source = "):]
    block = block[:block.index('        """', 20)]
    glyphs = {}
    for line in block.splitlines()[1:]:
        scalar, data = line.strip().split(" ", 1)
        glyphs[int(scalar, 16)] = data
    return glyphs


def data_bounds(data):
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", data)]
    xs, ys = numbers[0::2], numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)


class GlyphOutlineTests(unittest.TestCase):
    def test_committed_file_is_current(self):
        result = subprocess.run([sys.executable, SCRIPT, "--check"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_check_fails_on_a_stale_file(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as handle:
            handle.write(open(GENERATED, encoding="utf-8").read().replace("0041 M", "0041 M1 1L2 2ZM", 1))
        try:
            result = subprocess.run([sys.executable, SCRIPT, "--check", "--output", handle.name],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 1)
            self.assertIn("stale", result.stderr)
        finally:
            os.unlink(handle.name)

    def test_outlines_have_the_fonts_bounds(self):
        for case, file in (("regular", "Inter-Regular.otf"), ("bold", "Inter-Bold.otf")):
            font = TTFont(os.path.join(FONTS, file))
            cmap, glyph_set = font.getBestCmap(), font.getGlyphSet()
            glyphs = generated_face(case)
            self.assertGreater(len(glyphs), 300)
            for char in "AgQ&ø€…":
                with self.subTest(case=case, char=char):
                    pen = ControlBoundsPen(glyph_set)
                    glyph_set[cmap[ord(char)]].draw(pen)
                    for got, want in zip(data_bounds(glyphs[ord(char)]), pen.bounds):
                        self.assertAlmostEqual(got, want, delta=0.01)

    def test_monospaced_outlines_are_dejavus_quadratics(self):
        """DejaVu Sans Mono's TrueType outlines stay quadratic (Q), and their control bounds are
        the font's: the implied on-curve points the generator writes out lie inside them."""
        for case, file in (("monoRegular", "DejaVuSansMono.ttf"), ("monoBold", "DejaVuSansMono-Bold.ttf")):
            font = TTFont(os.path.join(MONO_FONTS, file))
            cmap, glyph_set = font.getBestCmap(), font.getGlyphSet()
            glyphs = generated_face(case, MONO_GENERATED)
            self.assertGreater(len(glyphs), 300)
            self.assertTrue(all(set(re.sub(r"[-\d. ]", "", data)) <= set("MLQZ") for data in glyphs.values()))
            for char in "AgQ&ø€…`":
                with self.subTest(case=case, char=char):
                    pen = ControlBoundsPen(glyph_set)
                    glyph_set[cmap[ord(char)]].draw(pen)
                    for got, want in zip(data_bounds(glyphs[ord(char)]), pen.bounds):
                        self.assertAlmostEqual(got, want, delta=0.01)
            # Advances are the font's and equal (monospaced): 'i' and 'W' differ only in outline.
            self.assertEqual(font["hmtx"][cmap[ord("i")]][0], font["hmtx"][cmap[ord("W")]][0])

    def test_check_names_a_stale_monospaced_file(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as handle:
            handle.write(open(MONO_GENERATED, encoding="utf-8").read().replace("0041 M", "0041 M1 1L2 2ZM", 1))
        try:
            result = subprocess.run([sys.executable, SCRIPT, "--check", "--family", "mono", "--output", handle.name],
                                    capture_output=True, text=True)
            self.assertEqual(result.returncode, 1)
            self.assertIn("stale", result.stderr)
        finally:
            os.unlink(handle.name)


if __name__ == "__main__":
    unittest.main()
