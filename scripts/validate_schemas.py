#!/usr/bin/env python3
"""Validate Morph JSON documents against the JSON Schemas in schemas/.

Checks, in order:
  1. every schemas/*.schema.json is itself a valid JSON Schema 2020-12 (check_schema);
  2. every *.json golden under Tests/**/__Goldens__/ whose top-level "format" names a known
     schema (the const of that schema's "format" property) validates against it, and every
     golden protocol message (a top-level "type", in a *.json golden or a line of a *.jsonl
     golden) against schemas/protocol.<type>.schema.json (not with --no-goldens, for a caller
     whose run has already checked them);
  3. every file given as an argument validates (a file whose format is unknown is an error).
Display lists also get the one check a schema cannot express: balanced push/pop.

Each schema is used exactly as a stock validator would use it: `Draft202012Validator(schema)`
with no registry and no base URI, so a `$ref` to another file must resolve inside the file
(scripts/bundle_schemas.py embeds the copies).

Exits 0 when everything passes, 1 on any failure (each reported with file and JSON path),
2 on usage errors. Uses the `jsonschema` PyPI package.
"""
import json
import pathlib
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError as error:  # pragma: no cover - environment problem
    print(f"validate_schemas: the jsonschema package is required ({error})", file=sys.stderr)
    sys.exit(2)

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"


def load_json(path):
    with open(path, "rb") as handle:
        return json.loads(handle.read().decode("utf-8"))


def load_schemas():
    """Returns ({format const: (schema path, validator)}, failures)."""
    failures = []
    resources = []
    by_format = {}
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        try:
            schema = load_json(path)
            Draft202012Validator.check_schema(schema)
        except (ValueError, jsonschema.exceptions.SchemaError) as error:
            failures.append(f"{path.relative_to(ROOT)}: not a valid 2020-12 schema: {getattr(error, 'message', error)}")
            continue
        if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
            failures.append(f"{path.relative_to(ROOT)}: $schema must be the 2020-12 meta-schema")
        resources.append((path, schema))
    for path, schema in resources:
        fmt = schema.get("properties", {}).get("format", {}).get("const")
        if fmt:
            by_format[fmt] = (path, Draft202012Validator(schema))
        elif path.name.startswith("protocol."):
            # Messages have no "format"; they are known by "type" (keyed apart from formats).
            by_format["type:" + path.name[len("protocol."):-len(".schema.json")]] = (path, Draft202012Validator(schema))
    return by_format, failures


def json_path(error):
    parts = []
    for part in error.absolute_path:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + str(part))
    return "".join(parts) or "<root>"


def semantic_failures(document):
    if document.get("format") != "morph.display-list":
        return []
    depth = 0
    for index, op in enumerate(document.get("ops", [])):
        kind = op.get("op") if isinstance(op, dict) else None
        if kind == "push":
            depth += 1
        elif kind == "pop":
            depth -= 1
            if depth < 0:
                return [f"ops[{index}]: pop without a matching push"]
    return [f"ops: {depth} push op(s) never popped"] if depth else []


def validate_file(path, by_format, required):
    try:
        document = load_json(path)
    except (OSError, ValueError) as error:
        return [f"{path}: cannot read JSON: {error}"], False
    return validate_document(document, path, by_format, required)


def validate_message_lines(path, by_format):
    """A JSONL golden of protocol messages: each line with a top-level "type" is checked."""
    failures, checked = [], 0
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        try:
            document = json.loads(line)
        except ValueError as error:
            failures.append(f"{path}:{number}: cannot read JSON: {error}")
            continue
        if isinstance(document, dict) and isinstance(document.get("type"), str):
            found, known = validate_document(document, f"{path}:{number}", by_format, required=True)
            failures.extend(found)
            checked += known
    return failures, checked


def validate_document(document, path, by_format, required):
    fmt = document.get("format") if isinstance(document, dict) else None
    if fmt is None and isinstance(document, dict) and isinstance(document.get("type"), str):
        fmt = "type:" + document["type"]
    if fmt not in by_format:
        if required:
            return [f"{path}: unknown or missing \"format\" ({fmt!r}); known: {', '.join(sorted(by_format))}"], False
        return [], False
    _, validator = by_format[fmt]
    failures = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
        # For oneOf/anyOf, name the most relevant branch failure instead of the whole value.
        while error.context:
            error = jsonschema.exceptions.best_match(error.context)
        failures.append(f"{path}: {json_path(error)}: {error.message}")
    failures.extend(f"{path}: {message}" for message in semantic_failures(document))
    return failures, True


def main(argv):
    if any(arg in ("-h", "--help") for arg in argv):
        print(__doc__.strip())
        return 0
    with_goldens = "--no-goldens" not in argv
    argv = [arg for arg in argv if arg != "--no-goldens"]
    by_format, failures = load_schemas()
    checked = 0
    goldens = sorted(p for p in ROOT.glob("Tests/**/__Goldens__/**/*.json") if ".actual." not in p.name)
    for path in goldens if with_goldens else []:
        found, known = validate_file(path, by_format, required=False)
        failures.extend(found)
        checked += known
    message_goldens = sorted(p for p in ROOT.glob("Tests/**/__Goldens__/**/*.jsonl") if ".actual." not in p.name)
    for path in message_goldens if with_goldens else []:
        found, known = validate_message_lines(path, by_format)
        failures.extend(found)
        checked += known
    for arg in argv:
        path = pathlib.Path(arg)
        found, known = validate_file(path, by_format, required=True)
        failures.extend(found)
        checked += known
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    print(f"validate_schemas: {len(by_format)} schemas, {checked} documents checked, {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
