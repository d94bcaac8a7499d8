#!/usr/bin/env python3
"""Generate Sources/MorphCore/Text/InterMetrics.generated.swift from Debian's fonts-inter, and
MonoMetrics.generated.swift (the monospaced face for Markdown code) from fonts-dejavu-core.

MorphKit decides every line break and text origin, and two renderers (the browser canvas
and cairo, through FreeType) then draw with the real Inter font. They only agree if MorphKit measures
with the same numbers the shapers use, so this script reads them out of the font files:

* vertical metrics from `hhea` (ascender, descender, lineGap). Chrome on Linux uses
  `hhea` unless the font sets OS/2 USE_TYPO_METRICS; Inter 3.x sets it, but its typo and
  hhea values are identical, so both readings agree. The script fails if they ever diverge.
* cap height and x-height from OS/2.
* advance widths (hmtx) for a fixed character set: ASCII, Latin-1, Latin Extended-A and
  common typographic punctuation (every character the seeds use is in it).
* kerning: the GPOS `kern` feature for the `latn` script (what HarfBuzz applies to Latin
  text in Chrome, which kerns by default), pair-adjustment lookups only,
  resolved to one value per ordered character pair. The pair table is stored compressed:
  characters with identical kerning rows share a left class, identical columns a right
  class, and the nonzero entries of the left x right class matrix are listed by key
  `left * rightClassCount + right`, ascending, so a binary search finds a pair.

Not modelled (documented in Text/README-style comments of FontFaceMetrics.swift): GSUB
contextual alternates (Inter's `calt` turns "x" between digits into a multiplication sign and
"->" into an arrow), which none of the seeds' strings trigger.

Usage:
  scripts/gen_font_metrics.py            write the generated Swift files (every family)
  scripts/gen_font_metrics.py --check    regenerate in memory; exit 1 if a file differs
  --family inter|mono                    one family only
  --output PATH / --font-dir DIR         override its file or font locations
"""

import argparse
import difflib
import os
import sys

from fontTools.ttLib import TTFont

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Each family: where its files are, the generated file, the Swift name prefix, its faces
# (Swift case name, CSS weight, file name) and the Debian package it comes from.
FAMILIES = {
    "inter": {
        "output": os.path.join(REPO, "Sources", "MorphCore", "Text", "InterMetrics.generated.swift"),
        "font_dir": "/usr/share/fonts/opentype/inter",
        "prefix": "inter", "label": "Inter", "package": "fonts-inter",
        "vertical": "identical to OS/2 typo in this font",
        "faces": [
            ("regular", 400, "Inter-Regular.otf"),
            ("medium", 500, "Inter-Medium.otf"),
            ("semibold", 600, "Inter-SemiBold.otf"),
            ("bold", 700, "Inter-Bold.otf"),
        ],
    },
    # Markdown code in a SwiftUI Text draws in the monospaced system font (SF Mono); DejaVu
    # Sans Mono stands in for it (schemas/curtain.md says why).
    "mono": {
        "output": os.path.join(REPO, "Sources", "MorphCore", "Text", "MonoMetrics.generated.swift"),
        "font_dir": "/usr/share/fonts/truetype/dejavu",
        "prefix": "mono", "label": "DejaVu Sans Mono", "package": "fonts-dejavu-core",
        "vertical": "USE_TYPO_METRICS is off, so Chrome reads these",
        "faces": [
            ("regular", 400, "DejaVuSansMono.ttf"),
            ("bold", 700, "DejaVuSansMono-Bold.ttf"),
        ],
    },
}
DEFAULT_OUTPUT = FAMILIES["inter"]["output"]
DEFAULT_FONT_DIR = FAMILIES["inter"]["font_dir"]
FACES = FAMILIES["inter"]["faces"]

PUNCTUATION = [
    0x2007, 0x2009, 0x200A,  # figure, thin, hair space
    0x2010, 0x2011, 0x2012, 0x2013, 0x2014,  # hyphens and dashes
    0x2018, 0x2019, 0x201A, 0x201C, 0x201D, 0x201E,  # quotes
    0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2032, 0x2033, 0x2039, 0x203A, 0x2044,
    0x202F,  # narrow no-break space
    0x20AC, 0x2122, 0x2190, 0x2191, 0x2192, 0x2193, 0x2212,
]


def character_set():
    """The scalars we measure: ASCII, Latin-1, Latin Extended-A, punctuation."""
    scalars = set(range(0x20, 0x7F)) | set(range(0xA0, 0x100)) | set(range(0x100, 0x180))
    scalars |= set(PUNCTUATION)
    return sorted(scalars)


def kern_lookups(font):
    """Indices of the GPOS lookups the `kern` feature applies to Latin text, in order."""
    if "GPOS" not in font:
        return []
    gpos = font["GPOS"].table
    scripts = {record.ScriptTag: record.Script for record in gpos.ScriptList.ScriptRecord}
    script = scripts.get("latn") or scripts.get("DFLT")
    if script is None or script.DefaultLangSys is None:
        return []
    indices = set()
    for feature_index in script.DefaultLangSys.FeatureIndex:
        record = gpos.FeatureList.FeatureRecord[feature_index]
        if record.FeatureTag == "kern":
            indices.update(record.Feature.LookupListIndex)
    return sorted(indices)


def pair_subtables(lookup):
    """The pair-adjustment subtables of a lookup, unwrapping extension lookups."""
    for subtable in lookup.SubTable:
        if lookup.LookupType == 9:
            if subtable.ExtensionLookupType != 2:
                continue
            subtable = subtable.ExtSubTable
        elif lookup.LookupType != 2:
            continue
        yield subtable


def x_advance(value_record, name):
    if value_record is None:
        return 0
    for unsupported in ("XPlacement", "YPlacement", "YAdvance"):
        if getattr(value_record, unsupported, 0):
            raise SystemExit(f"{name}: kerning uses {unsupported}, which this script does not model")
    return getattr(value_record, "XAdvance", 0) or 0


def compile_subtable(subtable, name):
    """A function (first, second) -> (matched, x advance) with HarfBuzz's matching rules.

    Format 1 matches only when the pair is listed, so a later subtable may still apply;
    format 2 matches any covered first glyph (class values may be zero) and stops the search.
    """
    if getattr(subtable, "ValueFormat2", 0):
        raise SystemExit(f"{name}: kerning adjusts the second glyph, which this script does not model")
    covered = set(subtable.Coverage.glyphs)
    if subtable.Format == 1:
        pairs = {}
        for first, pair_set in zip(subtable.Coverage.glyphs, subtable.PairSet):
            for record in pair_set.PairValueRecord:
                pairs[(first, record.SecondGlyph)] = x_advance(record.Value1, name)

        def match(first, second):
            if (first, second) in pairs:
                return True, pairs[(first, second)]
            return False, 0

        return match
    classes1 = subtable.ClassDef1.classDefs
    classes2 = subtable.ClassDef2.classDefs
    rows = subtable.Class1Record

    def match(first, second):
        if first not in covered:
            return False, 0
        row = rows[classes1.get(first, 0)]
        return True, x_advance(row.Class2Record[classes2.get(second, 0)].Value1, name)

    return match


def glyph_top(font, cmap, character):
    """The top of a glyph's outline (yMax), in font units."""
    glyph = font["glyf"][cmap[ord(character)]]
    glyph.recalcBounds(font["glyf"])
    return glyph.yMax


def read_face(path, scalars):
    font = TTFont(path)
    name = os.path.basename(path)
    hhea, os2, head = font["hhea"], font["OS/2"], font["head"]
    typo = (os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap)
    hhea_values = (hhea.ascent, hhea.descent, hhea.lineGap)
    uses_typo = bool(os2.fsSelection & (1 << 7))
    if uses_typo and typo != hhea_values:
        raise SystemExit(f"{name}: hhea {hhea_values} and OS/2 typo {typo} differ; choose deliberately")
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    glyphs = [cmap.get(scalar) for scalar in scalars]
    advances = [hmtx[glyph][0] if glyph else None for glyph in glyphs]

    lookups = [font["GPOS"].table.LookupList.Lookup[i] for i in kern_lookups(font)]  # none: no kerning
    compiled = [[compile_subtable(st, name) for st in pair_subtables(lookup)] for lookup in lookups]
    count = len(scalars)
    kerning = [[0] * count for _ in range(count)]
    for i, first in enumerate(glyphs):
        if first is None:
            continue
        for j, second in enumerate(glyphs):
            if second is None:
                continue
            total = 0
            for subtables in compiled:  # every lookup runs over the whole run; values add
                for match in subtables:
                    matched, value = match(first, second)
                    if matched:
                        total += value
                        break
            kerning[i][j] = total
    return {
        "version": font["name"].getDebugName(5),
        "unitsPerEm": head.unitsPerEm,
        "ascender": hhea.ascent,
        "descender": hhea.descent,
        "lineGap": hhea.lineGap,
        # OS/2 before version 2 has no cap or x height: the flat tops of "H" and "x" then.
        "capHeight": getattr(os2, "sCapHeight", None) or glyph_top(font, cmap, "H"),
        "xHeight": getattr(os2, "sxHeight", None) or glyph_top(font, cmap, "x"),
        "notdef": hmtx[".notdef"][0],
        "advances": advances,
        "kerning": kerning,
    }


def compress(kerning):
    """Left classes (equal rows), right classes (equal columns), dense class matrix."""
    count = len(kerning)
    left, left_ids = [], {}
    for row in kerning:
        left.append(left_ids.setdefault(tuple(row), len(left_ids)))
    right, right_ids = [], {}
    for j in range(count):
        column = tuple(kerning[i][j] for i in range(count))
        right.append(right_ids.setdefault(column, len(right_ids)))
    left_rows = sorted(left_ids.items(), key=lambda item: item[1])
    right_first = {}
    for j, klass in enumerate(right):
        right_first.setdefault(klass, j)
    matrix = []
    for row, _ in left_rows:
        matrix.extend(row[right_first[k]] for k in range(len(right_ids)))
    return left, right, len(right_ids), matrix


def swift_array(values, per_line=24, indent="        "):
    lines = []
    for start in range(0, len(values), per_line):
        lines.append(indent + ", ".join(str(v) for v in values[start:start + per_line]) + ",")
    return "\n".join(lines)


def render(font_dir, family="inter"):
    spec = FAMILIES[family]
    prefix = spec["prefix"]
    scalars = character_set()
    faces = [(case, weight, read_face(os.path.join(font_dir, file), scalars)) for case, weight, file in spec["faces"]]
    # Drop scalars no face maps, so every listed character has a real advance in every weight.
    keep = [i for i, _ in enumerate(scalars) if all(face["advances"][i] is not None for _, _, face in faces)]
    scalars = [scalars[i] for i in keep]
    out = []
    out.append("// generated by scripts/gen_font_metrics.py; do not edit.")
    out.append(f"// Source: Debian {spec['package']}, {faces[0][2]['version']}. Font units; see FontFaceMetrics.swift.")
    out.append(f"// Vertical metrics are hhea ({spec['vertical']}); kerning is GPOS `kern`")
    out.append("// (latn, pair adjustment) resolved per character pair and stored as class matrices.")
    out.append("// The generator owns this layout (so --check stays byte-exact): swift format skips it.")
    out.append("// swift-format-ignore-file")
    out.append("")
    out.append("extension FontFaceMetrics {")
    out.append("    /// Unicode scalars with measured advances, ascending; index into every face's tables.")
    out.append(f"    static let {prefix}Scalars: [UInt32] = [")
    out.append(swift_array([f"0x{s:04X}" for s in scalars], per_line=12))
    out.append("    ]")
    for case, weight, face in faces:
        advances = [face["advances"][i] for i in keep]
        kerning = [[face["kerning"][i][j] for j in keep] for i in keep]
        left, right, right_count, matrix = compress(kerning)
        out.append("")
        out.append(f"    /// {spec['label']} {case} ({weight}).")
        out.append(f"    static let {prefix}{case.capitalize()} = FontFaceMetrics(")
        if family != "inter":
            out.append(f"        family: .{family},")
        out.append(f"        unitsPerEm: {face['unitsPerEm']}, ascender: {face['ascender']}, "
                   f"descender: {face['descender']}, lineGap: {face['lineGap']},")
        out.append(f"        capHeight: {face['capHeight']}, xHeight: {face['xHeight']}, "
                   f"missingAdvance: {face['notdef']},")
        out.append("        advances: [")
        out.append(swift_array(advances, indent="            "))
        out.append("        ],")
        out.append("        leftKerningClass: [")
        out.append(swift_array(left, per_line=32, indent="            "))
        out.append("        ],")
        out.append("        rightKerningClass: [")
        out.append(swift_array(right, per_line=32, indent="            "))
        out.append("        ],")
        out.append(f"        rightKerningClassCount: {right_count},")
        keys = [key for key, value in enumerate(matrix) if value]
        if keys and keys[-1] > 0xFFFF:
            raise SystemExit("kerning class matrix too large for UInt16 keys")
        out.append("        kerningKeys: [")
        out.append(swift_array(keys, per_line=16, indent="            "))
        out.append("        ],")
        out.append("        kerningValues: [")
        out.append(swift_array([matrix[key] for key in keys], per_line=16, indent="            "))
        out.append("        ]")
        out.append("    )")
    out.append("}")
    return "\n".join(out) + "\n"


def write_or_check(text, output, check, script):
    """Writes `text` to `output`, or with `check` compares and returns 1 when the committed
    file is stale (a short diff on stderr). Shared by the repository's generators."""
    if check:
        try:
            with open(output, encoding="utf-8") as handle:
                current = handle.read()
        except FileNotFoundError:
            current = ""
        if current != text:
            diff = difflib.unified_diff(current.splitlines(), text.splitlines(),
                                        "committed", "regenerated", lineterm="", n=1)
            for line in list(diff)[:40]:
                print(line[:200], file=sys.stderr)
            print(f"{output} is stale: run scripts/{script}", file=sys.stderr)
            return 1
        return 0
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file is stale")
    parser.add_argument("--family", choices=sorted(FAMILIES), help="one family only (default: every family)")
    parser.add_argument("--output", help="the generated file (of --family, default inter)")
    parser.add_argument("--font-dir", help="where the family's files are (of --family, default inter)")
    args = parser.parse_args(argv)
    status = 0
    # --output or --font-dir alone mean Inter's (the generator's first and default family).
    families = [args.family] if args.family else ["inter"] if args.output or args.font_dir else list(FAMILIES)
    for family in families:
        spec = FAMILIES[family]
        text = render(args.font_dir or spec["font_dir"], family)
        status |= write_or_check(text, args.output or spec["output"], args.check, "gen_font_metrics.py")
    return status


if __name__ == "__main__":
    sys.exit(main())
