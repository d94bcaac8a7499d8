import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HISTORY_SECONDS, PropertyHistory, hitTest, machineLayout, nodeProperties, readNodes, sceneTree,
} from '../js/inspector.js';

const here = dirname(fileURLToPath(import.meta.url));
const goldens = join(here, '..', '..', 'Tests', 'MorphKitTests', '__Goldens__');
const read = (path) => JSON.parse(readFileSync(join(goldens, path), 'utf8'));

// The container half open: its display list and the scene MorphKit resolved it from, whose
// node frames are the independent truth for the inspector's reading of the list.
const list = read('MorphContainerTests/progress-0.5.display-list.json');
const scene = read('MorphContainerTests/progress-0.5.scene.json');
const sceneFrames = new Map();
(function walk(node) {
  sceneFrames.set(node.id, node.frame);
  for (const child of node.children ?? []) walk(child);
})(scene.root);

test('the tree follows the list\'s push/pop nesting, with each node\'s kind', () => {
  const tree = sceneTree(list);
  assert.deepEqual(tree.children.map((n) => [n.id, n.kind]), [['card', 'group']]);
  const card = tree.children[0];
  assert.deepEqual(card.children.map((n) => n.id),
    ['surface', 'artwork', 'artwork.icon', 'title', 'subtitle', 'chevron', 'body', 'actions']);
  assert.deepEqual(card.children[2].children.map((n) => [n.id, n.kind]), [['waveform', 'stroke']]);
  assert.equal(sceneTree({ ops: [{ op: 'pop' }, { op: 'fill', id: 'a', path: [] }] }).children[0].id, 'a', 'a stray pop is ignored');
});

test('shapes, icons and clipped groups have the frames MorphKit resolved for the scene', () => {
  for (const id of ['card', 'surface', 'artwork', 'waveform', 'play', 'save']) {
    const properties = nodeProperties(list, id);
    const [x, y, w, h] = sceneFrames.get(id);
    for (const [key, expected] of [['x', x], ['y', y], ['width', w], ['height', h]]) {
      assert.ok(Math.abs(properties[key] - expected) <= 0.01, `${id}.${key}: ${properties[key]} vs ${expected}`);
    }
  }
});

test('opacity is cumulative and the drawing properties are the op\'s', () => {
  assert.equal(nodeProperties(list, 'play').opacity, 0, 'actions are hidden half open');
  const surface = nodeProperties(list, 'surface');
  assert.equal(surface.kind, 'fill');
  assert.deepEqual(surface.color, [1, 1, 1, 1]);
  assert.equal(nodeProperties(list, 'artwork').paint, 'linear');
  assert.equal(nodeProperties(list, 'waveform').lineWidth, 3.08);
  const title = nodeProperties(list, 'title.text');
  assert.equal(title.kind, 'text');
  assert.equal(title.text, 'Northern Lights');
  assert.match(title.font, /^Inter 600 /);
  assert.deepEqual(nodeProperties(list, 'card').transform, [1, 0, 0, 1, 30, 100]);
  assert.equal(nodeProperties(list, 'no-such-node'), null);
});

test('text frames come from the measure the page gives, placed on the baseline', () => {
  const measure = (text, font) => text.length * font.size; // 1 em a character
  const text = { op: 'text', id: 't', font: { family: 'Inter', weight: 400, size: 10 }, color: [0, 0, 0, 1],
    lines: [{ x: 5, y: 20, text: 'abc' }, { x: 5, y: 34, text: 'abcdef' }] };
  const p = nodeProperties({ ops: [{ op: 'push', id: 'g', transform: [2, 0, 0, 2, 100, 0] }, text, { op: 'pop' }] }, 't', measure);
  assert.deepEqual([p.x, p.y, p.width, p.height], [110, 20.6, 120, 52.4]);
});

test('the node under a point is the topmost shown drawing op, else the innermost group', () => {
  // The card's artwork (38…240 × 108…238) lies over its surface; the hidden buttons are skipped.
  assert.equal(hitTest(list, { x: 100, y: 150 }), 'artwork');
  assert.equal(hitTest(list, { x: 300, y: 300 }), 'surface');
  assert.equal(hitTest(list, { x: 100, y: 420 }), null, 'the hidden play button is not hit');
  assert.equal(hitTest(list, { x: 5, y: 5 }), null);
  const empty = { ops: [{ op: 'push', id: 'g', clip: [['M', 0, 0], ['L', 10, 0], ['L', 10, 10], ['Z']] }, { op: 'pop' }] };
  assert.equal(hitTest(empty, { x: 5, y: 5 }), 'g');
  assert.equal(readNodes(empty).get(0).box.join(), '0,0,10,10');
});

test('the history keeps the last seconds of each plotted property and starts over when time goes back', () => {
  const history = new PropertyHistory();
  for (let i = 0; i <= 70; i += 1) history.add(i / 10, { x: i, y: 2 * i, opacity: 1, id: 'n' });
  const xs = history.points('x');
  assert.equal(xs[xs.length - 1].t, 7);
  assert.ok(xs[0].t >= 7 - HISTORY_SECONDS - 1e-9 && xs[0].t < 2.01, `oldest ${xs[0].t}`);
  assert.deepEqual(history.points('id'), [], 'only numbers are kept');
  history.add(0.5, { x: 1 });
  assert.deepEqual(history.points('x'), [{ t: 0.5, value: 1 }]);
});

test('the machine is laid out on a circle, initial state at the top, edges grouped by their ends', () => {
  const machine = {
    states: ['collapsed', 'expanding', 'expanded', 'collapsing'],
    transitions: [
      { from: 'collapsed', event: 'tap(card)', to: 'expanding' },
      { from: 'collapsed', event: 'tap(card)', to: 'expanded' },
      { from: 'expanding', event: 'settled(progress)', to: 'expanded' },
      { from: 'expanding', event: 'environment', to: 'expanded' },
      { from: 'expanded', event: 'set', to: 'expanded' },
    ],
  };
  const { states, edges } = machineLayout(machine, 200);
  assert.deepEqual(states[0], { name: 'collapsed', x: 100, y: 48 });
  assert.deepEqual(states[1], { name: 'expanding', x: 152, y: 100 });
  assert.equal(edges.length, 4);
  assert.deepEqual(edges[2], { from: 'expanding', to: 'expanded', events: ['settled(progress)', 'environment'], loop: false });
  assert.equal(edges[3].loop, true);
});
