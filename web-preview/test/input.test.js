import test from 'node:test';
import assert from 'node:assert/strict';
import { toViewportPoint, pointerEvents, isTap, TAP_SLOP } from '../js/input.js';

test('client pixels map to viewport points, also when CSS scales the canvas', () => {
  const rect = { left: 100, top: 50, width: 390, height: 844 };
  assert.deepEqual(toViewportPoint(100, 50, rect, [390, 844]), { x: 0, y: 0 });
  assert.deepEqual(toViewportPoint(220, 110, rect, [390, 844]), { x: 120, y: 60 });
  const half = { left: 10, top: 20, width: 195, height: 422 };
  assert.deepEqual(toViewportPoint(10 + 97.5, 20 + 211, half, [390, 844]), { x: 195, y: 422 });
  assert.deepEqual(toViewportPoint(10.333, 20, half, [390, 844]), { x: 0.67, y: 0 });
});

test('a press that stays put sends down, up and a tap at the release point', () => {
  const presses = new Map();
  const events = [
    ...pointerEvents('down', 1, { x: 120, y: 60 }, presses),
    ...pointerEvents('move', 1, { x: 124, y: 62 }, presses),
    ...pointerEvents('up', 1, { x: 123, y: 61 }, presses),
  ];
  assert.deepEqual(events, [
    { kind: 'pointerDown', pointer: 1, x: 120, y: 60 },
    { kind: 'pointerMove', pointer: 1, x: 124, y: 62 },
    { kind: 'pointerUp', pointer: 1, x: 123, y: 61 },
    { kind: 'tap', x: 123, y: 61 },
  ]);
  assert.equal(presses.size, 0);
});

test('a drag (even one that comes back) is no tap; cancel ends without a tap', () => {
  const presses = new Map();
  pointerEvents('down', 7, { x: 380, y: 300 }, presses);
  pointerEvents('move', 7, { x: 200, y: 300 }, presses);
  assert.deepEqual(pointerEvents('up', 7, { x: 380, y: 300 }, presses), [{ kind: 'pointerUp', pointer: 7, x: 380, y: 300 }]);
  pointerEvents('down', 8, { x: 10, y: 10 }, presses);
  assert.deepEqual(pointerEvents('cancel', 8, { x: 10, y: 10 }, presses), [{ kind: 'pointerUp', pointer: 8, x: 10, y: 10 }]);
});

test('hover moves and unknown pointers send nothing; pointers are tracked separately', () => {
  const presses = new Map();
  assert.deepEqual(pointerEvents('move', 1, { x: 1, y: 1 }, presses), []);
  assert.deepEqual(pointerEvents('up', 1, { x: 1, y: 1 }, presses), []);
  pointerEvents('down', 1, { x: 0, y: 0 }, presses);
  pointerEvents('down', 2, { x: 100, y: 0 }, presses);
  pointerEvents('move', 2, { x: 200, y: 0 }, presses);
  assert.equal(pointerEvents('up', 1, { x: 0, y: 0 }, presses).at(-1).kind, 'tap');
  assert.equal(pointerEvents('up', 2, { x: 200, y: 0 }, presses).length, 1);
});

test('tap slop is inclusive at 10 points', () => {
  assert.equal(TAP_SLOP, 10);
  assert.equal(isTap({ x: 0, y: 0 }, { x: 6, y: 8 }), true);
  assert.equal(isTap({ x: 0, y: 0 }, { x: 6, y: 8.1 }), false);
});
