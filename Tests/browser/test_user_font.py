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

`GPOSOnlyFontTests` does the same for a font whose kerning is in GPOS only (made at test time
from DejaVu Sans by Tests/support/gpos_kerning_font.py: extension lookups, pair sets and
class pairs, two lookups whose values add, no `kern` table): each string's canvas width equals
the width MorphKit measures (`measure(…, 'brand')`, which `morph export` writes as a shape's
width) within WIDTH_TOLERANCE, where ignoring the GPOS pairs would be off by points.

    python3 -m unittest Tests/browser/test_user_font.py -v
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from fontTools.ttLib import TTFont

from harness import REPO, WEB_ROOT, MorphdProcess, PageTestCase, executable

sys.path.insert(0, str(REPO / "Tests" / "support"))
import gpos_kerning_font  # noqa: E402

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


# Breaks a text greedily at spaces with the canvas's measureText in `font`, as the page's
# canvas would wrap it at `wrap` points, and measures each line.
CANVAS_LINES = """
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
"""


def unkerned_width(font: TTFont, text: str, size: float) -> float:
    """The advance width of `text` from hmtx alone."""
    cmap, order = font.getBestCmap(), font.getGlyphOrder()
    return sum(font["hmtx"][cmap.get(ord(c), order[0])][0] for c in text) * size / font["head"].unitsPerEm


class ComponentsPageTestCase(PageTestCase):
    """A page served by morphd over the components in `cls.components` (set by subclasses)."""

    @classmethod
    def start_server(cls):
        cls.record_dir = tempfile.mkdtemp(prefix="morph-browser-rec-")
        return MorphdProcess("--web-root", str(WEB_ROOT), "--record-dir", cls.record_dir,
                             "--components", str(cls.components), name=f"morphd-{cls.__name__}").start()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.record_dir, ignore_errors=True)


class UserFontTests(ComponentsPageTestCase):
    components = COMPONENT.parent

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
            css_font = f'{body["font"]["size"]}px "{FAMILY}", sans-serif'
            canvas = self.driver.execute_script(CANVAS_LINES, source, css_font, wrap)
            self.assertIn(FAMILY, canvas["font"])
            self.assertEqual(canvas["lines"], lines, f"open = {open_value}")
            for line, width in zip(lines, canvas["widths"]):
                expected = table_width(reference, line, body["font"]["size"])
                self.assertLessEqual(abs(width - expected), WIDTH_TOLERANCE, f"{line!r}: canvas {width}, tables {expected}")
                checked += 1
        self.assertGreaterEqual(checked, 15)
        # The three widths break differently: the test sees rewrapping, not one set of lines.
        self.assertEqual(len({tuple(lines) for lines in breaks}), 3)


GPOS_FAMILY = "morph-file:fonts/GPOSKerned.ttf"
GPOS_SIZE = 15
GPOS_WRAP = 200
# Strings dense in kerned pairs: the exceptions' pairs, lookup 15's added AV, AT, To and y.,
# and the brand card's paragraph (no apostrophes: each is quoted in an expression).
GPOS_STRINGS = [
    "AVATAR Tokyo", "Wave To y. LT P. AV AT", "YAWNING TAVERN, Te Yo Va", "Quick wafting zephyrs vex bold Jim.",
    "A component names its font files beside it, and every line here is broken with the advances and kerning pairs"
    " of that font: AV, Te and Yo sit closer than their glyphs alone would.",
]


class GPOSOnlyFontTests(ComponentsPageTestCase):
    """A component whose font kerns in GPOS only: morphd serves it, the page loads it, and the
    canvas measures and breaks its strings exactly as MorphKit does."""

    @classmethod
    def start_server(cls):
        cls.components = Path(tempfile.mkdtemp(prefix="morph-gpos-font-"))
        (cls.components / "fonts").mkdir()
        cls.font_path = cls.components / "fonts" / "GPOSKerned.ttf"
        gpos_kerning_font.make(str(cls.font_path))
        children = []
        for index, text in enumerate(GPOS_STRINGS):
            font = {"family": "brand", "size": GPOS_SIZE}
            children.append({"type": "text", "id": f"text{index}", "text": f"'{text}'", "font": font,
                             "position": f"point(10, {40 + 30 * index})", "color": "system('label')"})
            children.append({"type": "shape", "id": f"width{index}", "fill": "white(0, 0)", "path": {
                "rect": f"rect(0, 0, measure('{text}', {GPOS_SIZE}, 'regular', 'brand').width, 1)"}})
        children.append({"type": "text", "id": "wrapped", "text": f"'{GPOS_STRINGS[-1]}'",
                         "font": {"family": "brand", "size": GPOS_SIZE}, "maxWidth": str(GPOS_WRAP),
                         "position": "point(10, 300)", "color": "system('label')"})
        cls.component = cls.components / "gpos-kerning.json"
        cls.component.write_text(json.dumps({
            "format": "morph.component", "version": 1, "name": "gpos-kerning",
            "summary": "Strings in a font whose kerning is in GPOS only.", "viewport": [390, 844],
            "fonts": {"brand": "fonts/GPOSKerned.ttf"}, "variables": {"open": {"initial": 0}},
            "background": "system('systemGroupedBackground')",
            "scene": {"type": "group", "id": "root", "children": children},
            "machine": {"states": ["idle"], "transitions": []},
        }))
        return super().start_server()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.components, ignore_errors=True)

    def test_the_canvas_kerns_every_string_as_morphkit_measures_it(self):
        font = TTFont(self.font_path)
        self.assertNotIn("kern", font)  # GPOS is the only kerning
        result = subprocess.run([str(executable("morph")), "export", "--component", str(self.component),
                                 "--display-list"], capture_output=True, text=True, check=True)
        ops = {op.get("id"): op for op in json.loads(result.stdout)["ops"]}
        self.open_page("?component=gpos-kerning", width=1200, height=960)
        self.wait_for("document.body.dataset.component === 'gpos-kerning'", timeout=15,
                      message=f"gpos-kerning never drew\n{self.console()}")
        self.wait_for_frames()
        self.wait_for(
            f"[...document.fonts].filter((f) => f.family.replace(/\"/g, '') === '{GPOS_FAMILY}').map((f) => f.status)"
            ".join() === 'loaded'", timeout=15, message=f"the font file never loaded\n{self.console()}")
        css_font = f'{GPOS_SIZE}px "{GPOS_FAMILY}", sans-serif'
        for index, text in enumerate(GPOS_STRINGS):
            path = ops[f"width{index}"]["path"]
            measured = path[1][1] - path[0][1]  # the rect's width: MorphKit's measure(…, 'brand')
            canvas = self.driver.execute_script(CANVAS_LINES, text, css_font, 1e9)
            self.assertEqual(canvas["lines"], [text])
            self.assertLessEqual(abs(canvas["widths"][0] - measured), WIDTH_TOLERANCE,
                                 f"{text!r}: canvas {canvas['widths'][0]}, MorphKit {measured}")
            # Kerning is what is compared: without its pairs the width would be points off.
            self.assertGreater(abs(measured - unkerned_width(font, text, GPOS_SIZE)), 0.5, text)
        # And the canvas breaks the paragraph at MorphKit's lines.
        lines = [line["text"] for line in ops["wrapped"]["lines"]]
        self.assertGreater(len(lines), 3)
        canvas = self.driver.execute_script(CANVAS_LINES, GPOS_STRINGS[-1], css_font, GPOS_WRAP)
        self.assertEqual(canvas["lines"], lines)
