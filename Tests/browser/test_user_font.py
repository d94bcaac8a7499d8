"""A component's own font in the page: morphd serves the brand card's fonts/DejaVuSans.ttf at
/userfonts/, the page loads it through FontFace before drawing its text, and Chromium's canvas,
measuring with that face, breaks the card's paragraph into exactly the lines MorphKit laid out
and measures each line as DejaVu Sans's own tables do.

The lines come from `morph export --component Examples/components/brand-card.json --variable
open=P --display-list` at P = 0, 0.5 and 1 (wrapping widths 198, 258 and 318 pt). The canvas
breaks greedily at spaces with `measureText` in the page's font string for the op
(fonts.js `fontString`: the file's family); the lines must be identical. Each line's canvas
width is compared with the width fontTools computes from hmtx and the `kern` table (an
independent reader; MorphKit's reading equals it exactly, FontFileTests): tolerance
WIDTH_TOLERANCE points, which is HarfBuzz's fixed-point positions at 15 pt, far below the
smallest kerning pair DejaVu Sans has at that size (0.27 pt).

    python3 -m unittest Tests/browser/test_user_font.py -v
"""

import json
import shutil
import subprocess
import tempfile

from fontTools.ttLib import TTFont

from harness import REPO, WEB_ROOT, MorphdProcess, PageTestCase, executable

COMPONENT = REPO / "Examples" / "components" / "brand-card.json"
FONT = REPO / "Examples" / "components" / "fonts" / "DejaVuSans.ttf"
DEBIAN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FAMILY = "morph-file:fonts/DejaVuSans.ttf"
WIDTH_TOLERANCE = 0.01


def table_width(font: TTFont, text: str, size: float) -> float:
    """The advance width of one line from the font's hmtx and kern format 0 tables."""
    cmap, order = font.getBestCmap(), font.getGlyphOrder()
    kern = font["kern"].kernTables[0].kernTable
    names = [cmap.get(ord(c), order[0]) for c in text]
    units = sum(font["hmtx"][name][0] for name in names)
    units += sum(kern.get(pair, 0) for pair in zip(names, names[1:]))
    return units * size / font["head"].unitsPerEm


class UserFontTests(PageTestCase):
    @classmethod
    def start_server(cls):
        cls.record_dir = tempfile.mkdtemp(prefix="morph-browser-rec-")
        return MorphdProcess("--web-root", str(WEB_ROOT), "--record-dir", cls.record_dir,
                             "--components", str(COMPONENT.parent), name="morphd-UserFontTests").start()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.record_dir, ignore_errors=True)

    def export(self, open_value: float) -> dict:
        result = subprocess.run([str(executable("morph")), "export", "--component", str(COMPONENT), "--variable",
                                 f"open={open_value}", "--display-list"], capture_output=True, text=True, check=True)
        return json.loads(result.stdout)

    def test_the_example_ships_debians_dejavu_sans(self):
        with open(FONT, "rb") as ours, open(DEBIAN_FONT, "rb") as debian:
            self.assertEqual(ours.read(), debian.read(), "fonts-dejavu-core's DejaVuSans.ttf, unchanged")

    def test_the_page_loads_the_file_and_breaks_every_line_as_morphkit(self):
        self.open_page("?component=brand-card", width=1200, height=960, dpr=2)
        self.wait_for("document.body.dataset.component === 'brand-card'", timeout=15,
                      message=f"brand-card never drew\n{self.console()}")
        self.wait_for_frames()
        # The page asked morphd for the file and the face loaded (a failed load would leave 'error').
        status = self.wait_for(
            f"[...document.fonts].filter((f) => f.family.replace(/\"/g, '') === '{FAMILY}').map((f) => f.status).join()"
            " === 'loaded' && 'loaded'", timeout=15, message=f"the font file never loaded\n{self.console()}")
        self.assertEqual(status, "loaded")
        reference = TTFont(FONT)
        checked = 0
        breaks = []
        for open_value, wrap in ((0, 198), (0.5, 258), (1, 318)):
            display_list = self.export(open_value)
            body = next(op for op in display_list["ops"] if op.get("id") == "body")
            self.assertEqual(body["font"]["file"], "fonts/DejaVuSans.ttf")
            lines = [line["text"] for line in body["lines"]]
            breaks.append(lines)
            source = " ".join(lines)
            canvas = self.driver.execute_script("""
                const [text, font, wrap] = arguments;
                const ctx = new OffscreenCanvas(10, 10).getContext('2d');
                ctx.font = font;
                const lines = [];
                for (const word of text.split(' ')) {
                  const last = lines[lines.length - 1];
                  if (last !== undefined && ctx.measureText(last + ' ' + word).width <= wrap + 1e-6) {
                    lines[lines.length - 1] = last + ' ' + word;
                  } else lines.push(word);
                }
                return { lines, widths: lines.map((line) => ctx.measureText(line).width), font: ctx.font };
            """, source, f'{body["font"]["size"]}px "{FAMILY}", sans-serif', wrap)
            self.assertIn(FAMILY, canvas["font"])
            self.assertEqual(canvas["lines"], lines, f"open = {open_value}")
            for line, width in zip(lines, canvas["widths"]):
                expected = table_width(reference, line, body["font"]["size"])
                self.assertLessEqual(abs(width - expected), WIDTH_TOLERANCE, f"{line!r}: canvas {width}, tables {expected}")
                checked += 1
        self.assertGreaterEqual(checked, 15)
        # The three widths break differently: the test sees rewrapping, not one set of lines.
        self.assertEqual(len({tuple(lines) for lines in breaks}), 3)
