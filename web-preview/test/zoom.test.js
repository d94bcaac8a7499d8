import test from 'node:test';
import assert from 'node:assert/strict';
import { MAX_VIEWPORT_SIDE, ZOOMS, customViewport, rotated, stageScale } from '../js/zoom.js';

test('fit shows the whole viewport in the room, never enlarged', () => {
  // An iPhone 15 in a 1280 × 800 window: the stage is 960 × 800 beside the 320 px panel, less 64 px of padding.
  const scale = stageScale('fit', [390, 844], [960 - 64, 800 - 64]);
  assert.ok(844 * scale <= 736 + 1e-9 && Math.abs(844 * scale - 736) < 1e-9, `${scale}`);
  assert.equal(stageScale('fit', [400, 440], [896, 736]), 1, 'a small viewport stays at 100 %');
  assert.equal(stageScale('fit', [844, 390], [300, 736]), 300 / 844, 'landscape fits by its width');
  assert.equal(stageScale('fit', [390, 844], [0, 0]), 1, 'a stage with no room yet (hidden) leaves 100 %');
});

test('fixed zooms are what they say; anything else is 100 %', () => {
  assert.deepEqual(ZOOMS.filter((z) => z !== 'fit').map((z) => stageScale(z, [390, 844], [10, 10])), [0.5, 0.75, 1, 1.5, 2]);
  assert.equal(stageScale('3', [390, 844], [10, 10]), 1);
  assert.equal(stageScale('', [390, 844], [10, 10]), 1);
});

test('rotating swaps the sides; a typed size is checked with a reason', () => {
  assert.deepEqual(rotated([390, 844]), [844, 390]);
  assert.deepEqual(customViewport('500', ' 600.5 '), [500, 600.5]);
  assert.equal(customViewport('', '600'), 'width must be a number of points');
  assert.equal(customViewport('500', 'tall'), 'height must be a number of points');
  assert.equal(customViewport('0', '600'), `width must be from 1 to ${MAX_VIEWPORT_SIDE} points`);
  assert.equal(customViewport('500', '5000'), `height must be from 1 to ${MAX_VIEWPORT_SIDE} points`);
});
