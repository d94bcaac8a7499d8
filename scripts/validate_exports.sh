#!/usr/bin/env bash
# Exports every component at several states in every form `morph export` writes (scene,
# display list, configuration, machine) and validates each against its schema twice: through
# scripts/validate_schemas.py (Python `jsonschema`, no registry), and with the stock command a
# user would type, `check-jsonschema --schemafile schemas/<format>.schema.json <file>`, with
# no other flag (the schemas embed what they refer to; scripts/bundle_schemas.py).
set -euo pipefail
cd "$(dirname "$0")/.."
morph=${MORPH:-.build/debug/morph}
python=${PYTHON:-python3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

export_all() {  # name, then morph export arguments
  local name=$1; shift
  "$morph" export "$@" > "$out/$name.scene.json"
  "$morph" export "$@" --display-list > "$out/$name.display-list.json"
}

for progress in 0 0.25 0.5 0.75 1 1.08; do
  export_all "container-$progress" morph-container --progress "$progress"
  export_all "hero-$progress" hero-card --progress "$progress"
done
export_all hero-ax5-dark hero-card --progress 1 --dynamic-type AX5 --color-scheme dark
export_all container-set morph-container --progress 0.6 --set cornerRadiusOpen=20 --set dampingFraction=0.7
export_all curtain-closed curtain
export_all curtain-drag curtain --drag 200,400 --set folds=6 --time 3
export_all curtain-floor curtain --variable dragPosition=5,100 --variable dragged=1
export_all curtain-revealed curtain --state revealed --drag 44,400 --size 430x932
for component in morph-container hero-card curtain; do
  "$morph" export "$component" --config > "$out/$component.configuration.json"
  "$morph" export "$component" --machine > "$out/$component.machine.json"
done
# The built-in components' files and the examples'.
component_files=(Sources/MorphKit/BuiltIn/*.json Examples/components/*.json)
# Component files (schemas/component.md): their frames, machines, configurations, and the
# configuration schema each generates (a schema file of its own, checked below).
for file in "${component_files[@]}"; do
  name=$(basename "$file" .json)
  # Mid-scrub where the file names a `scrub` variable; otherwise (a progress alone scrubs
  # nothing, and morph refuses it) at rest.
  if grep -q '"scrub"' "$file"; then export_all "file-$name-0.6" --component "$file" --progress 0.6
  else export_all "file-$name-rest" --component "$file"; fi
  "$morph" export --component "$file" --machine > "$out/file-$name.machine.json"
  # .out, not .json: a new component's `morph.config.NAME` has no schema under schemas/,
  # only the one its file generates (checked below).
  "$morph" export --component "$file" --config > "$out/file-$name.configuration.out"
  "$morph" export --component "$file" --config-schema > "$out/file-$name.config-schema.out"
  # The file as the runtime writes it back (ComponentRoundTripTests runs it identically).
  "$morph" export --component "$file" --component-file > "$out/file-$name.component.out"
done

"$python" scripts/bundle_schemas.py --check
# --no-goldens: `make test-schemas` has just checked the goldens with its own call.
"$python" scripts/validate_schemas.py --no-goldens "$out"/*.json "${component_files[@]}" \
  Tests/MorphKitTests/__Fixtures__/recordings/*.baseline.json

checked=0
check() {  # schema name, then the files it must accept
  local schema=$1; shift
  check-jsonschema --schemafile "schemas/$schema.schema.json" "$@" > "$out/check.log" 2>&1 \
    || { echo "validate_exports: check-jsonschema rejects a $schema export:" >&2; cat "$out/check.log" >&2; exit 1; }
  checked=$((checked + $#))
}
check scene "$out"/*.scene.json
check display-list "$out"/*.display-list.json Tests/fuzz/corpus/display-list/image-ops.json
check machine "$out"/*.machine.json
for component in morph-container hero-card curtain; do check "$component" "$out/$component.configuration.json"; done
check component "${component_files[@]}" "$out"/file-*.component.out
for file in "${component_files[@]}"; do
  name=$(basename "$file" .json)
  # A file standing in for a built-in component exports that component's document; every
  # file's generated schema (a valid 2020-12 schema) accepts its configuration.
  if [ -f "schemas/$name.schema.json" ]; then check "$name" "$out/file-$name.configuration.out"; fi
  check-jsonschema --check-metaschema "$out/file-$name.config-schema.out" > "$out/check.log" 2>&1 \
    && check-jsonschema --schemafile "$out/file-$name.config-schema.out" "$out/file-$name.configuration.out" > "$out/check.log" 2>&1 \
    || { echo "validate_exports: the generated configuration schema of $file fails:" >&2; cat "$out/check.log" >&2; exit 1; }
done
# The same command must fail on a broken export, or the loop above proves nothing.
"$python" -c 'import json, sys; d = json.load(open(sys.argv[1])); d["version"] = 2; print(json.dumps(d))' \
  "$out/curtain-drag.scene.json" > "$out/broken.json"
if check-jsonschema --schemafile schemas/scene.schema.json "$out/broken.json" > "$out/check.log" 2>&1; then
  echo "validate_exports: check-jsonschema accepted a scene with version 2" >&2; exit 1
fi
"$python" -c 'import json, sys; d = json.load(open(sys.argv[1])); d["scene"]["type"] = "circle"; print(json.dumps(d))' \
  Sources/MorphKit/BuiltIn/morph-container.json > "$out/broken.json"
if check-jsonschema --schemafile schemas/component.schema.json "$out/broken.json" > "$out/check.log" 2>&1; then
  echo "validate_exports: check-jsonschema accepted a component file with a node of type circle" >&2; exit 1
fi
# An image op whose source could leave its folder, and an image node with an unknown mode.
"$python" -c 'import json, sys; d = json.load(open(sys.argv[1])); d["ops"][1]["source"] = "../up.png"; print(json.dumps(d))' \
  Tests/fuzz/corpus/display-list/image-ops.json > "$out/broken.json"
if check-jsonschema --schemafile schemas/display-list.schema.json "$out/broken.json" > "$out/check.log" 2>&1; then
  echo "validate_exports: check-jsonschema accepted an image source of ../up.png" >&2; exit 1
fi
"$python" -c 'import json, sys; d = json.load(open(sys.argv[1])); d["scene"]["children"][0]["contentMode"] = "cover"; print(json.dumps(d))' \
  Tests/fuzz/corpus/configuration/image-node.json > "$out/broken.json"
if check-jsonschema --schemafile schemas/component.schema.json "$out/broken.json" > "$out/check.log" 2>&1; then
  echo "validate_exports: check-jsonschema accepted an image node with contentMode cover" >&2; exit 1
fi
check component Tests/fuzz/corpus/configuration/image-node.json
rm "$out/broken.json"
echo "validate_exports: check-jsonschema --schemafile accepts all $checked exports and refuses a broken one"
