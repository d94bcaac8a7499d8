import test from 'node:test';
import assert from 'node:assert/strict';
import { ClockSync, FpsCounter, SequenceTracker } from '../js/hud.js';

test('clock offset comes from the shortest round trip, latency from it', () => {
  const clock = new ClockSync();
  assert.equal(clock.offset, null);
  assert.equal(clock.latency(1, 0), null);
  // Server clock = client clock + 5000 ms. A slow, asymmetric sample first, then a clean one.
  clock.add(1000, 1100, (1090 + 5000) / 1000); // rtt 100, answered late: offset 5040
  clock.add(2000, 2010, (2005 + 5000) / 1000); // rtt 10, symmetric: offset 5000
  assert.equal(clock.rtt, 10);
  assert.equal(clock.offset, 5000);
  // A frame built at server 7.5 s = client 2500 ms, drawn at client 2516 ms.
  assert.equal(clock.latency(7.5, 2516), 16);
  clock.add(3000, 2990, 8); // negative rtt: ignored
  assert.equal(clock.samples.length, 2);
});

test('clock keeps only the last N samples', () => {
  const clock = new ClockSync(2);
  clock.add(0, 1, 0); clock.add(0, 50, 0); clock.add(0, 60, 0);
  assert.equal(clock.rtt, 50);
});

test('fps counts draws in the last second', () => {
  const fps = new FpsCounter();
  for (let i = 0; i < 120; i += 1) fps.tick(i * (1000 / 60));
  assert.equal(fps.rate(119 * (1000 / 60)), 60);
  assert.equal(fps.rate(119 * (1000 / 60) + 2000), 0);
});

test('sequence gaps count missed frames and reset per session', () => {
  const seq = new SequenceTracker();
  seq.add('a', 1); seq.add('a', 2); seq.add('a', 5); seq.add('a', 4);
  assert.equal(seq.gaps, 2);
  assert.equal(seq.last, 5);
  seq.add('b', 10);
  assert.equal(seq.gaps, 0);
});
