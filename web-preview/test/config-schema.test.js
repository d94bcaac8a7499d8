import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  configurationDocument, cssColour, defaultChanges, defaultsOf, fieldProblem, fieldsFromSchema, followsNewDefault, hexOf,
  humanize, resolveRef, resolvedColour, rgbaOf, setValue, springForm, springInForm,
} from '../js/config-schema.js';
import { MAX_MESSAGE_BYTES, linkFor, readLink } from '../js/link.js';

// The schemas morphd serves at /schemas/: the panel's only source of fields.
const schema = (name) => JSON.parse(readFileSync(
  fileURLToPath(new URL(`../../schemas/${name}.schema.json`, import.meta.url)), 'utf8'));
const byKey = (fields) => Object.fromEntries(fields.map((f) => [f.key, f]));

test('the container schema gives colours, bounded numbers and defaults', () => {
  const fields = byKey(fieldsFromSchema(schema('morph-container')));
  assert.deepEqual(Object.keys(fields), [
    'surface', 'accent', 'artA', 'artB', 'cornerRadiusOpen', 'dampingFraction', 'interpolation',
  ]);
  // SwiftUI's rule or the seed's progress-driven ramps (schemas/morph-container.md): a choice.
  assert.equal(fields.interpolation.kind, 'enum');
  assert.deepEqual(fields.interpolation.options, ['swiftui', 'progress']);
  assert.equal(fields.interpolation.default, 'swiftui');
  assert.equal(fields.accent.kind, 'color');
  assert.ok(fields.accent.names.includes('orange') && fields.accent.names.includes('label'));
  assert.deepEqual(fields.accent.default, [0.184, 0.435, 0.929, 1]);
  assert.deepEqual({ ...fields.cornerRadiusOpen, description: '' }, {
    key: 'cornerRadiusOpen', label: 'Corner radius open', description: '', default: 28, kind: 'number',
    min: 0, max: null, exclusiveMin: null, exclusiveMax: null,
  });
  assert.equal(fields.dampingFraction.exclusiveMin, 0);
  assert.equal(fieldProblem(fields.dampingFraction, 0), 'must be more than 0');
  assert.equal(fieldProblem(fields.dampingFraction, 0.5), '');
  assert.equal(fieldProblem(fields.cornerRadiusOpen, -1), 'must be at least 0');
});

test('the curtain schema gives an integer with both bounds; hero-card enums, text and JSON', () => {
  const [folds] = fieldsFromSchema(schema('curtain'));
  assert.deepEqual([folds.key, folds.kind, folds.min, folds.max, folds.default], ['folds', 'integer', 1, 8, 4]);
  assert.equal(fieldProblem(folds, 2.5), 'must be a whole number');
  assert.equal(fieldProblem(folds, 9), 'must be at most 8');
  const hero = byKey(fieldsFromSchema(schema('hero-card')));
  assert.equal(hero.title.kind, 'string');
  assert.equal(hero.systemImage.kind, 'enum');
  assert.ok(hero.systemImage.options.includes('tram.fill'));
  assert.equal(hero.colors.kind, 'colors');
  assert.equal(hero.colors.minItems, 1);
  assert.ok(hero.colors.names.includes('indigo'));
  assert.deepEqual(hero.colors.default, ['orange', 'pink', 'purple']);
  assert.equal(fieldProblem(hero.colors, []), 'needs at least 1');
  assert.equal(fieldProblem(hero.colors, ['indigo', [1, 0, 0, 1]]), '');
  assert.equal(fieldProblem(hero.colors, ['mauve']), 'is not a known colour name');
  assert.equal(hero.rows.kind, 'json');
  assert.deepEqual(defaultsOf(fieldsFromSchema(schema('curtain'))), { folds: 4 });
});

test('a list a repeat keys by an item refuses two entries with one value of it', () => {
  // As `morph export --component Examples/components/pager.json --config-schema` writes the field.
  const pager = {
    type: 'object',
    properties: {
      pages: {
        type: 'array', minItems: 0, maxItems: 8, uniqueItems: true, 'x-uniqueKeys': ['title'],
        items: { type: 'object', required: ['title', 'symbol'], properties: { title: { type: 'string' }, symbol: { type: 'string' } } },
      },
    },
  };
  const { pages } = byKey(fieldsFromSchema(pager));
  assert.equal(pages.kind, 'json');
  assert.deepEqual(pages.uniqueKeys, ['title']);
  const page = (title, symbol = 'fork.knife') => ({ title, symbol });
  assert.equal(fieldProblem(pages, [page('A'), page('B')]), '');
  assert.equal(fieldProblem(pages, [page('A'), page('B'), page('A', 'waveform')]),
    "pages[2].title: 'A' is also pages[0]'s title: a repeat keys its nodes by title, so each entry's title is different");
  // A list no repeat keys (the hero card's rows) takes any entries.
  const hero = byKey(fieldsFromSchema(schema('hero-card')));
  assert.equal(hero.rows.uniqueKeys, undefined);
  assert.equal(fieldProblem(hero.rows, [{ title: 'A' }, { title: 'A' }]), '');
});

test('references resolve through the bundled copy of another file', () => {
  const root = schema('scene'); // bundles display-list.schema.json (scripts/bundle_schemas.py)
  const { schema: colour } = resolveRef(root, { $ref: 'display-list.schema.json#/$defs/color' });
  assert.equal(colour.minItems, 4);
  assert.deepEqual(resolveRef(root, { $ref: 'missing.json#/x' }), {});
});

test('set values, documents, colours and labels', () => {
  assert.equal(setValue(0.5), 0.5);
  assert.equal(setValue(true), true);
  assert.equal(setValue('123'), '"123"', 'a title that looks like a number stays a string');
  assert.equal(setValue([1, 0, 0, 1]), '[1,0,0,1]');
  assert.deepEqual(configurationDocument('curtain', { format: 'x', folds: 3 }), {
    format: 'morph.config.curtain', version: 1, folds: 3,
  });
  assert.equal(hexOf([1, 0.5, 0, 1]), '#ff8000');
  assert.deepEqual(rgbaOf('#ff8000', 0.25), [1, 0.502, 0, 0.25]);
  assert.equal(humanize('artA'), 'Art a');
});

test('a copied link reads back as the same session, configuration and viewport', () => {
  const href = linkFor('http://127.0.0.1:8080/?debug=1&frames=x.json&ws=ws://h/', {
    session: 'ab12', component: 'curtain', configuration: { folds: 6 }, viewport: [430, 932],
  });
  const params = new URL(href).searchParams;
  assert.equal(params.get('debug'), '1');
  assert.equal(params.get('ws'), 'ws://h/');
  assert.equal(params.get('frames'), null);
  assert.deepEqual(readLink(params), {
    session: 'ab12', component: 'curtain', configuration: { folds: 6 }, viewport: [430, 932], environment: undefined,
  });
  // The environment rides along; only the protocol's fields, each of its type, are read back.
  const withEnvironment = linkFor('http://h/', {
    session: 's', component: 'curtain', environment: { reduceMotion: true, dynamicType: 'xxL', colorScheme: 'dark' },
  });
  assert.deepEqual(readLink(new URL(withEnvironment).searchParams).environment,
    { reduceMotion: true, dynamicType: 'xxL', colorScheme: 'dark' });
  const odd = readLink(new URLSearchParams('env=' + encodeURIComponent('{"reduceMotion":"yes","colorScheme":"sepia","x":1}')));
  assert.equal(odd.environment, undefined);
  const bad = readLink(new URLSearchParams('config=%7Bnot&viewport=0x10'));
  assert.equal(bad.configuration, undefined);
  assert.equal(bad.viewport, undefined);
  assert.equal(MAX_MESSAGE_BYTES, 65536);
});

test('a reloaded file: changed defaults found by key, applied only where unedited and still at the old default', () => {
  const before = [
    { key: 'radius', label: 'Radius', default: 28 },
    { key: 'damping', label: 'Damping', default: 0.82 },
    { key: 'tint', label: 'Tint', default: [0, 0, 1, 1] },
    { key: 'gone', label: 'Gone', default: 1 },
    { key: 'title', label: 'Title', default: 'A' },
  ];
  const after = [
    { key: 'radius', label: 'Radius', default: 12 },
    { key: 'damping', label: 'Damping', default: 0.6 },
    { key: 'tint', label: 'Tint', default: [0, 0, 1, 0.5] },
    { key: 'title', label: 'Title', default: 'A' },
    { key: 'fresh', label: 'Fresh', default: 3 },
  ];
  const changes = defaultChanges(before, after);
  assert.deepEqual(changes.map((c) => [c.key, c.from, c.to]), [
    ['radius', 28, 12], ['damping', 0.82, 0.6], ['tint', [0, 0, 1, 1], [0, 0, 1, 0.5]],
  ]);
  const [radius, damping, tint] = changes;
  assert.ok(followsNewDefault(radius, 28, new Set()));
  assert.ok(!followsNewDefault(radius, 28, new Set(['radius'])), 'edited back to the old default: kept');
  assert.ok(!followsNewDefault(damping, 0.7, new Set()), 'a value off the old default came from somewhere: kept');
  assert.ok(followsNewDefault(tint, [0, 0, 1, 1], new Set(['radius'])), 'colours compare by value');
});

test('a named colour resolves through the server\'s table in the session\'s scheme; an array is itself', () => {
  // welcome's systemColors as a scripted morphd sent them (MorphServerTests' golden).
  const welcome = JSON.parse(readFileSync(
    fileURLToPath(new URL('../../Tests/MorphServerTests/__Goldens__/Protocol/server-welcome.json', import.meta.url)), 'utf8'));
  const colours = welcome.systemColors;
  assert.deepEqual(resolvedColour('label', colours, 'light'), [0, 0, 0, 1]);
  assert.deepEqual(resolvedColour('label', colours, 'dark'), [1, 1, 1, 1]);
  assert.equal(resolvedColour('tertiaryLabel', colours, 'dark')[3], 0.3, 'the alpha comes with the name');
  assert.deepEqual(resolvedColour([0.1, 0.2, 0.3, 0.4], colours, 'dark'), [0.1, 0.2, 0.3, 0.4]);
  assert.equal(resolvedColour('notAColour', colours, 'light'), null, 'a name the server gave no value for has none');
  assert.equal(resolvedColour('label', {}, 'light'), null, 'nor does any name from a server that sent no table');
  assert.equal(cssColour([1, 0.5, 0, 0.3]), 'rgb(255 128 0 / 0.3)');
  assert.equal(cssColour([2, -1, 0, 1.5]), 'rgb(255 0 0 / 1)', 'clamped as the display list clamps');
});

test('a spring field: its two forms from the schema, values checked in either, the other form only from the server', () => {
  const root = {
    properties: {
      open: {
        oneOf: [
          { title: 'response and damping fraction', type: 'object', required: ['response', 'dampingFraction'],
            properties: { response: { type: 'number', minimum: 0 }, dampingFraction: { type: 'number', minimum: 0, maximum: 10 } } },
          { title: 'duration and bounce', type: 'object', required: ['duration', 'bounce'],
            properties: { duration: { type: 'number', minimum: 0 }, bounce: { type: 'number', minimum: -0.9, maximum: 1 } } },
        ],
        default: { response: 0.42, dampingFraction: 0.82 },
      },
    },
  };
  const [field] = fieldsFromSchema(root);
  assert.equal(field.kind, 'spring');
  assert.deepEqual(field.forms.map((f) => [f.title, f.labels]), [
    ['response and damping fraction', ['Response', 'Damping fraction']], ['duration and bounce', ['Duration', 'Bounce']],
  ]);
  assert.equal(springForm(field, { duration: 1, bounce: 0 }), 1);
  assert.equal(springForm(field, { response: 1 }), -1);
  assert.equal(fieldProblem(field, { response: 0.5, dampingFraction: 0.8 }), '');
  assert.equal(fieldProblem(field, { duration: 0.5, bounce: 1.5 }), 'bounce must be at most 1');
  assert.equal(fieldProblem(field, { response: 0.5 }), 'must be response and dampingFraction, or duration and bounce');
  const both = { response: 0.42, dampingFraction: 0.82, duration: 0.42, bounce: 0.18000000000000005 };
  assert.deepEqual(springInForm(field, field.default, both, 1), { duration: 0.42, bounce: 0.18000000000000005 });
  assert.deepEqual(springInForm(field, field.default, both, 0), field.default);
  assert.equal(springInForm(field, { response: 0.5, dampingFraction: 0.82 }, both, 1), null, 'the server has not sent this spring yet');
  assert.equal(springInForm(field, field.default, undefined, 1), null);
  // A colour oneOf is still a colour, not a spring.
  assert.equal(fieldsFromSchema(schema('morph-container')).find((f) => f.key === 'surface').kind, 'color');
});
