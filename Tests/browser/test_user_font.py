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

`LigatureFontTests` does the same for a font with Latin ligatures in GSUB (made at test time by
Tests/support/gsub_ligature_font.py: `liga` lookups plain and in an extension, `clig`): the
canvas's width of each ligature word equals MorphKit's within WIDTH_TOLERANCE, where measuring
the letters instead would be points off, the canvas breaks a paragraph of them at MorphKit's
lines, and under letter spacing the canvas draws no ligature (its width is the letters' plus
the spacing), as MorphKit measures tracked text.

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
import gsub_ligature_font  # noqa: E402

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


GPOS_SIZE = 15
GPOS_WRAP = 200
# Strings dense in kerned pairs: the exceptions' pairs, lookup 15's added AV, AT, To and y.,
# and the brand card's paragraph (no apostrophes: each is quoted in an expression).
GPOS_STRINGS = [
    "AVATAR Tokyo", "Wave To y. LT P. AV AT", "YAWNING TAVERN, Te Yo Va", "Quick wafting zephyrs vex bold Jim.",
    "A component names its font files beside it, and every line here is broken with the advances and kerning pairs"
    " of that font: AV, Te and Yo sit closer than their glyphs alone would.",
]


class MadeFontPageTestCase(ComponentsPageTestCase):
    """A page over one component, `name`, in a fresh folder, set in the font `make_font` writes
    (at test time) to fonts/`font_file`, its scene's children `children()`."""

    @classmethod
    def start_server(cls):
        cls.components = Path(tempfile.mkdtemp(prefix=f"morph-{cls.name}-"))
        (cls.components / "fonts").mkdir()
        cls.font_path = cls.components / "fonts" / cls.font_file
        cls.make_font(str(cls.font_path))
        cls.component = cls.components / f"{cls.name}.json"
        cls.component.write_text(json.dumps({
            "format": "morph.component", "version": 1, "name": cls.name, "summary": cls.summary,
            "viewport": [390, 844], "fonts": {"brand": f"fonts/{cls.font_file}"}, "variables": {"open": {"initial": 0}},
            "background": "system('systemGroupedBackground')",
            "scene": {"type": "group", "id": "root", "children": cls.children()},
            "machine": {"states": ["idle"], "transitions": []},
        }))
        return super().start_server()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.components, ignore_errors=True)

    @classmethod
    def children(cls):
        """A zero-height rect as wide as MorphKit measures each of `strings` (`measure(…, 'brand')`,
        which `morph export` writes as the shape's width), and the last string wrapped at `wrap`."""
        children = [{"type": "shape", "id": f"width{index}", "fill": "white(0, 0)", "path": {
            "rect": f"rect(0, 0, measure('{text}', {cls.size}, 'regular', 'brand').width, 1)"}}
            for index, text in enumerate(cls.strings)]
        children.append({"type": "text", "id": "wrapped", "text": f"'{cls.strings[-1]}'",
                         "font": {"family": "brand", "size": cls.size}, "maxWidth": str(cls.wrap),
                         "position": "point(10, 300)", "color": "system('label')"})
        return children

    def css_font(self) -> str:
        return f'{self.size}px "morph-file:fonts/{self.font_file}", sans-serif'

    def widths(self, ops):
        """Each string with MorphKit's width and the canvas's, which must agree within WIDTH_TOLERANCE."""
        for index, text in enumerate(self.strings):
            path = ops[f"width{index}"]["path"]
            measured = path[1][1] - path[0][1]  # the rect's width: MorphKit's measure(…, 'brand')
            canvas = self.driver.execute_script(CANVAS_LINES, text, self.css_font(), 1e9)
            self.assertEqual(canvas["lines"], [text])
            self.assertLessEqual(abs(canvas["widths"][0] - measured), WIDTH_TOLERANCE,
                                 f"{text!r}: canvas {canvas['widths'][0]}, MorphKit {measured}")
            yield index, text, measured

    def assert_the_canvas_breaks_at_morphkits_lines(self, ops):
        lines = [line["text"] for line in ops["wrapped"]["lines"]]
        self.assertGreater(len(lines), 3)
        canvas = self.driver.execute_script(CANVAS_LINES, self.strings[-1], self.css_font(), self.wrap)
        self.assertEqual(canvas["lines"], lines)

    def exported_ops(self) -> dict:
        """The component's display list from `morph export`, its ops by id."""
        result = subprocess.run([str(executable("morph")), "export", "--component", str(self.component),
                                 "--display-list"], capture_output=True, text=True, check=True)
        return {op.get("id"): op for op in json.loads(result.stdout)["ops"]}

    def open_with_font(self):
        """Opens the component in the page and waits until its font file has loaded."""
        self.open_page(f"?component={self.name}", width=1200, height=960)
        self.wait_for(f"document.body.dataset.component === '{self.name}'", timeout=15,
                      message=f"{self.name} never drew\n{self.console()}")
        self.wait_for_frames()
        family = f"morph-file:fonts/{self.font_file}"
        self.wait_for(
            f"[...document.fonts].filter((f) => f.family.replace(/\"/g, '') === '{family}').map((f) => f.status)"
            ".join() === 'loaded'", timeout=15, message=f"the font file never loaded\n{self.console()}")


class GPOSOnlyFontTests(MadeFontPageTestCase):
    """A component whose font kerns in GPOS only: morphd serves it, the page loads it, and the
    canvas measures and breaks its strings exactly as MorphKit does."""

    name, font_file, summary = "gpos-kerning", "GPOSKerned.ttf", "Strings in a font whose kerning is in GPOS only."
    make_font = staticmethod(gpos_kerning_font.make)
    strings, size, wrap = GPOS_STRINGS, GPOS_SIZE, GPOS_WRAP

    @classmethod
    def children(cls):
        texts = [{"type": "text", "id": f"text{index}", "text": f"'{text}'", "font": {"family": "brand", "size": cls.size},
                  "position": f"point(10, {40 + 30 * index})", "color": "system('label')"}
                 for index, text in enumerate(cls.strings)]
        return texts + super().children()

    def test_the_canvas_kerns_every_string_as_morphkit_measures_it(self):
        font = TTFont(self.font_path)
        self.assertNotIn("kern", font)  # GPOS is the only kerning
        ops = self.exported_ops()
        self.open_with_font()
        for _, text, measured in self.widths(ops):
            # Kerning is what is compared: without its pairs the width would be points off.
            self.assertGreater(abs(measured - unkerned_width(font, text, self.size)), 0.5, text)
        self.assert_the_canvas_breaks_at_morphkits_lines(ops)


LIGATURE_SIZE = 24
LIGATURE_WRAP = 150
# Words with every ligature of the made font (ffi, fi, ffl, fl; clig's Th; axxx through the range
# Coverage), beside kerned pairs, then a paragraph of them to wrap.
LIGATURE_STRINGS = [
    "office baffle", "The fish flew off", "axxx boxxxes", "AVAT Thy. Tea, ffly.", "Th-fi offfice",
    "The office staff fixed fluffy waffles and baffled affluent officials with axxx effigies of Thor",
]


class LigatureFontTests(MadeFontPageTestCase):
    """A component whose font has Latin ligatures: the canvas shapes them and measures and breaks
    its strings exactly as MorphKit does."""

    name, font_file, summary = "ligatures", "Ligatures.ttf", "Words in a font with Latin ligatures."
    make_font = staticmethod(gsub_ligature_font.make)
    strings, size, wrap = LIGATURE_STRINGS, LIGATURE_SIZE, LIGATURE_WRAP

    def test_the_canvas_shapes_ligatures_as_morphkit_measures_them(self):
        ops = self.exported_ops()
        self.open_with_font()
        letters = gsub_ligature_font.shape(str(self.font_path), self.strings, letter_spacing=True)
        units_per_em = TTFont(self.font_path)["head"].unitsPerEm
        for index, text, measured in self.widths(ops):
            # Ligatures are what is compared: the letters' width (kerned) is points off.
            letters_width = letters[index]["width"] * self.size / units_per_em
            self.assertGreater(abs(measured - letters_width), 0.5, text)
            # Under letter spacing the canvas draws the letters, as MorphKit measures tracked text.
            spaced = self.driver.execute_script(
                "const ctx = new OffscreenCanvas(10, 10).getContext('2d'); ctx.font = arguments[0];"
                " ctx.letterSpacing = '1px'; return ctx.measureText(arguments[1]).width;", self.css_font(), text)
            self.assertLessEqual(abs(spaced - (letters_width + len(text))), WIDTH_TOLERANCE, text)
        self.assert_the_canvas_breaks_at_morphkits_lines(ops)
