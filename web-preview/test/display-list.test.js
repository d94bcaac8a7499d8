// Fixtures and Swift goldens: each must follow display-list.md and render through the ops
// table with balanced save/restore on every context.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDisplayList, validateClientMessage, validateServerMessage } from '../js/protocol.js';
import { renderList } from '../js/ops.js';
import { parseFrames } from '../js/replay.js';
import { RecordingContext, layerFactory } from './recording-context.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

const KEY_ORDER = {
  list: ['format', 'version', 'component', 'size', 'time', 'background', 'ops', 'accessibility'],
  push: ['op', 'id', 'transform', 'opacity', 'clip', 'shadow', 'effect'],
  fill: ['op', 'id', 'path', 'paint', 'rule'],
  stroke: ['op', 'id', 'path', 'color', 'width', 'cap', 'join'],
  text: ['op', 'id', 'font', 'color', 'lines'],
  pop: ['op'],
  a11y: ['id', 'role', 'label', 'value', 'hint', 'frame'],
};
const DEFAULTS = { rule: 'nonzero', cap: 'butt', join: 'miter', opacity: 1 };

/** Problems with the canonical form: key order, omitted defaults, number format. */
function canonicalProblems(text, list) {
  const problems = [];
  const inOrder = (keys, order, where) => {
    const known = keys.filter((k) => order.includes(k));
    const sorted = [...known].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    if (known.join() !== sorted.join()) problems.push(`${where}: keys out of order (${known.join()})`);
  };
  inOrder(Object.keys(list), KEY_ORDER.list, 'list');
  list.ops.forEach((op, i) => {
    if (KEY_ORDER[op.op]) inOrder(Object.keys(op), KEY_ORDER[op.op], `ops[${i}]`);
    for (const [k, v] of Object.entries(DEFAULTS)) if (op[k] === v) problems.push(`ops[${i}]: default ${k} written`);
  });
  list.accessibility.forEach((e, i) => inOrder(Object.keys(e), KEY_ORDER.a11y, `accessibility[${i}]`));
  if (/\s(?=(?:[^"]*"[^"]*")*[^"]*$)/.test(text.trim())) problems.push('whitespace outside strings');
  if (/[eE][+-]?\d/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) problems.push('exponent notation');
  if (/-0(?![.\d])/.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) problems.push('-0 written');
  return problems;
}

function renderChecked(list) {
  // The reference renderer visits every op; the optimised one may skip invisible groups.
  let referenceCalls = null;
  for (const reference of [true, false]) {
    const ctx = new RecordingContext('main');
    const layers = layerFactory(ctx.calls);
    const [w, h] = list.size;
    const stats = renderList(ctx, list, { scale: 2, pixelWidth: w * 2, pixelHeight: h * 2, createLayer: layers.create, markEffects: true, reference });
    assert.equal(ctx.depth, 0, 'main context balanced');
    for (const layer of layers.made) assert.equal(layer.ctx.depth, 0, 'layer balanced');
    for (const layer of layers.made) assert.ok(layer.canvas.width <= w * 2 && layer.canvas.height <= h * 2, 'layer within the back buffer');
    if (reference) {
      assert.equal(stats.drawn, list.ops.length);
      referenceCalls = ctx.calls;
    } else {
      assert.ok(stats.drawn <= list.ops.length);
    }
  }
  return referenceCalls;
}

const fixtureDir = join(here, 'fixtures');
for (const name of readdirSync(fixtureDir).filter((n) => /\.jsonl?$/.test(n))) {
  test(`fixture ${name} follows display-list.md and renders balanced`, () => {
    const text = readFileSync(join(fixtureDir, name), 'utf8');
    const lists = parseFrames(text);
    assert.ok(lists.length > 0);
    const rawLists = name.endsWith('.jsonl') ? text.trim().split('\n') : [JSON.stringify(JSON.parse(text)[0])];
    lists.forEach((list, i) => {
      assert.deepEqual(validateDisplayList(list), []);
      assert.deepEqual(canonicalProblems(rawLists[i] ?? JSON.stringify(list), list), []);
      const calls = renderChecked(list);
      const texts = list.ops.filter((o) => o.op === 'text').flatMap((o) => o.lines.map((l) => l.text));
      assert.deepEqual(calls.filter((c) => c[1] === 'fillText').map((c) => c[2]), texts);
    });
  });
}

test('the canonical check catches what display-list.md forbids', () => {
  const list = { format: 'morph.display-list', version: 1, component: 'curtain', size: [1, 1], time: 0, background: [1, 1, 1, 1], ops: [{ op: 'fill', id: 'a', paint: { type: 'solid', color: [0, 0, 0, 1] }, path: [], rule: 'nonzero' }], accessibility: [] };
  assert.deepEqual(canonicalProblems('{"a": -0, "b":1e-7}', list), [
    'ops[0]: keys out of order (op,id,paint,path,rule)', 'ops[0]: default rule written',
    'whitespace outside strings', 'exponent notation', '-0 written',
  ]);
});

/** Every *.json under Tests/<Target>/__Goldens__/ that is a display list (or frames of them). */
function goldenLists() {
  const root = join(repo, 'Tests');
  const found = [];
  const walk = (dir, inGoldens) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, inGoldens || name === '__Goldens__');
      else if (inGoldens && /\.jsonl?$/.test(name)) found.push(path);
    }
  };
  if (existsSync(root)) walk(root, false);
  const lists = [];
  const messages = [];
  for (const path of found) {
    const text = readFileSync(path, 'utf8');
    let items;
    try {
      items = path.endsWith('.jsonl') ? text.trim().split('\n').map((l) => JSON.parse(l)) : [JSON.parse(text)];
    } catch { continue; }
    items.flat().forEach((item, i) => {
      const list = item?.type === 'frame' ? item.list : item;
      const name = `${path.slice(repo.length + 1)}#${i}`;
      if (list?.format === 'morph.display-list') lists.push({ name, list });
      if (typeof item?.type === 'string') messages.push({ name, message: item });
    });
  }
  return { lists, messages };
}

const { lists: goldens, messages: goldenMessages } = goldenLists();
test('Swift goldens: every display list validates and renders balanced', async (t) => {
  assert.ok(goldens.length > 0, 'no display-list goldens found under Tests/*/__Goldens__');
  for (const { name, list } of goldens) {
    await t.test(name, () => {
      assert.deepEqual(validateDisplayList(list), []);
      renderChecked(list);
    });
  }
});

test('Swift goldens: every protocol message validates as client or server message', async (t) => {
  assert.ok(goldenMessages.length > 0, 'no protocol goldens found under Tests/*/__Goldens__');
  for (const { name, message } of goldenMessages) {
    await t.test(name, () => {
      const client = validateClientMessage(message);
      const server = validateServerMessage(message);
      assert.ok(client.length === 0 || server.length === 0, `client: ${client.join('; ')} / server: ${server.join('; ')}`);
    });
  }
});
