"""What the fonts made at test time (`gpos_kerning_font.py`, `gsub_ligature_font.py`) share: an
extension lookup's wrapper, finding a lookup in the saved file's bytes to patch it into a
hostile file, and the command line's `make OUTPUT --variant V`."""

import argparse
import struct

from fontTools.ttLib.tables import otTables


def extension(table, subtable):
    """`subtable` wrapped in an extension subtable of `table` ("GSUB": type 7 around a ligature
    substitution; "GPOS": type 9 around a pair adjustment)."""
    wrapper = otTables.ExtensionSubst() if table == "GSUB" else otTables.ExtensionPos()
    wrapper.Format = 1
    wrapper.ExtensionLookupType = 4 if table == "GSUB" else 2
    wrapper.ExtSubTable = subtable
    return wrapper


def u16(data, at):
    return struct.unpack(">H", data[at:at + 2])[0]


def lookup_offset(data, table, index):
    """Where lookup `index` of `table` ("GSUB" or "GPOS") starts in a font file's bytes."""
    (tables,) = struct.unpack(">H", data[4:6])
    start = next(struct.unpack(">I", data[12 + 16 * i + 8:12 + 16 * i + 12])[0]
                 for i in range(tables) if data[12 + 16 * i:12 + 16 * i + 4] == table.encode())
    lookup_list = start + u16(data, start + 8)
    return lookup_list + u16(data, lookup_list + 2 + 2 * index)


def command_line(description, variants):
    """A parser whose `make OUTPUT [--variant V]` command makes the font (`variants`, the first
    the default), and its subcommands, for the script to add its reading command to."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("make")
    made.add_argument("output")
    made.add_argument("--variant", default=variants[0], choices=variants)
    return parser, commands
