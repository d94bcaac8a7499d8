#!/usr/bin/env bash
# `make docs`: MorphKit's DocC catalog (Sources/MorphKit/MorphKit.docc) and its symbols as
# static HTML in .build/docs/MorphKit, with the toolchain's own `docc` and
# `swift-symbolgraph-extract` (SwiftPM's documentation plugin would have to be fetched).
# Warnings (a broken link, an unknown symbol in a topic) fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
bin=$(dirname "$(readlink -f "$(command -v "$swift")")")
docc=${DOCC:-$bin/docc}
extract=${SYMBOLGRAPH_EXTRACT:-$bin/swift-symbolgraph-extract}
for tool in "$docc" "$extract"; do
  [[ -x $tool ]] || { echo "docs: $tool not found beside $swift (set DOCC / SYMBOLGRAPH_EXTRACT)" >&2; exit 1; }
done

"$swift" build --target MorphKit
bin_path=$("$swift" build --show-bin-path)
modules=$bin_path/Modules
# C targets MorphKit imports (CSHA256) are found through the module maps SwiftPM generates.
c_module_maps=()
for module_map in "$bin_path"/*.build/module.modulemap; do
  [[ -e $module_map ]] && c_module_maps+=(-Xcc "-fmodule-map-file=$module_map")
done
graphs=.build/docs/symbol-graphs
out=.build/docs/MorphKit
rm -rf "$graphs" "$out"
mkdir -p "$graphs"
triple=$("$swift" -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
"$extract" -module-name MorphKit -I "$modules" "${c_module_maps[@]}" -target "$triple" -minimum-access-level public \
  -experimental-allowed-reexported-modules=MorphCore \
  -output-dir "$graphs"
"$docc" convert Sources/MorphKit/MorphKit.docc --additional-symbol-graph-dir "$graphs" \
  --output-path "$out" --fallback-display-name MorphKit --fallback-bundle-identifier org.morph.MorphKit \
  --transform-for-static-hosting --warnings-as-errors
echo "docs: $out/index.html (static; serve the folder, e.g. python3 -m http.server -d $out)"
