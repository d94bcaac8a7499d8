import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  configurationDocument, defaultsOf, fieldProblem, fieldsFromSchema, hexOf, humanize, resolveRef, rgbaOf, setValue,
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
