#!/usr/bin/env python3
"""Fails when a public MorphKit or MorphCore symbol has no `///` doc comment.

Reads the compiler's own view of the public API: builds MorphKit, extracts its symbol graph
with the toolchain's `swift-symbolgraph-extract` (public and open symbols only), and lists
every symbol declared under Sources/MorphKit or Sources/MorphCore (the value core MorphKit
re-exports, included in the graph as `make docs` includes it) whose graph entry has no doc comment — types,
properties, methods, initialisers and enum cases alike. Symbols the compiler synthesises
(Equatable's `==`, a Codable conformance's members) have no source location and are not
asked for; a protocol requirement's implementation inherits the requirement's comment.

Usage: check_doc_comments.py   (from anywhere; $SWIFT names the swift driver)
Exit 0 when every symbol is documented, 1 with the list otherwise, 2 on a tool failure.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULE = "MorphKit"
SOURCE_MODULES = ("MorphKit", "MorphCore")


def run(command):
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        print(f"check_doc_comments: {' '.join(command)} failed:\n{result.stdout[-3000:]}", file=sys.stderr)
        sys.exit(2)
    return result.stdout


def main(argv):
    if argv:
        print(__doc__.strip())
        return 0 if argv[0] in ("-h", "--help") else 2
    swift = os.environ.get("SWIFT", "swift")
    bin_dir = pathlib.Path(shutil.which(swift) or swift).resolve().parent
    extract = os.environ.get("SYMBOLGRAPH_EXTRACT", str(bin_dir / "swift-symbolgraph-extract"))
    run([swift, "build", "--target", MODULE])
    bin_path = pathlib.Path(run([swift, "build", "--show-bin-path"]).strip().splitlines()[-1])
    modules = bin_path / "Modules"
    # C targets MorphKit imports (CSHA256) are found through the module maps SwiftPM generates.
    c_module_maps = []
    for module_map in sorted(bin_path.glob("*.build/module.modulemap")):
        c_module_maps += ["-Xcc", f"-fmodule-map-file={module_map}"]
    triple = json.loads(run([swift, "-print-target-info"]))["target"]["triple"]
    with tempfile.TemporaryDirectory() as out:
        run([extract, "-module-name", MODULE, "-I", str(modules), *c_module_maps, "-target", triple,
             "-minimum-access-level", "public", "-experimental-allowed-reexported-modules=MorphCore",
             "-output-dir", out])
        graph = json.loads((pathlib.Path(out) / f"{MODULE}.symbols.json").read_text())
    def source_path(symbol):
        uri = symbol.get("location", {}).get("uri", "")
        for module in SOURCE_MODULES:
            if f"/Sources/{module}/" in uri:
                return f"Sources/{module}/" + uri.split(f"/Sources/{module}/", 1)[1]
        return None

    missing = []
    for symbol in graph["symbols"]:
        path = source_path(symbol)
        if path is None or symbol.get("docComment"):
            continue
        line = symbol["location"]["position"]["line"] + 1
        kind = symbol["kind"]["displayName"].lower()
        missing.append((path, line, f"{'.'.join(symbol['pathComponents'])} ({kind})"))
    for path, line, name in sorted(missing):
        print(f"{path}:{line}: no /// comment on public {name}")
    documented = sum(1 for s in graph["symbols"] if source_path(s) is not None)
    modules = " and ".join(SOURCE_MODULES)
    print(f"check_doc_comments: {documented - len(missing)} of {documented} public {modules} symbols documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
