// A component's configuration JSON Schema (schemas/<component>.schema.json, served by morphd
// at /schemas/) read into the fields the options panel draws. Pure: no DOM, so node --test
// runs it. Nothing here names a component's keys: the schema is the one source of truth.

/** Keys every configuration document carries and nobody edits. */
const HEADER_KEYS = new Set(['format', 'version']);

/**
 * Resolves `$ref` within a bundled schema: `#/$defs/a/b` against the root, and
 * `<file>#/…` against the `$defs` entry whose `$id` is that file (scripts/bundle_schemas.py
 * puts a generated copy of every referenced file there).
 */
export function resolveRef(root, node, base = root) {
  let current = node;
  let scope = base;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 32; hops += 1) {
    const [file, pointer = ''] = current.$ref.split('#');
    if (file) {
      scope = Object.values(root.$defs ?? {}).find((d) => d && d.$id === file);
      if (!scope) return {};
    }
    current = pointer.split('/').filter(Boolean)
      .reduce((value, part) => value?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], scope);
  }
  return { schema: current ?? {}, scope };
}

const deref = (root, node, base) => (node?.$ref ? resolveRef(root, node, base) : { schema: node ?? {}, scope: base });

/** True for a schema of an sRGB `[r,g,b,a]` array of 0…1 numbers. */
function isRGBA(root, schema, scope) {
  if (schema.type !== 'array' || schema.minItems !== 4 || schema.maxItems !== 4) return false;
  const item = deref(root, schema.items, scope).schema;
  return item.type === 'number' && item.minimum === 0 && item.maximum === 1;
}

/**
 * The colour reading of a schema, if it is one: RGBA arrays, optionally or'ed (`oneOf`)
 * with an enum of named colours. Returns `{names}` (names may be empty) or null.
 */
function colourOf(root, schema, scope) {
  if (isRGBA(root, schema, scope)) return { names: [] };
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(alternatives)) return null;
  let rgba = false;
  const names = [];
  for (const alternative of alternatives) {
    const { schema: s, scope: sc } = deref(root, alternative, scope);
    if (isRGBA(root, s, sc)) rgba = true;
    else if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string')) names.push(...s.enum);
    else return null;
  }
  return rgba ? { names } : null;
}

/**
 * The spring reading of a schema, if it is one: `oneOf` objects of exactly two required
 * numbers each (a `spring` field: response and damping fraction, or duration and bounce).
 * Returns the forms `[{title, keys, labels, bounds}]` or null.
 */
function springOf(root, schema, scope) {
  const alternatives = schema.oneOf;
  if (!Array.isArray(alternatives) || alternatives.length !== 2) return null;
  const forms = [];
  for (const alternative of alternatives) {
    const { schema: s } = deref(root, alternative, scope);
    const keys = s.required;
    if (s.type !== 'object' || !Array.isArray(keys) || keys.length !== 2) return null;
    const bounds = keys.map((key) => s.properties?.[key]);
    if (!bounds.every((b) => b?.type === 'number')) return null;
    forms.push({
      title: s.title ?? keys.map(humanize).join(' and '),
      keys,
      labels: keys.map(humanize),
      bounds: bounds.map((b) => ({ min: b.minimum ?? null, max: b.maximum ?? null })),
    });
  }
  return forms;
}

/** The index of the form of a spring field that `value` is written in, or -1. */
export function springForm(field, value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return -1;
  const keys = Object.keys(value).sort().join();
  return field.forms.findIndex((form) => [...form.keys].sort().join() === keys);
}

/**
 * The spring `value` in form `index`, read from `both` (the server's `springs` entry, the spring
 * in every form) when `both` is this very spring; else null (the server has not sent it yet).
 * The page converts nothing itself: MorphKit's formulas are the one home.
 */
export function springInForm(field, value, both, index) {
  const current = springForm(field, value);
  if (current < 0 || !both || !field.forms[index]) return null;
  if (!field.forms[current].keys.every((key) => both[key] === value[key])) return null;
  const keys = field.forms[index].keys;
  return keys.every((key) => typeof both[key] === 'number') ? Object.fromEntries(keys.map((key) => [key, both[key]])) : null;
}

/** "cornerRadiusOpen" -> "Corner radius open". */
export function humanize(key) {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The editable fields of a configuration schema, in its order. Each field is
 * `{key, label, description, kind, default, ...}` with kind one of
 * - `number` / `integer`: `min`, `max` (inclusive bounds, or null), `exclusiveMin`/`exclusiveMax`
 * - `color`: `names` (named colours the schema allows besides `[r,g,b,a]`)
 * - `colors`: a list of such colours, `names` and `minItems`
 * - `spring`: `forms` (each `{title, keys, labels, bounds}`: response and damping fraction,
 *   duration and bounce), a value written in one of them
 * - `enum`: `options`
 * - `string`, `boolean`
 * - `json`: anything else (arrays, objects), edited as JSON text; a list a repeat keys by an
 *   item has `uniqueKeys` (the schema's `x-uniqueKeys`), and two entries with one value of it
 *   are a problem
 */
export function fieldsFromSchema(root) {
  const fields = [];
  for (const [key, declared] of Object.entries(root?.properties ?? {})) {
    if (HEADER_KEYS.has(key) || 'const' in (declared ?? {})) continue;
    const { schema, scope } = deref(root, declared, root);
    const field = {
      key,
      label: declared.title ?? schema.title ?? humanize(key),
      description: declared.description ?? schema.description ?? '',
      default: declared.default ?? schema.default,
    };
    const forms = springOf(root, schema, scope);
    const colour = forms ? null : colourOf(root, schema, scope);
    const items = schema.type === 'array' && schema.items ? deref(root, schema.items, scope) : null;
    const itemColour = items && colourOf(root, items.schema, items.scope);
    if (forms) {
      Object.assign(field, { kind: 'spring', forms });
    } else if (colour) {
      Object.assign(field, { kind: 'color', names: colour.names });
    } else if (itemColour) {
      Object.assign(field, { kind: 'colors', names: itemColour.names, minItems: schema.minItems ?? 0 });
    } else if (schema.type === 'number' || schema.type === 'integer') {
      Object.assign(field, {
        kind: schema.type,
        min: schema.minimum ?? null,
        max: schema.maximum ?? null,
        exclusiveMin: schema.exclusiveMinimum ?? null,
        exclusiveMax: schema.exclusiveMaximum ?? null,
      });
    } else if (Array.isArray(schema.enum)) {
      Object.assign(field, { kind: 'enum', options: schema.enum });
    } else if (schema.type === 'string' || schema.type === 'boolean') {
      field.kind = schema.type;
    } else {
      field.kind = 'json';
      // A list a repeat keys by an item: entries differ in it (the generated schema names it).
      if (Array.isArray(schema['x-uniqueKeys'])) field.uniqueKeys = schema['x-uniqueKeys'];
    }
    fields.push(field);
  }
  return fields;
}

/** Every field's default, by key (fields without one are left out). */
export function defaultsOf(fields) {
  return Object.fromEntries(fields.filter((f) => f.default !== undefined).map((f) => [f.key, f.default]));
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The defaults a reloaded file changed: `{key, label, from, to}` for each field both loads
 * have whose default differs (a field new to the file, or gone from it, is not a change).
 */
export function defaultChanges(before, after) {
  const old = new Map(before.map((f) => [f.key, f]));
  return after
    .filter((f) => old.has(f.key) && f.default !== undefined && !same(old.get(f.key).default, f.default))
    .map((f) => ({ key: f.key, label: f.label, from: old.get(f.key).default, to: f.default }));
}

/**
 * Which changed defaults to apply: a field the person has not edited (not in `edited`) and
 * that still shows its old default follows the new one; any other keeps its value.
 */
export function followsNewDefault(change, value, edited) {
  return !edited.has(change.key) && same(value, change.from);
}

/** Why `value` does not fit `field`, or '' when it does. */
export function fieldProblem(field, value) {
  switch (field.kind) {
    case 'number': case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
      if (field.kind === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
      if (field.min !== null && value < field.min) return `must be at least ${field.min}`;
      if (field.max !== null && value > field.max) return `must be at most ${field.max}`;
      if (field.exclusiveMin !== null && value <= field.exclusiveMin) return `must be more than ${field.exclusiveMin}`;
      if (field.exclusiveMax !== null && value >= field.exclusiveMax) return `must be less than ${field.exclusiveMax}`;
      return '';
    }
    case 'color':
      if (typeof value === 'string') return field.names.includes(value) ? '' : 'is not a known colour name';
      return Array.isArray(value) && value.length === 4 && value.every((c) => typeof c === 'number' && c >= 0 && c <= 1)
        ? '' : 'must be [r, g, b, a] within 0…1';
    case 'colors':
      if (!Array.isArray(value)) return 'must be a list of colours';
      if (value.length < field.minItems) return `needs at least ${field.minItems}`;
      return value.map((c) => fieldProblem({ ...field, kind: 'color' }, c)).find(Boolean) ?? '';
    case 'spring': {
      const form = field.forms[springForm(field, value)];
      if (!form) return `must be ${field.forms.map((f) => f.keys.join(' and ')).join(', or ')}`;
      for (const [index, key] of form.keys.entries()) {
        const problem = fieldProblem({ kind: 'number', ...form.bounds[index], exclusiveMin: null, exclusiveMax: null }, value[key]);
        if (problem) return `${key} ${problem}`;
      }
      return '';
    }
    case 'enum': return field.options.includes(value) ? '' : 'is not one of the choices';
    case 'string': return typeof value === 'string' ? '' : 'must be text';
    case 'boolean': return typeof value === 'boolean' ? '' : 'must be on or off';
    default: return value === undefined ? 'is missing' : repeatedKey(field, value);
  }
}

/** Two entries of a list with one value of an item its `uniqueKeys` names, worded as morph words it; else ''. */
function repeatedKey(field, value) {
  if (!Array.isArray(value)) return '';
  for (const key of field.uniqueKeys ?? []) {
    const seen = new Map();
    for (const [index, entry] of value.entries()) {
      const item = entry?.[key];
      const text = typeof item === 'string' ? `'${item}'` : JSON.stringify(item);
      if (seen.has(text)) {
        return `${field.key}[${index}].${key}: ${text} is also ${field.key}[${seen.get(text)}]'s ${key}: `
          + `a repeat keys its nodes by ${key}, so each entry's ${key} is different`;
      }
      seen.set(text, index);
    }
  }
  return '';
}

/**
 * The `value` of a `set` event for a configuration value: numbers and booleans as they are,
 * anything else as JSON text (the component reads a string value as JSON, so a title stays
 * a string even when it looks like a number, and a colour arrives as an array).
 */
export function setValue(value) {
  return typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
}

/** The `morph.config.<component>` document `morph … --configuration FILE` reads. */
export function configurationDocument(component, values) {
  const document = { format: `morph.config.${component}`, version: 1 };
  for (const [key, value] of Object.entries(values)) {
    if (!HEADER_KEYS.has(key) && value !== undefined) document[key] = value;
  }
  return document;
}

/**
 * The `[r,g,b,a]` a colour value draws as in `scheme` (`light` or `dark`): an array as it is, a
 * system colour name as the server resolves it (`welcome`'s `systemColors`, name → scheme →
 * `[r,g,b,a]`); null for a name the server gave no value for.
 */
export function resolvedColour(value, systemColors, scheme) {
  if (Array.isArray(value)) return value;
  const rgba = typeof value === 'string' ? systemColors?.[value]?.[scheme] : undefined;
  return Array.isArray(rgba) && rgba.length === 4 && rgba.every((c) => typeof c === 'number') ? rgba : null;
}

/** `[r,g,b,a]` (0…1) -> a CSS `rgb(… / a)` colour, as the canvas draws it. */
export function cssColour(rgba) {
  const channel = (c) => Math.round(Math.min(1, Math.max(0, c)) * 255);
  return `rgb(${channel(rgba[0])} ${channel(rgba[1])} ${channel(rgba[2])} / ${Math.min(1, Math.max(0, rgba[3]))})`;
}

/** `[r,g,b,a]` (0…1) -> `#rrggbb` for a colour input (alpha apart). */
export function hexOf(rgba) {
  return `#${rgba.slice(0, 3).map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** `#rrggbb` and an alpha -> `[r,g,b,a]`, channels rounded to 3 decimals. */
export function rgbaOf(hex, alpha) {
  const channel = (i) => Math.round((parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255) * 1000) / 1000;
  return [channel(0), channel(1), channel(2), alpha];
}
