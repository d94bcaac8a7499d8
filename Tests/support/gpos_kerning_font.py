"""A TrueType font with GPOS kerning only, made at test time from Debian's DejaVu Sans, and
fontTools' reading of any font's GPOS `kern` pairs as HarfBuzz applies them to Latin text.

DejaVu Sans keeps its pairs twice, in `kern` and in GPOS (the `latn` script's `kern` feature:
lookup 14, class pairs; lookup 15, tone letters). The made font drops `kern` and reshapes GPOS
so a reader must handle what fonts built by fontmake hold:
- lookup 14 becomes an extension lookup (type 9) wrapping two pair subtables: first a format 1
  subtable of exceptions (pairs of the old `kern` table with other values, ValueFormat1
  XPlacement|YPlacement|XAdvance|YAdvance so XAdvance sits behind two fields), then the old
  format 2 class subtable, which the exceptions win over;
- lookup 15 (a plain type 2 lookup) gains a format 1 subtable first, whose pairs add to
  lookup 14's (lookups' values add; in a lookup the first subtable that applies wins);
- the `DFLT` script's `kern` feature keeps lookup 15 only, so reading `DFLT` instead of `latn`
  leaves Latin text almost unkerned.
ValueFormat2 stays 0, so a shaper kerns every adjacent pair (HarfBuzz skips the second glyph of
a pair when its ValueRecord has fields, which a pairwise reading does not model).

    python3 gpos_kerning_font.py make OUT.ttf [--variant NAME]
    python3 gpos_kerning_font.py reading FONT   # JSON: the pairs, and which formats the font uses

`repeated-subtables` lists lookup 14's class subtable 400 times (fontTools stores it once:
offsets share it, as a hostile file would); `huge-matrix` sets that subtable's class counts to
65 535 × 65 535, a matrix far past the file's end; `extension-past-end` points lookup 14's
extension subtables 2 GiB on; `no-latn` drops the `latn` script, so `DFLT` (lookup 15 only)
is what a shaper reads; `no-kern-feature` is DejaVu Sans with its
`kern` table and its GPOS `kern` features renamed `cpsp` (off by default), which a shaper
kerns from the `kern` table.
"""

import json
import os
import struct
import sys

from fontTools.otlLib import builder
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import otTables

from font_tables import command_line, extension, lookup_offset, u16

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "scripts"))
from gen_font_metrics import pair_subtables  # noqa: E402  (extension lookups unwrapped)

DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
EXCEPTIONS = 300  # how many of the kern table's pairs the format 1 subtable overrides


def make(path, variant="plain"):
    font = TTFont(DEJAVU)
    if variant == "no-kern-feature":
        for record in font["GPOS"].table.FeatureList.FeatureRecord:
            if record.FeatureTag == "kern":
                record.FeatureTag = "cpsp"  # a feature shapers leave off by default
        font.save(path)
        return
    kern = font["kern"].kernTables[0].kernTable
    del font["kern"]
    gpos = font["GPOS"].table
    glyph_map = font.getReverseGlyphMap()
    lookups = gpos.LookupList.Lookup
    latin_kern, tone_kern = lookups[14], lookups[15]
    assert latin_kern.LookupType == 2 and tone_kern.LookupType == 2
    classes = latin_kern.SubTable[0]
    assert classes.Format == 2

    # Exceptions: every seventh pair of the kern table, its value moved by 37 units.
    exceptions = {}
    for index, (pair, value) in enumerate(sorted(kern.items())):
        if index % 7 == 0 and len(exceptions) < EXCEPTIONS:
            record = otTables.ValueRecord()
            record.XPlacement, record.YPlacement, record.XAdvance, record.YAdvance = 0, 0, value + 37, 99
            exceptions[pair] = (record, None)
    glyph_pairs = builder.buildPairPosGlyphsSubtable(exceptions, glyph_map, valueFormat1=0x000F, valueFormat2=0)
    subtables = [glyph_pairs, classes]
    if variant == "repeated-subtables":
        subtables = [glyph_pairs] + [classes] * 400
    latin_kern.LookupType = 9
    latin_kern.SubTable = [extension("GPOS", subtable) for subtable in subtables]
    latin_kern.SubTableCount = len(subtables)

    # Pairs that add to lookup 14's: two first glyphs far apart, so their Coverage is a list.
    def value(advance):
        record = otTables.ValueRecord()
        record.XAdvance = advance
        return (record, None)

    cmap = font.getBestCmap()
    added = {(cmap[ord("A")], cmap[ord("V")]): value(-20), (cmap[ord("A")], cmap[ord("T")]): value(15),
             (cmap[ord("T")], cmap[ord("o")]): value(-11), (cmap[ord("y")], cmap[ord(".")]): value(-30)}
    tone_kern.SubTable.insert(0, builder.buildPairPosGlyphsSubtable(added, glyph_map, valueFormat1=0x0004))
    tone_kern.SubTableCount = len(tone_kern.SubTable)
    if variant == "no-latn":
        gpos.ScriptList.ScriptRecord = [r for r in gpos.ScriptList.ScriptRecord if r.ScriptTag != "latn"]
        gpos.ScriptList.ScriptCount = len(gpos.ScriptList.ScriptRecord)
    font.save(path)

    if variant == "huge-matrix":
        patch_extensions(path, widen_class_matrix)
    if variant == "extension-past-end":
        patch_extensions(path, send_extension_past_end)


def widen_class_matrix(data, wrapper, subtable):
    if u16(data, subtable) == 2:
        data[subtable + 12:subtable + 16] = b"\xff\xff\xff\xff"  # class1Count, class2Count


def send_extension_past_end(data, wrapper, subtable):
    data[wrapper + 4:wrapper + 8] = b"\x7f\xff\xff\xff"  # extensionOffset


def patch_extensions(path, patch):
    """Calls `patch(data, wrapper, subtable)` on each extension subtable of lookup 14 and the
    pair subtable it wraps, in the file's bytes."""
    data = bytearray(open(path, "rb").read())
    lookup = lookup_offset(data, "GPOS", 14)
    assert u16(data, lookup) == 9
    for index in range(u16(data, lookup + 4)):
        wrapper = lookup + u16(data, lookup + 6 + 2 * index)
        subtable = wrapper + struct.unpack(">I", data[wrapper + 4:wrapper + 8])[0]
        patch(data, wrapper, subtable)
    open(path, "wb").write(bytes(data))


def kern_lookups(gpos):
    """The lookups of the `kern` feature HarfBuzz picks for Latin text, sorted and unique."""
    scripts = {record.ScriptTag: record.Script for record in gpos.ScriptList.ScriptRecord}
    script = scripts.get("latn") or scripts.get("DFLT") or scripts.get("dflt")
    if script is None:
        return None
    languages = {record.LangSysTag: record.LangSys for record in script.LangSysRecord}
    language = languages.get("dflt") or script.DefaultLangSys
    if language is None:
        return None
    for index in language.FeatureIndex:
        record = gpos.FeatureList.FeatureRecord[index]
        if record.FeatureTag == "kern":
            return sorted(set(record.Feature.LookupListIndex))
    return None


def remember_formats():
    """fontTools drops a Coverage's or ClassDef's format once read; keep it as `sourceFormat`."""
    for table in (otTables.Coverage, otTables.ClassDef):
        if getattr(table, "remembersFormat", False):
            continue

        def post_read(self, raw_table, font, original=table.postRead):
            self.sourceFormat = self.Format
            original(self, raw_table, font)
        table.postRead = post_read
        table.remembersFormat = True


def reading(path):
    """Every nonzero pair (first glyph, second glyph, XAdvance summed over the lookups), built by
    walking each subtable's own records, plus the formats the font exercises."""
    remember_formats()
    font = TTFont(path)
    order = font.getGlyphOrder()
    glyph_id = font.getReverseGlyphMap()
    gpos = font["GPOS"].table
    lookups = kern_lookups(gpos)
    seen = {"lookupTypes": set(), "pairFormats": set(), "coverageFormats": set(), "classDefFormats": set()}
    totals = {}
    firsts = set()
    for lookup_index in lookups:
        lookup = gpos.LookupList.Lookup[lookup_index]
        seen["lookupTypes"].add(lookup.LookupType)
        claimed_pairs = set()  # pairs an earlier subtable of this lookup applied to
        claimed_firsts = set()  # first glyphs an earlier class subtable applied to, whatever follows
        for subtable in pair_subtables(lookup):
            seen["pairFormats"].add(subtable.Format)
            seen["coverageFormats"].add(subtable.Coverage.sourceFormat)
            covered = [glyph_id[name] for name in subtable.Coverage.glyphs]
            firsts.update(covered)
            if subtable.Format == 1:
                for first, pair_set in zip(covered, subtable.PairSet):
                    if first in claimed_firsts:
                        continue
                    for record in pair_set.PairValueRecord:
                        pair = (first, glyph_id[record.SecondGlyph])
                        if pair in claimed_pairs:
                            continue
                        claimed_pairs.add(pair)
                        advance = getattr(record.Value1, "XAdvance", 0) or 0 if record.Value1 else 0
                        totals[pair] = totals.get(pair, 0) + advance
                continue
            seen["classDefFormats"].update({subtable.ClassDef1.sourceFormat, subtable.ClassDef2.sourceFormat})
            class1 = {glyph_id[name]: value for name, value in subtable.ClassDef1.classDefs.items()}
            class2 = {glyph_id[name]: value for name, value in subtable.ClassDef2.classDefs.items()}
            members = {}
            for glyph, value in class2.items():
                members.setdefault(value, []).append(glyph)
            for first in covered:
                if first in claimed_firsts:
                    continue
                claimed_firsts.add(first)
                row = subtable.Class1Record[class1.get(first, 0)].Class2Record
                for value_class in range(subtable.Class2Count):
                    advance = getattr(row[value_class].Value1, "XAdvance", 0) or 0
                    if not advance:
                        continue
                    seconds = members.get(value_class, []) if value_class else \
                        [g for g in range(len(order)) if g not in class2]
                    for second in seconds:
                        # A pair an earlier format 1 subtable applied to is its; this subtable
                        # takes all the others of a first glyph (claimed_firsts).
                        if (first, second) not in claimed_pairs:
                            totals[(first, second)] = totals.get((first, second), 0) + advance
    return {
        "glyphCount": len(order),
        "lookups": lookups,
        "firsts": sorted(firsts),
        "pairs": sorted([first, second, value] for (first, second), value in totals.items() if value),
        **{key: sorted(value) for key, value in seen.items()},
    }


if __name__ == "__main__":
    parser, commands = command_line(
        __doc__, ["plain", "repeated-subtables", "huge-matrix", "extension-past-end", "no-latn", "no-kern-feature"])
    read = commands.add_parser("reading")
    read.add_argument("font")
    arguments = parser.parse_args()
    if arguments.command == "make":
        make(arguments.output, arguments.variant)
    else:
        json.dump(reading(arguments.font), sys.stdout)
