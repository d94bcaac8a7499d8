import test from 'node:test';
import assert from 'node:assert/strict';
import { parseFrames, frameIndexAt, Player } from '../js/replay.js';
import { fontString, loadInter } from '../js/fonts.js';
import { backingSize } from '../js/display.js';

const list = (time) => ({ format: 'morph.display-list', version: 1, component: 'curtain', size: [10, 10], time, background: [1, 1, 1, 1], ops: [], accessibility: [] });

test('frames parse from a JSON array, a single list, JSONL and frame messages', () => {
  assert.equal(parseFrames(JSON.stringify([list(0), list(1)])).length, 2);
  assert.equal(parseFrames(JSON.stringify(list(0))).length, 1);
  assert.equal(parseFrames(`${JSON.stringify(list(0))}\n\n${JSON.stringify(list(1))}\n`).length, 2);
  const frame = { type: 'frame', session: 's', seq: 1, serverTime: 0, state: 'x', dropped: 0, list: list(0.5) };
  assert.equal(parseFrames(JSON.stringify(frame))[0].time, 0.5);
  assert.throws(() => parseFrames('{"format":"nope"}'), /frame 0: format must be morph.display-list/);
});

test('playback index follows scene time, or 60 per second when time stands still', () => {
  const timed = [list(1), list(1.5), list(2)];
  assert.deepEqual([0, 0.49, 0.5, 0.99, 1, 5].map((t) => frameIndexAt(timed, t)), [0, 0, 1, 1, 2, 2]);
  const still = [list(0), list(0), list(0)];
  assert.deepEqual([0, 1 / 60, 2 / 60, 1].map((t) => frameIndexAt(still, t)), [0, 1, 2, 2]);
  assert.equal(frameIndexAt([], 0), -1);
});

test('player seek shows the frame and clamps', () => {
  const shown = [];
  const player = new Player([list(0), list(1)], (l, i) => shown.push(i), { now: () => 0 });
  player.seek(5);
  player.seek(-1);
  assert.deepEqual(shown, [1, 0]);
  assert.equal(player.duration, 1);
});

test('fonts: strings for every weight; Inter and DejaVu Sans Mono load; missing files are not fatal', async () => {
  assert.equal(fontString({ family: 'Inter', weight: 400, size: 17 }), '400 17px "Inter", sans-serif');
  assert.equal(fontString({ family: 'Inter', weight: 700, size: 12.5 }), '700 12.5px "Inter", sans-serif');
  const added = [];
  class FakeFace {
    constructor(family, src, { weight }) { this.family = family; this.src = src; this.weight = weight; }
    async load() { if (this.weight === '700') throw new Error('404'); }
  }
  const count = await loadInter({ add: (f) => added.push(f) }, 'http://h:1/', FakeFace);
  // Every 700 face fails here: Inter's three others and DejaVu Sans Mono's regular load.
  assert.equal(count, 4);
  assert.deepEqual(added.map((f) => [f.family, f.src]), [
    ['Inter', 'url(http://h:1/fonts/Inter-Regular.otf)'], ['Inter', 'url(http://h:1/fonts/Inter-Medium.otf)'],
    ['Inter', 'url(http://h:1/fonts/Inter-SemiBold.otf)'], ['DejaVu Sans Mono', 'url(http://h:1/fonts/DejaVuSansMono.ttf)'],
  ]);
});

test('back buffer is the viewport times devicePixelRatio, rounded to whole pixels', () => {
  assert.deepEqual(backingSize([390, 844], 2), [780, 1688]);
  assert.deepEqual(backingSize([390, 844], 1.5), [585, 1266]);
  assert.deepEqual(backingSize([375, 667], 2.625), [984, 1751]);
});
