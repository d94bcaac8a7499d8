#!/usr/bin/env bash
# Exports every component at several states in every form `morph export` writes (scene,
# display list, configuration, machine) and validates each against its schema.
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
export_all curtain-drag curtain --drag 200,400 --folds 6 --time 3
export_all curtain-floor curtain --drag 5,100
export_all curtain-revealed curtain --drag 44,400 --revealed --size 430x932
for component in morph-container hero-card curtain; do
  "$morph" export "$component" --config > "$out/$component.configuration.json"
  "$morph" export "$component" --machine > "$out/$component.machine.json"
done

"$python" scripts/validate_schemas.py "$out"/*.json Tests/MorphKitTests/__Fixtures__/recordings/*.baseline.json
