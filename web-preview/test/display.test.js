import test from 'node:test';
import assert from 'node:assert/strict';
import { Display, effectRastersOf, samePicture } from '../js/display.js';

// A curtain-like list: a backdrop, an effect group (its push carries the drag point) with ops
// inside, and a handle after it. Frame deltas keep unchanged ops the same objects.
const backdrop = { op: 'fill', path: [['M', 0, 0], ['L', 10, 0], ['L', 10, 10], ['Z']], paint: { type: 'solid', color: [1, 1, 1, 1] } };
const inside = { op: 'fill', path: [['M', 0, 0], ['L', 5, 0], ['L', 5, 5], ['Z']], paint: { type: 'solid', color: [0, 0, 1, 1] } };
const handle = { op: 'fill', path: [['M', 8, 0], ['L', 9, 0], ['L', 9, 9], ['Z']], paint: { type: 'solid', color: [0, 0, 0, 1] } };
const pop = { op: 'pop' };
const effectPush = (x, extra = {}) => ({ op: 'push', id: 'fg', effect: { kind: 'curtain', bounds: [0, 0, 10, 10], drag: [x, 5], folds: 4 }, ...extra });
const list = (push, inner = inside, more = {}) => ({
  format: 'morph.display-list', size: [10, 10], time: 0.5, background: [0, 0, 0, 1], ...more,
  ops: [backdrop, push, inner, pop, handle], accessibility: [],
});
const image = { id: 'layer' };
const raster = (seq, other = {}) => ({ image, bounds: [0, 0, 10, 10], seq, ...other });

test('a frame that differs only inside an effect group both frames replace with the same raster is the same picture', () => {
  const a = list(effectPush(6));
  const b = list(effectPush(4), { ...inside }, { time: 0.6 });
  assert.equal(samePicture(a, [, raster(3)], b, [, raster(3)]), true);
  // Another set (or the same layer redrawn by a later set), or another box: drawn again.
  assert.equal(samePicture(a, [, raster(3)], b, [, raster(4)]), false);
  assert.equal(samePicture(a, [, raster(3)], b, [, raster(3, { image: { id: 'other' } })]), false);
  assert.equal(samePicture(a, [, raster(3)], b, [, raster(3, { bounds: [0, 0, 10, 9] })]), false);
  // The raster no longer applies (stale): the page folds the group itself.
  assert.equal(samePicture(a, [, raster(3)], b, []), false);
  assert.equal(samePicture(a, [], b, [, raster(3)]), false);
});

test('without rasters, or outside them, any op that is not the same object is drawn again', () => {
  const push = effectPush(6);
  const a = list(push);
  assert.equal(samePicture(a, [], list(push), []), true, 'the same ops: the same picture');
  assert.equal(samePicture(a, [], list(effectPush(4)), []), false, 'the page folds a new drag point');
  const moved = list(push);
  moved.ops[4] = { ...handle };
  assert.equal(samePicture(a, [, raster(1)], moved, [, raster(1)]), false, 'an op outside the group');
  // The group's own push may differ only in its effect.
  assert.equal(samePicture(a, [, raster(1)], list(effectPush(6, { opacity: 0.5 })), [, raster(1)]), false);
  // Another structure inside the group: its pop moves.
  const longer = { ...list(effectPush(6)), ops: [backdrop, effectPush(6), inside, inside, pop, handle] };
  assert.equal(samePicture(a, [, raster(1)], longer, [, raster(1)]), false);
  // A list member but the time.
  assert.equal(samePicture(a, [], list(push, inside, { background: [1, 1, 1, 1] }), []), false);
  assert.equal(samePicture(a, [], list(push, inside, { size: [10, 11] }), []), false);
  assert.equal(samePicture(null, [], a, []), false);
});

test('effectRastersOf asks once for each effect group, by op index', () => {
  const asked = [];
  const rasters = effectRastersOf(list(effectPush(6)), (op) => { asked.push(op.id); return raster(2); });
  assert.deepEqual(asked, ['fg']);
  assert.deepEqual(Object.keys(rasters), ['1']);
});

test('the display draws a frame whose picture is on the canvas only when told to redraw or resized', () => {
  const frames = [];
  globalThis.requestAnimationFrame = (fn) => frames.push(fn);
  globalThis.OffscreenCanvas ??= class { constructor(w, h) { this.width = w; this.height = h; } getContext() { return null; } };
  const calls = [];
  const ctx = new Proxy({}, { get: (_, key) => (key in ctx ? undefined : () => calls.push(key)) });
  const canvas = { width: 0, height: 0, style: {}, getContext: () => ctx };
  let current = raster(1);
  const drawn = [];
  const display = new Display(canvas, { effectRaster: () => current, onDraw: (shown, stats) => drawn.push([shown.time, stats !== null]) });
  const frame = (shown) => { display.show(shown); frames.splice(0).forEach((fn) => fn(0)); };
  try {
    frame(list(effectPush(6)));
    frame(list(effectPush(5), inside, { time: 0.6 }));
    assert.deepEqual(drawn, [[0.5, true], [0.6, false]], 'the second frame shows what the first drew');
    assert.equal(display.reused, 1);
    current = raster(2); // a set swapped in: the page asks for a redraw
    display.redraw();
    frames.splice(0).forEach((fn) => fn(0));
    frame(list(effectPush(4), inside, { time: 0.7 }));
    assert.deepEqual(drawn.slice(2), [[0.6, true], [0.7, false]]);
    display.resize([10, 10], 2);
    frame(list(effectPush(3), inside, { time: 0.8 }));
    assert.deepEqual(drawn.slice(4), [[0.8, true]], 'a resized canvas is drawn again');
    assert.ok(calls.includes('drawImage'), 'the raster was drawn');
  } finally {
    delete globalThis.requestAnimationFrame;
  }
});
