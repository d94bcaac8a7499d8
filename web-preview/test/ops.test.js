import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderList, OPS, cssColor, multiply, groupInfo, linePieces, SIGMA_PER_RADIUS } from '../js/ops.js';
import { RecordingContext, layerFactory } from './recording-context.js';

const rect = (x, y, w, h) => [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']];
const list = (ops, size = [100, 50]) => ({
  format: 'morph.display-list', version: 1, component: 'curtain', size, time: 0,
  background: [1, 1, 1, 1], ops, accessibility: [],
});

function render(ops, options = {}) {
  const ctx = new RecordingContext('main');
  const layers = layerFactory(ctx.calls);
  const stats = renderList(ctx, list(ops, options.size), {
    scale: 2, pixelWidth: 200, pixelHeight: 100, createLayer: layers.create, ...options,
  });
  return { ctx, layers, stats, calls: ctx.calls };
}

/** The calls between the prologue (clear + background) and the final restore. */
function body(calls) {
  const start = calls.findIndex((c) => c[1] === 'fillRect') + 1;
  return calls.slice(start, -1);
}

test('prologue clears the back buffer in pixels, then fills the background in points', () => {
  const { calls } = render([]);
  assert.deepEqual(calls, [
    ['main', 'save'],
    ['main', 'setTransform', 1, 0, 0, 1, 0, 0],
    ['main', 'clearRect', 0, 0, 200, 100],
    ['main', 'setTransform', 2, 0, 0, 2, 0, 0],
    ['main', 'fillStyle=', 'rgba(255, 255, 255, 1)'],
    ['main', 'fillRect', 0, 0, 100, 50],
    ['main', 'restore'],
  ]);
});

test('fill traces every path command and uses the rule', () => {
  const { calls } = render([{
    op: 'fill', id: 'a',
    path: [['M', 1, 2], ['L', 3, 4], ['C', 5, 6, 7, 8, 9, 10], ['Q', 11, 12, 13, 14], ['Z']],
    paint: { type: 'solid', color: [0.184, 0.435, 0.929, 0.5] }, rule: 'evenodd',
  }]);
  assert.deepEqual(body(calls), [
    ['main', 'beginPath'],
    ['main', 'moveTo', 1, 2],
    ['main', 'lineTo', 3, 4],
    ['main', 'bezierCurveTo', 5, 6, 7, 8, 9, 10],
    ['main', 'quadraticCurveTo', 11, 12, 13, 14],
    ['main', 'closePath'],
    ['main', 'fillStyle=', 'rgba(47, 111, 237, 0.5)'],
    ['main', 'fill', 'evenodd'],
  ]);
});

test('fill rule defaults to nonzero', () => {
  const { calls } = render([{ op: 'fill', id: 'a', path: rect(0, 0, 1, 1), paint: { type: 'solid', color: [0, 0, 0, 1] } }]);
  assert.deepEqual(body(calls).at(-1), ['main', 'fill', 'nonzero']);
});

test('linear gradient: endpoints and every stop, in order', () => {
  const { calls } = render([{
    op: 'fill', id: 'g', path: rect(0, 0, 10, 10),
    paint: { type: 'linear', from: [0, 0], to: [10, 5], stops: [
      { offset: 0, color: [1, 0.5, 0, 1] }, { offset: 0.25, color: [0, 0, 0, 0.25] }, { offset: 1, color: [0, 0, 1, 1] }] },
  }]);
  assert.deepEqual(calls.find((c) => c[1] === 'createLinearGradient'), ['main', 'createLinearGradient', 0, 0, 10, 5]);
  const style = calls.find((c) => c[1] === 'fillStyle=' && typeof c[2] === 'object')[2];
  assert.deepEqual(style.stops, [[0, 'rgba(255, 128, 0, 1)'], [0.25, 'rgba(0, 0, 0, 0.25)'], [1, 'rgba(0, 0, 255, 1)']]);
});

test('stroke sets colour, width, cap and join, with butt/miter defaults', () => {
  const a = render([{ op: 'stroke', id: 's', path: [['M', 0, 0], ['L', 5, 5]], color: [0.6, 0.6, 0.6, 1], width: 2, cap: 'round', join: 'round' }]);
  assert.deepEqual(body(a.calls).slice(3), [
    ['main', 'strokeStyle=', 'rgba(153, 153, 153, 1)'],
    ['main', 'lineWidth=', 2], ['main', 'lineCap=', 'round'], ['main', 'lineJoin=', 'round'],
    ['main', 'stroke'],
  ]);
  const b = render([{ op: 'stroke', id: 's', path: [['M', 0, 0]], color: [0, 0, 0, 1], width: 1 }]);
  assert.ok(b.calls.some((c) => c[1] === 'lineCap=' && c[2] === 'butt'));
  assert.ok(b.calls.some((c) => c[1] === 'lineJoin=' && c[2] === 'miter'));
});

test('text: font string from {family, weight, size}, one fillText per line at its baseline', () => {
  const { calls } = render([{
    op: 'text', id: 'title', font: { family: 'Inter', weight: 600, size: 24 }, color: [0.09, 0.09, 0.09, 1],
    lines: [{ x: 92, y: 44.2, text: 'Northern Lights' }, { x: 92, y: 70, text: 'second' }],
  }]);
  assert.deepEqual(body(calls), [
    ['main', 'font=', '600 24px "Inter", sans-serif'],
    ['main', 'fillStyle=', 'rgba(23, 23, 23, 1)'],
    ['main', 'textAlign=', 'left'],
    ['main', 'textBaseline=', 'alphabetic'],
    ['main', 'fillText', 'Northern Lights', 92, 44.2],
    ['main', 'fillText', 'second', 92, 70],
  ]);
});

test('text: tracking is CSS letter-spacing around the lines, reset after', () => {
  const { calls } = render([{
    op: 'text', id: 'caption', font: { family: 'Inter', weight: 500, size: 12, tracking: 0.2 }, color: [0, 0, 0, 1],
    lines: [{ x: 16, y: 75, text: 'SWIFTUI SNIPPETS' }],
  }]);
  assert.deepEqual(body(calls).slice(4), [
    ['main', 'letterSpacing=', '0.2px'],
    ['main', 'fillText', 'SWIFTUI SNIPPETS', 16, 75],
    ['main', 'letterSpacing=', '0px'],
  ]);
});

test('text: a negative tracking (SF Pro at 17 pt) is drawn as given, with no table of the page', () => {
  const { calls } = render([{
    op: 'text', id: 'intro', font: { family: 'Inter', weight: 400, size: 17, tracking: -0.43 }, color: [0, 0, 0, 1],
    lines: [{ x: 16, y: 40, text: 'This effect uses' }],
  }]);
  assert.deepEqual(body(calls).slice(4), [
    ['main', 'letterSpacing=', '-0.43px'],
    ['main', 'fillText', 'This effect uses', 16, 40],
    ['main', 'letterSpacing=', '0px'],
  ]);
});

test('text: a line with runs is drawn in pieces, each in its font from where the previous advance ended', () => {
  const mono = { family: 'DejaVu Sans Mono', weight: 400, size: 17 };
  const { calls } = render([{
    op: 'text', id: 'intro', font: { family: 'Inter', weight: 400, size: 17 }, color: [0, 0, 0, 1],
    lines: [{ x: 16, y: 40, text: 'a `Shader` b', runs: [{ start: 2, end: 10, font: mono }] }, { x: 16, y: 62, text: 'plain' }],
  }]);
  assert.deepEqual(body(calls).slice(4), [
    ['main', 'font=', '400 17px "Inter", sans-serif'],
    ['main', 'letterSpacing=', '0px'],
    ['main', 'fillText', 'a ', 16, 40],
    ['main', 'measureText', 'a '],
    ['main', 'font=', '400 17px "DejaVu Sans Mono", sans-serif'],
    ['main', 'letterSpacing=', '0px'],
    ['main', 'fillText', '`Shader`', 36, 40],
    ['main', 'measureText', '`Shader`'],
    ['main', 'font=', '400 17px "Inter", sans-serif'],
    ['main', 'letterSpacing=', '0px'],
    ['main', 'fillText', ' b', 116, 40],
    ['main', 'measureText', ' b'],
    ['main', 'font=', '400 17px "Inter", sans-serif'],
    ['main', 'letterSpacing=', '0px'],
    ['main', 'fillText', 'plain', 16, 62],
  ]);
});

test('linePieces cuts at Unicode scalar offsets, not UTF-16 units', () => {
  const mono = { family: 'DejaVu Sans Mono', weight: 400, size: 12 };
  const base = { family: 'Inter', weight: 400, size: 12 };
  // U+1F600 is one scalar but two UTF-16 units.
  assert.deepEqual(linePieces({ text: '\u{1F600}ab cd', runs: [{ start: 1, end: 3, font: mono }] }, base), [
    { text: '\u{1F600}', font: base }, { text: 'ab', font: mono }, { text: ' cd', font: base },
  ]);
  assert.deepEqual(linePieces({ text: 'List', runs: [{ start: 0, end: 4, font: mono }] }, base), [{ text: 'List', font: mono }]);
});

test('push applies transform then clip in the group coordinates; pop restores', () => {
  const { calls } = render([
    { op: 'push', id: 'g', transform: [1, 0, 0, 1, 10, 20], clip: rect(0, 0, 5, 5) },
    { op: 'fill', id: 'a', path: [['M', 0, 0]], paint: { type: 'solid', color: [0, 0, 0, 1] } },
    { op: 'pop' },
  ]);
  const b = body(calls);
  assert.deepEqual(b.slice(0, 3), [['main', 'save'], ['main', 'transform', 1, 0, 0, 1, 10, 20], ['main', 'beginPath']]);
  assert.deepEqual(b[8], ['main', 'clip']);
  assert.deepEqual(b.at(-1), ['main', 'restore']);
});

test('reference: opacity on a single-op group is plain globalAlpha, multiplied through nesting', () => {
  const { calls, stats } = render([
    { op: 'push', id: 'outer', opacity: 0.5 },
    { op: 'push', id: 'inner', opacity: 0.5 },
    { op: 'fill', id: 'a', path: [['M', 0, 0]], paint: { type: 'solid', color: [0, 0, 0, 1] } },
    { op: 'pop' },
    { op: 'pop' },
  ], { reference: true });
  // outer holds a group, so it needs a layer; inner holds one op, so it does not.
  assert.equal(stats.layersUsed, 1);
  assert.ok(calls.some((c) => c[0] === 'layer1' && c[1] === 'globalAlpha=' && c[2] === 0.5));
  const composite = calls.findIndex((c) => c[0] === 'main' && c[1] === 'drawImage');
  assert.deepEqual(calls[composite], ['main', 'drawImage', { label: 'layer1', width: 200, height: 100 }, 0, 0]);
  assert.deepEqual(calls.slice(composite - 3, composite), [
    ['main', 'save'], ['main', 'setTransform', 1, 0, 0, 1, 0, 0], ['main', 'globalAlpha=', 0.5],
  ]);
});

test('reference: a layer starts with the parent matrix and is composited with opacity and no shadow', () => {
  const { calls, layers } = render([
    { op: 'push', id: 'p', transform: [1, 0, 0, 1, 5, 0] },
    { op: 'push', id: 'fade', opacity: 0.25 },
    { op: 'fill', id: 'a', path: [['M', 0, 0]], paint: { type: 'solid', color: [1, 0, 0, 1] } },
    { op: 'fill', id: 'b', path: [['M', 0, 0]], paint: { type: 'solid', color: [1, 0, 0, 1] } },
    { op: 'pop' },
    { op: 'pop' },
  ], { reference: true });
  const own = layers.made[0].ctx.own();
  assert.deepEqual(own.slice(0, 4), [
    ['setTransform', 1, 0, 0, 1, 0, 0], ['clearRect', 0, 0, 200, 100],
    ['setTransform', 2, 0, 0, 2, 10, 0], ['save'],
  ]);
  assert.ok(!calls.some((c) => c[1] === 'shadowBlur='));
  assert.ok(calls.some((c) => c[0] === 'main' && c[1] === 'globalAlpha=' && c[2] === 0.25));
});

test('reference: shadow: blur = 2 sigma = 2 x radius x device scale, offset through the group matrix, colour tinted', () => {
  const { calls } = render([
    { op: 'push', id: 'card', transform: [1, 0, 0, 1, 3, 4], shadow: { color: [0, 0, 0, 0.16], radius: 34, offset: [0, 16] } },
    { op: 'fill', id: 'a', path: [['M', 0, 0]], paint: { type: 'solid', color: [1, 1, 1, 1] } },
    { op: 'pop' },
  ], { reference: true });
  const main = calls.filter((c) => c[0] === 'main').map((c) => c.slice(1));
  const at = main.findIndex((c) => c[0] === 'shadowColor=');
  assert.deepEqual(main.slice(at - 1, at + 5), [
    ['globalAlpha=', 1],
    ['shadowColor=', 'rgba(0, 0, 0, 0.16)'],
    ['shadowBlur=', 136],
    ['shadowOffsetX=', 0],
    ['shadowOffsetY=', 32],
    ['drawImage', { label: 'layer1', width: 200, height: 100 }, 0, 0],
  ]);
});

test('shadow blur follows a scaled group (Gaussian sd = radius in group points), set on a single op', () => {
  const { calls } = render([
    { op: 'push', id: 'card', transform: [0.5, 0, 0, 0.5, 0, 0], shadow: { color: [0, 0, 0, 1], radius: 8, offset: [4, 0] } },
    { op: 'fill', id: 'a', path: [['M', 0, 0]], paint: { type: 'solid', color: [1, 1, 1, 1] } },
    { op: 'pop' },
  ]);
  // Optimised: one op, no clip, so ctx.shadow* on that op directly (same values).
  assert.deepEqual(calls.find((c) => c[1] === 'shadowBlur='), ['main', 'shadowBlur=', 16]);
  assert.deepEqual(calls.find((c) => c[1] === 'shadowOffsetX='), ['main', 'shadowOffsetX=', 4]);
});

// The canvas cannot call Swift's Shadow.gaussianStandardDeviation(radius:): its rule is
// SIGMA_PER_RADIUS, checked here against the Swift function's golden (ShadowSigmaTests), and the
// shadowBlur drawn for each radius is 2 sigma x device scale (canvas blurs with shadowBlur / 2).
test('shadow sigma agrees with Swift Shadow.gaussianStandardDeviation (its golden)', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const golden = JSON.parse(readFileSync(
    join(here, '..', '..', 'Tests', 'MorphKitTests', '__Goldens__', 'ShadowSigmaTests', 'standard-deviations.json'), 'utf8'));
  assert.equal(golden.rule, 'Shadow.gaussianStandardDeviation(radius:)');
  assert.ok(golden.radius.length >= 4 && golden.radius.length === golden.sigma.length);
  golden.radius.forEach((radius, i) => {
    assert.equal(SIGMA_PER_RADIUS * radius, golden.sigma[i], `sigma for radius ${radius}`);
    const { calls } = render([
      { op: 'push', id: 'card', shadow: { color: [0, 0, 0, 1], radius, offset: [0, 0] } },
      { op: 'fill', id: 'a', path: rect(0, 0, 10, 10), paint: { type: 'solid', color: [1, 1, 1, 1] } },
      { op: 'pop' },
    ]);
    // Device scale 2 (render's default), so shadowBlur = 2 sigma x 2.
    assert.deepEqual(calls.find((c) => c[1] === 'shadowBlur='), ['main', 'shadowBlur=', 4 * golden.sigma[i]], `radius ${radius}`);
  });
});

test('save/restore stay balanced on every context, even for an unbalanced list', () => {
  const ops = [
    { op: 'push', id: 'a', opacity: 0.5, shadow: { color: [0, 0, 0, 1], radius: 2, offset: [0, 0] } },
    { op: 'push', id: 'b', clip: rect(0, 0, 1, 1) },
    { op: 'fill', id: 'x', path: rect(0, 0, 1, 1), paint: { type: 'solid', color: [0, 0, 0, 1] } },
    { op: 'pop' },
    { op: 'push', id: 'c' }, // never closed
  ];
  const { ctx, layers } = render(ops);
  assert.equal(ctx.depth, 0);
  for (const layer of layers.made) assert.equal(layer.ctx.depth, 0);
  const saves = ctx.calls.filter((c) => c[1] === 'save').length;
  assert.equal(saves, ctx.calls.filter((c) => c[1] === 'restore').length);
});

test('curtain effect: content drawn unchanged plus a mark; a server raster replaces the ops', () => {
  const effect = { kind: 'curtain', bounds: [0, 0, 100, 50], drag: [60, 10], folds: 4 };
  const ops = [
    { op: 'push', id: 'foreground', effect },
    { op: 'fill', id: 'surface', path: rect(0, 0, 100, 50), paint: { type: 'solid', color: [1, 0, 0, 1] } },
    { op: 'pop' },
  ];
  const plain = render(ops);
  assert.ok(plain.calls.some((c) => c[1] === 'fill'));
  assert.ok(!plain.calls.some((c) => c[1] === 'stroke'), 'no mark unless asked');
  const marked = render(ops, { markEffects: true });
  const mark = marked.calls.filter((c) => c[1] === 'moveTo').at(-1);
  assert.equal(mark[2], 55, 'mark sits just left of the drag x');

  const image = { label: 'tile' };
  const rastered = render(ops, { markEffects: true, effectRaster: (op) => (op.id === 'foreground' ? { image } : null) });
  assert.ok(!rastered.calls.some((c) => c[1] === 'fill'), 'the group ops are skipped');
  assert.deepEqual(rastered.calls.find((c) => c[1] === 'drawImage'), ['main', 'drawImage', image, 0, 0, 100, 50]);
  assert.equal(rastered.ctx.depth, 0);
});

test('layers are pooled across renders', () => {
  const ctx = new RecordingContext('main');
  const layers = layerFactory(ctx.calls);
  const pool = [];
  const ops = [{ op: 'push', id: 'a', shadow: { color: [0, 0, 0, 1], radius: 1, offset: [0, 0] } }, { op: 'pop' }];
  for (let i = 0; i < 3; i += 1) renderList(ctx, list(ops), { scale: 1, pixelWidth: 10, pixelHeight: 10, createLayer: layers.create, layerPool: pool, reference: true });
  assert.equal(layers.made.length, 1);
});

test('helpers: colours clamp and round, matrices compose like canvas transform()', () => {
  assert.equal(cssColor([1.2, -0.1, 0.5, 0.33333]), 'rgba(255, 0, 128, 0.3333)');
  assert.deepEqual(multiply([2, 0, 0, 2, 10, 10], [1, 0, 0, 1, 5, 5]), [2, 0, 0, 2, 20, 20]);
  assert.deepEqual(multiply([0, 1, -1, 0, 0, 0], [1, 0, 0, 1, 3, 0]), [0, 1, -1, 0, 0, 3]);
  const info = groupInfo([{ op: 'push' }, { op: 'fill' }, { op: 'pop' }, { op: 'push' }, { op: 'push' }, { op: 'pop' }, { op: 'pop' }]);
  assert.deepEqual(info[0], { pop: 2, single: true });
  assert.deepEqual(info[3], { pop: 6, single: false });
  assert.equal(typeof OPS.push, 'function');
});

// -- The optimised renderer: layers only where they change pixels, sized to the group. ----

const solid = (id, path, alpha = 1) => ({ op: 'fill', id, path, paint: { type: 'solid', color: [1, 1, 1, alpha] } });
const shadow = { color: [0, 0, 0, 0.25], radius: 10, offset: [0, 4] };

test('a fully transparent group draws nothing, not even its shadow', () => {
  const { calls, stats } = render([
    { op: 'push', id: 'gone', opacity: 0, shadow },
    solid('a', rect(0, 0, 10, 10)), solid('b', rect(5, 5, 10, 10)),
    { op: 'pop' },
  ]);
  assert.deepEqual(body(calls), []);
  assert.equal(stats.layersUsed, 0);
});

test('a shadow on one unclipped op is set on that op: no layer', () => {
  const { calls, stats } = render([
    { op: 'push', id: 'card', transform: [1, 0, 0, 1, 3, 4], shadow },
    solid('a', rect(0, 0, 10, 10)),
    { op: 'pop' },
  ]);
  assert.equal(stats.layersUsed, 0);
  const b = body(calls).map((c) => c.slice(1));
  const at = b.findIndex((c) => c[0] === 'shadowBlur=');
  assert.deepEqual(b.slice(at - 1, at + 3), [
    ['shadowColor=', 'rgba(0, 0, 0, 0.25)'], ['shadowBlur=', 40], ['shadowOffsetX=', 0], ['shadowOffsetY=', 8],
  ]);
  assert.ok(b.findIndex((c) => c[0] === 'fill') > at, 'the fill comes after the shadow settings');
});

test('a clipped group over an opaque covering rectangle: the clip casts the shadow alone', () => {
  const clip = rect(2, 2, 20, 10);
  const { calls, stats } = render([
    { op: 'push', id: 'card', transform: [1, 0, 0, 1, 10, 0], clip, shadow },
    solid('surface', rect(0, 0, 30, 20)), solid('art', rect(4, 4, 5, 5), 0.5),
    { op: 'pop' },
  ]);
  assert.equal(stats.layersUsed, 0);
  const b = body(calls).map((c) => c.slice(1));
  // Clip box in device px: x 24...64; shifted right of the 200 px target: ceil(200 - 24) + 64.
  const shift = 240;
  assert.deepEqual(b.slice(0, 8), [
    ['save'], ['setTransform', 2, 0, 0, 2, 20 + shift, 0], ['globalAlpha=', 1],
    ['shadowColor=', 'rgba(0, 0, 0, 0.25)'], ['shadowBlur=', 40], ['shadowOffsetX=', -shift], ['shadowOffsetY=', 8],
    ['beginPath'],
  ]);
  const restore = b.findIndex((c) => c[0] === 'restore');
  assert.deepEqual(b.slice(restore - 2, restore), [['fillStyle=', '#000'], ['fill']]);
  // Then the content, directly, under the clip and without shadow settings.
  assert.equal(b.slice(restore).filter((c) => c[0] === 'fill').length, 2);
  assert.ok(!b.slice(restore).some((c) => c[0] === 'shadowBlur='));
});

test('no clip shortcut when the first op is translucent or does not cover the clip', () => {
  for (const first of [solid('s', rect(0, 0, 30, 20), 0.9), solid('s', rect(3, 0, 30, 20))]) {
    const { stats } = render([
      { op: 'push', id: 'card', clip: rect(2, 2, 20, 10), shadow }, first, solid('art', rect(4, 4, 5, 5)), { op: 'pop' },
    ]);
    assert.equal(stats.layersUsed, 1);
  }
});

test('a layer covers the group clip in device pixels, plus 2 px, and lands at its origin', () => {
  const { calls, layers } = render([
    { op: 'push', id: 'fade', transform: [1, 0, 0, 1, 10, 5], clip: rect(0.25, 0, 20, 10), opacity: 0.5 },
    solid('a', rect(0, 0, 50, 50)), solid('b', rect(1, 1, 5, 5)),
    { op: 'pop' },
  ]);
  // Clip in device px: x 20.5...60.5, y 10...30 -> floor/ceil of +-2: x 18...63, y 8...32.
  assert.deepEqual([layers.made[0].canvas.width, layers.made[0].canvas.height], [45, 24]);
  const own = layers.made[0].ctx.own();
  assert.deepEqual(own.slice(0, 3), [['setTransform', 1, 0, 0, 1, 0, 0], ['clearRect', 0, 0, 45, 24], ['setTransform', 2, 0, 0, 2, -18, -8]]);
  assert.deepEqual(calls.find((c) => c[0] === 'main' && c[1] === 'drawImage'),
    ['main', 'drawImage', { label: 'layer1', width: 45, height: 24 }, 0, 0, 45, 24, 18, 8, 45, 24]);
  assert.ok(calls.some((c) => c[0] === 'main' && c[1] === 'globalAlpha=' && c[2] === 0.5));
});

test('opacity over ops that cannot overlap is globalAlpha; overlapping ops get a layer', () => {
  const apart = render([
    { op: 'push', id: 'g', opacity: 0.5 }, solid('a', rect(0, 0, 10, 10)), solid('b', rect(20, 0, 10, 10)), { op: 'pop' },
  ]);
  assert.equal(apart.stats.layersUsed, 0);
  assert.equal(apart.calls.filter((c) => c[1] === 'globalAlpha=' && c[2] === 0.5).length, 1);
  const touching = render([
    { op: 'push', id: 'g', opacity: 0.5 }, solid('a', rect(0, 0, 10, 10)), solid('b', rect(9, 0, 10, 10)), { op: 'pop' },
  ]);
  assert.equal(touching.stats.layersUsed, 1);
});

test('layers of changing sizes reuse one pooled canvas, grown to the largest', () => {
  const ctx = new RecordingContext('main');
  const layers = layerFactory(ctx.calls);
  const pool = [];
  for (const size of [10, 30, 20]) {
    const ops = [{ op: 'push', id: 'g', opacity: 0.5 }, solid('a', rect(0, 0, size, size)), solid('b', rect(1, 1, 2, 2)), { op: 'pop' }];
    renderList(ctx, list(ops), { scale: 1, pixelWidth: 100, pixelHeight: 50, createLayer: layers.create, layerPool: pool });
  }
  assert.equal(layers.made.length, 1);
  assert.deepEqual([pool[0].canvas.width, pool[0].canvas.height], [32, 32]);
});

// The container's 400 x 440 viewport is SwiftUI's `.frame`, which clips nothing: a list with
// `bleed` is drawn with the viewport `bleed` points in, the background under the bleed too,
// so a shadow past the frame shows (as cairo draws it, `ShadowPastTheFrameTests`).
test('a list with bleed draws the viewport bleed points in, the background under all of it', () => {
  const ctx = new RecordingContext('main');
  renderList(ctx, { ...list([]), bleed: 8 }, { scale: 2, pixelWidth: 232, pixelHeight: 132 });
  assert.deepEqual(ctx.calls.slice(3, 6), [
    ['main', 'setTransform', 2, 0, 0, 2, 16, 16],
    ['main', 'fillStyle=', 'rgba(255, 255, 255, 1)'],
    ['main', 'fillRect', -8, -8, 116, 66],
  ]);
});
