#!/usr/bin/env python3
"""Writes schemas/<name>.schema.json for each built-in component: the configuration schema
its file generates (`morph export NAME --config-schema`), so the schema has one source, the
component file's fields.

    gen_config_schemas.py           rewrite the schemas
    gen_config_schemas.py --check   exit 1, naming each stale schema, if any is not current

`morph` is $MORPH, else .build/debug/morph (build it first).
"""
import argparse
import json
import os
import subprocess
import sys

from bundle_components import REPO, names


def generated(morph: str, name: str) -> str:
    output = subprocess.run([morph, "export", name, "--config-schema"], check=True, capture_output=True, text=True)
    return json.dumps(json.loads(output.stdout), indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a schema is not current")
    args = parser.parse_args()
    morph = os.environ.get("MORPH") or str(REPO / ".build" / "debug" / "morph")
    stale = []
    for name in names():
        path = REPO / "schemas" / f"{name}.schema.json"
        text = generated(morph, name)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.relative_to(REPO))
        if not args.check:
            path.write_text(text, encoding="utf-8")
            print(f"gen_config_schemas: wrote {path.relative_to(REPO)}")
    if args.check and stale:
        listed = ", ".join(str(path) for path in stale)
        print(f"gen_config_schemas: {listed} not current; run scripts/gen_config_schemas.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
