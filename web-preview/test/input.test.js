import test from 'node:test';
import assert from 'node:assert/strict';
import { toViewportPoint, pointerEvents, activationEvents, ACTIVATION_POINTER } from '../js/input.js';
import { validateEvent } from '../js/protocol.js';

test('client pixels map to viewport points, also when CSS scales the canvas', () => {
  const rect = { left: 100, top: 50, width: 390, height: 844 };
  assert.deepEqual(toViewportPoint(100, 50, rect, [390, 844]), { x: 0, y: 0 });
  assert.deepEqual(toViewportPoint(220, 110, rect, [390, 844]), { x: 120, y: 60 });
  const half = { left: 10, top: 20, width: 195, height: 422 };
  assert.deepEqual(toViewportPoint(10 + 97.5, 20 + 211, half, [390, 844]), { x: 195, y: 422 });
  assert.deepEqual(toViewportPoint(10.333, 20, half, [390, 844]), { x: 0.67, y: 0 });
});

test('a press that stays put sends down, up and no tap: MorphKit recognises the tap', () => {
  const presses = new Set();
  const events = [
    ...pointerEvents('down', 1, { x: 120, y: 60 }, presses),
    ...pointerEvents('move', 1, { x: 124, y: 62 }, presses),
    ...pointerEvents('up', 1, { x: 123, y: 61 }, presses),
  ];
  assert.deepEqual(events, [
    { kind: 'pointerDown', pointer: 1, x: 120, y: 60 },
    { kind: 'pointerMove', pointer: 1, x: 124, y: 62 },
    { kind: 'pointerUp', pointer: 1, x: 123, y: 61 },
  ]);
  assert.equal(presses.size, 0);
});

test('a drag sends every point; cancel ends with pointerUp', () => {
  const presses = new Set();
  pointerEvents('down', 7, { x: 380, y: 300 }, presses);
  assert.deepEqual(pointerEvents('move', 7, { x: 200, y: 300 }, presses), [{ kind: 'pointerMove', pointer: 7, x: 200, y: 300 }]);
  assert.deepEqual(pointerEvents('up', 7, { x: 380, y: 300 }, presses), [{ kind: 'pointerUp', pointer: 7, x: 380, y: 300 }]);
  pointerEvents('down', 8, { x: 10, y: 10 }, presses);
  assert.deepEqual(pointerEvents('cancel', 8, { x: 10, y: 10 }, presses), [{ kind: 'pointerUp', pointer: 8, x: 10, y: 10 }]);
  assert.equal(presses.size, 0);
});

test('hover moves and unknown pointers send nothing; pointers are tracked separately', () => {
  const presses = new Set();
  assert.deepEqual(pointerEvents('move', 1, { x: 1, y: 1 }, presses), []);
  assert.deepEqual(pointerEvents('up', 1, { x: 1, y: 1 }, presses), []);
  pointerEvents('down', 1, { x: 0, y: 0 }, presses);
  pointerEvents('down', 2, { x: 100, y: 0 }, presses);
  assert.deepEqual(pointerEvents('move', 2, { x: 200, y: 0 }, presses), [{ kind: 'pointerMove', pointer: 2, x: 200, y: 0 }]);
  assert.deepEqual(pointerEvents('up', 1, { x: 0, y: 0 }, presses), [{ kind: 'pointerUp', pointer: 1, x: 0, y: 0 }]);
  assert.deepEqual([...presses], [2]);
});

test('no pointer phase ever produces a tap event', () => {
  const presses = new Set();
  const kinds = new Set();
  for (const [phase, id, x] of [['down', 1, 0], ['up', 1, 0], ['down', 2, 0], ['move', 2, 3], ['cancel', 2, 3]]) {
    for (const event of pointerEvents(phase, id, { x, y: 0 }, presses)) kinds.add(event.kind);
  }
  assert.deepEqual([...kinds].sort(), ['pointerDown', 'pointerUp', 'pointerMove'].sort());
});

test('an accessibility activation is a press at the point with the reserved pointer -1', () => {
  assert.equal(ACTIVATION_POINTER, -1);
  const events = activationEvents({ x: 80, y: 60 });
  assert.deepEqual(events, [
    { kind: 'pointerDown', pointer: -1, x: 80, y: 60 },
    { kind: 'pointerUp', pointer: -1, x: 80, y: 60 },
  ]);
  for (const event of events) assert.deepEqual(validateEvent(event), []);
});

test('a canvas with bleed maps the client position back into the viewport', () => {
  // 400 x 440 viewport, 64 pt drawn past each edge: the canvas is 528 x 568 CSS px at 1x.
  const rect = { left: 10, top: 20, width: 528, height: 568 };
  assert.deepEqual(toViewportPoint(10 + 64, 20 + 64, rect, [400, 440], 64), { x: 0, y: 0 });
  assert.deepEqual(toViewportPoint(10, 20, rect, [400, 440], 64), { x: -64, y: -64 });
  // At half size (a small window) the ratio still holds.
  const half = { left: 0, top: 0, width: 264, height: 284 };
  assert.deepEqual(toViewportPoint(132, 142, half, [400, 440], 64), { x: 200, y: 220 });
});
