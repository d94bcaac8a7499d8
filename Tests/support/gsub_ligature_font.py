"""A TrueType font with Latin ligatures in GSUB, made at test time from Debian's DejaVu Sans, and
HarfBuzz's shaping of text in any font as Chrome's canvas shapes Latin text.

DejaVu Sans's `latn` script has a `liga` feature (lookup 18: ff, fi, fl, ffi, ffl). The made font
replaces that feature's lookups so a reader must handle what a brand font's GSUB holds:
- lookup A (type 4): `f f i` -> uniFB03 and `f i` -> uniFB01 (the longer listed first), then a
  second subtable whose Coverage is the range a-z (format 2; the first subtable's is format 1),
  each of those letters followed by `x x x` -> uniFB00, so a ligature set of a covered glyph is
  found through a range;
- lookup B (type 7, an extension wrapping type 4): `f l` -> uniFB02 and `f f l` -> uniFB04, after A
  in the lookup list, so "ffl" takes B's (A has no `f f l` and no `f f`) and "ffi" A's;
- the `clig` feature (also on by default) with lookup C: `T h` -> uniFB05 (the long s t glyph,
  chosen only because it is wide and unlike both letters);
- the `DFLT` script's `liga` feature maps `f i` to uniFB00 (lookup D), so reading `DFLT` instead
  of `latn` draws the wrong glyph; `dlig` (off by default) keeps DejaVu Sans's own lookups.
GPOS kerning stays DejaVu Sans's, so kerning applies over the substituted glyphs.

    python3 gsub_ligature_font.py make OUT.ttf [--variant NAME]
    python3 gsub_ligature_font.py shape FONT TEXT...   # JSON: HarfBuzz's glyphs and advances

`repeated-subtables` lists a subtable covering every glyph, each with 40 ligatures of 3
components, in one lookup 24 times (fontTools stores it once: offsets share it, as a hostile
file would); `extension-past-end` points lookup B's extension subtable 2 GiB on;
`components-past-end` gives lookup A's first ligature 65 535 components.
"""

import json
import sys

from fontTools.otlLib import builder
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import otTables

from font_tables import command_line, extension, lookup_offset, u16

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def lookup(subtables, lookup_type=4):
    made = otTables.Lookup()
    made.LookupType = lookup_type
    made.LookupFlag = 0
    made.SubTable = subtables
    made.SubTableCount = len(subtables)
    return made


def feature(gsub, tag, lookup_indices):
    record = otTables.FeatureRecord()
    record.FeatureTag = tag
    record.Feature = otTables.Feature()
    record.Feature.FeatureParams = None
    record.Feature.LookupListIndex = lookup_indices
    record.Feature.LookupCount = len(lookup_indices)
    gsub.FeatureList.FeatureRecord.append(record)
    gsub.FeatureList.FeatureCount = len(gsub.FeatureList.FeatureRecord)
    return len(gsub.FeatureList.FeatureRecord) - 1


def make(path, variant="plain"):
    font = TTFont(DEJAVU)
    cmap = font.getBestCmap()
    order = font.getGlyphOrder()
    gsub = font["GSUB"].table
    lookups = gsub.LookupList.Lookup
    first = len(lookups)  # A, B, C, D take the next indices, in this order

    def glyphs(text):
        return tuple(cmap[ord(character)] for character in text)

    letters = [cmap[code] for code in range(ord("a"), ord("z") + 1)]
    assert [order.index(name) for name in letters] == list(range(order.index(letters[0]),
                                                                  order.index(letters[0]) + 26))
    a_first = builder.buildLigatureSubstSubtable({glyphs("ffi"): cmap[0xFB03], glyphs("fi"): cmap[0xFB01]})
    a_range = builder.buildLigatureSubstSubtable({(letter,) + glyphs("xxx"): cmap[0xFB00] for letter in letters})
    b_only = builder.buildLigatureSubstSubtable({glyphs("fl"): cmap[0xFB02], glyphs("ffl"): cmap[0xFB04]})
    c_only = builder.buildLigatureSubstSubtable({glyphs("Th"): cmap[0xFB05]})
    d_only = builder.buildLigatureSubstSubtable({glyphs("fi"): cmap[0xFB00]})
    a_subtables = [a_first, a_range]
    if variant == "repeated-subtables":
        every = {}
        for glyph in order[1:]:
            for index in range(40):
                every[(glyph, order[1 + index], order[2 + index], order[3 + index])] = cmap[0xFB00]
        a_subtables = [a_first] + [builder.buildLigatureSubstSubtable(every)] * 24
    lookups += [lookup(a_subtables), lookup([extension("GSUB", b_only)], 7), lookup([c_only]), lookup([d_only])]
    gsub.LookupList.LookupCount = len(lookups)

    liga = feature(gsub, "liga", [first, first + 1])
    clig = feature(gsub, "clig", [first + 2])
    wrong = feature(gsub, "liga", [first + 3])
    for record in gsub.ScriptList.ScriptRecord:
        languages = [record.Script.DefaultLangSys] + [entry.LangSys for entry in record.Script.LangSysRecord]
        for language in languages:
            if language is None:
                continue
            kept = [index for index in language.FeatureIndex
                    if gsub.FeatureList.FeatureRecord[index].FeatureTag not in ("liga", "clig", "rlig")]
            if record.ScriptTag == "latn":
                kept += [liga, clig]
            elif record.ScriptTag == "DFLT":
                kept += [wrong]
            language.FeatureIndex = kept
            language.FeatureCount = len(kept)
    font.save(path)

    if variant == "extension-past-end":
        patch(path, first + 1, lambda data, subtable: data.__setitem__(slice(subtable + 4, subtable + 8),
                                                                      b"\x7f\xff\xff\xff"))
    if variant == "components-past-end":
        def widen(data, subtable):
            ligature_set = subtable + u16(data, subtable + 6)
            ligature = ligature_set + u16(data, ligature_set + 2)
            data[ligature + 2:ligature + 4] = b"\xff\xff"  # ComponentCount
        patch(path, first, widen)


def patch(path, lookup_index, change):
    """Calls `change(data, subtable)` on the first subtable of lookup `lookup_index` in GSUB."""
    data = bytearray(open(path, "rb").read())
    at = lookup_offset(data, "GSUB", lookup_index)
    change(data, at + u16(data, at + 6))
    open(path, "wb").write(bytes(data))


def shape(path, texts, letter_spacing=False):
    """HarfBuzz's shaping of each text as Chrome's canvas shapes Latin text (script latn, left to
    right, default features; `liga` and `clig` off under letter spacing): glyph ids, clusters,
    advances (kerning included) and the total, in font units."""
    import uharfbuzz as hb

    blob = hb.Blob.from_file_path(path)
    font = hb.Font(hb.Face(blob))
    shaped = []
    for text in texts:
        buffer = hb.Buffer()
        buffer.add_str(text)
        buffer.direction = "ltr"
        buffer.script = "Latn"
        buffer.language = "en"
        features = {"liga": False, "clig": False} if letter_spacing else {}
        hb.shape(font, buffer, features)
        glyphs = [info.codepoint for info in buffer.glyph_infos]
        advances = [position.x_advance for position in buffer.glyph_positions]
        shaped.append({"text": text, "glyphs": glyphs, "clusters": [info.cluster for info in buffer.glyph_infos],
                       "advances": advances, "width": sum(advances)})
    return shaped


if __name__ == "__main__":
    parser, commands = command_line(
        __doc__, ["plain", "repeated-subtables", "extension-past-end", "components-past-end"])
    shaping = commands.add_parser("shape")
    shaping.add_argument("font")
    shaping.add_argument("texts", nargs="+")
    shaping.add_argument("--letter-spacing", action="store_true")
    arguments = parser.parse_args()
    if arguments.command == "make":
        make(arguments.output, arguments.variant)
    else:
        json.dump(shape(arguments.font, arguments.texts, arguments.letter_spacing), sys.stdout)
