#!/usr/bin/env python3
"""Embed every schema a schema refers to, so stock validators need no network and no flags.

A schema in schemas/ that refers to another file (`"$ref": "display-list.schema.json#/..."`)
carries a copy of that file under `$defs`, keyed by its file name and with that name as its
`$id`. The `$ref` then resolves inside the document itself, whatever base URI a validator
gives the file, so both of these work as written:

    check-jsonschema --schemafile schemas/scene.schema.json export.json
    python3 -c 'import json, jsonschema, sys; jsonschema.validate(json.load(open(sys.argv[2])), json.load(open(sys.argv[1])))' \
        schemas/scene.schema.json export.json

The schemas have no top-level `$id` (a made-up host cannot be fetched, and a validator that
tries fails): a file's identity is where it lies. The copies are generated; edit the file a
copy comes from and run this script.

Usage: bundle_schemas.py          rewrite the schemas that refer to other files
       bundle_schemas.py --check  exit 1 (naming the files) when any is out of date
"""
import json
import pathlib
import sys

SCHEMAS = pathlib.Path(__file__).resolve().parent.parent / "schemas"
WIDTH = 110  # objects and arrays that fit on a line of this width stay on one line


def external_refs(node, found):
    """File names that `$ref`s in `node` point at (not `#...` refs inside the document)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#"):
            found.add(ref.split("#", 1)[0])
        for value in node.values():
            external_refs(value, found)
    elif isinstance(node, list):
        for value in node:
            external_refs(value, found)
    return found


def is_bundled(name, value):
    return isinstance(value, dict) and value.get("$id") == name and name.endswith(".schema.json")


def source_of(schema):
    """The schema without any embedded copies (what a person edits)."""
    defs = {k: v for k, v in schema.get("$defs", {}).items() if not is_bundled(k, v)}
    result = {k: v for k, v in schema.items() if k != "$defs"}
    if defs:
        result["$defs"] = defs
    return result


def bundled(name, sources):
    """The schema `name` with a copy of every file it reaches through `$ref`, transitively."""
    schema = sources[name]
    needed, queue = [], sorted(external_refs(schema, set()))
    while queue:
        target = queue.pop(0)
        if target in needed or target == name:
            continue
        if target not in sources:
            raise SystemExit(f"bundle_schemas: {name} refers to {target}, which is not in schemas/")
        needed.append(target)
        queue.extend(sorted(external_refs(sources[target], set())))
    if not needed:
        return schema
    defs = dict(schema.get("$defs", {}))
    for target in sorted(needed):
        copy = {k: v for k, v in sources[target].items() if k not in ("$schema", "$defs")}
        copy = {"$id": target, "$comment": f"Generated copy of {target} (scripts/bundle_schemas.py).", **copy}
        if "$defs" in sources[target]:
            copy["$defs"] = sources[target]["$defs"]
        defs[target] = copy
    return {**{k: v for k, v in schema.items() if k != "$defs"}, "$defs": defs}


def dump(value, indent=0, key_width=0):
    """JSON with two-space indents; containers that fit within WIDTH stay on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or indent + key_width + len(flat) <= WIDTH or not value:
        return flat
    pad = "  " * (indent + 1)
    if isinstance(value, list):
        items = [pad + dump(item, indent + 1) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"
    items = []
    for key, item in value.items():
        label = json.dumps(key, ensure_ascii=False) + ": "
        items.append(pad + label + dump(item, indent + 1, len(label)))
    return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"


def main(argv):
    if any(arg in ("-h", "--help") for arg in argv):
        print(__doc__.strip())
        return 0
    unknown = [arg for arg in argv if arg != "--check"]
    if unknown:
        print(f"bundle_schemas: unknown argument {unknown[0]}\n\n{__doc__.strip()}", file=sys.stderr)
        return 2
    check = "--check" in argv
    paths = sorted(SCHEMAS.glob("*.schema.json"))
    texts = {path.name: path.read_text(encoding="utf-8") for path in paths}
    sources = {name: source_of(json.loads(text)) for name, text in texts.items()}
    stale = []
    for name, text in texts.items():
        document = bundled(name, sources)
        if document is sources[name] and not any(is_bundled(k, v) for k, v in json.loads(text).get("$defs", {}).items()):
            continue  # refers to no other file: left exactly as written
        wanted = dump(document) + "\n"
        if text != wanted:
            stale.append(name)
            if not check:
                (SCHEMAS / name).write_text(wanted, encoding="utf-8")
    if check and stale:
        print(f"bundle_schemas: out of date: {', '.join(stale)} (run python3 scripts/bundle_schemas.py)",
              file=sys.stderr)
        return 1
    verb = "would rewrite" if check else "rewrote"
    print(f"bundle_schemas: {len(paths)} schemas, {verb} {len(stale)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
