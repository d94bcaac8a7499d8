#!/usr/bin/env bash
# The README's "Use the library" example, kept honest: Examples/UseMorphKit is a separate
# package that depends on this repository by path. It must build, run to the states the README
# promises, and be the very code the README shows.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
python=${PYTHON:-python3}
example=Examples/UseMorphKit

"$python" - "$example/Sources/use-morphkit/main.swift" <<'PY'
import re, sys
readme = open("README.md", encoding="utf-8").read()
section = readme.split("## Use the library", 1)
if len(section) != 2:
    sys.exit("check_example: README.md has no '## Use the library' section")
blocks = re.findall(r"```swift\n(.*?)```", section[1].split("\n## ", 1)[0], re.S)
code = open(sys.argv[1], encoding="utf-8").read()
if code not in blocks:
    sys.exit(f"check_example: README's 'Use the library' code differs from {sys.argv[1]}; copy one to the other")
PY

"$swift" build --package-path "$example" --product use-morphkit
output=$("$example/.build/debug/use-morphkit")
echo "$output"
grep -q '^state: expanding$' <<<"$output" || { echo "check_example: never saw the card expanding" >&2; exit 1; }
grep -Eq '^display list: [1-9][0-9]* ops' <<<"$output" || { echo "check_example: no display list" >&2; exit 1; }
grep -Eq '^state: expanded after [1-9][0-9]* more frames$' <<<"$output" \
  || { echo "check_example: the card never settled open" >&2; exit 1; }
echo "check_example: $example builds against this repository and runs as the README says"
