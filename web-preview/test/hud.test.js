import test from 'node:test';
import assert from 'node:assert/strict';
import { ClockSync, DropRate, FpsCounter, Hud, SequenceTracker } from '../js/hud.js';

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

test('drop rate counts the frames dropped in the last second and resets per session', () => {
  const rate = new DropRate();
  rate.add('a', 0, 0);
  rate.add('a', 0, 500);
  assert.equal(rate.recent(500), 0);
  rate.add('a', 3, 900);
  rate.add('a', 7, 1400);
  assert.equal(rate.recent(1400), 7); // 0 at 500 ms (the last sample a second before) to 7
  assert.equal(rate.recent(3000), 0); // nothing new for over a second
  rate.add('b', 40, 3100);
  assert.equal(rate.recent(3100), 0);
  rate.add('b', 42, 3200);
  assert.equal(rate.recent(3200), 2);
});

test('the HUD shows dropped frames and marks a viewer that is behind', () => {
  const cells = {};
  const root = {
    querySelector(selector) {
      const name = /data-hud="([^"]+)"/.exec(selector)[1];
      cells[name] ??= {
        textContent: '', behind: false,
        toggleAttribute(attribute, on) { if (attribute === 'data-behind') this.behind = on; },
      };
      return cells[name];
    },
  };
  let now = 0;
  const hud = new Hud(root, () => now);
  const frame = (seq, dropped) => ({ type: 'frame', session: 's', seq, serverTime: 0, state: 'x', dropped });
  hud.frameArrived(frame(1, 0));
  hud.render();
  assert.equal(cells.dropped.textContent, '0');
  assert.equal(cells.dropped.behind, false);
  now = 200;
  hud.frameArrived(frame(6, 4));
  hud.render();
  assert.equal(cells.dropped.textContent, '4 (4 in 1 s)');
  assert.equal(cells.dropped.behind, true);
  now = 1500;
  hud.frameArrived(frame(7, 4));
  hud.render();
  assert.equal(cells.dropped.textContent, '4');
  assert.equal(cells.dropped.behind, false);
});

test('the tile lines are labelled, keep their width, and never show a negative latency', async () => {
  const { tileLine } = await import('../js/hud.js');
  const small = tileLine(3, -195, { scale: 2, fullScale: 2, tiles: 1, lossy: 0, rendered: 2, skipped: 0, renderMs: 1.25 });
  const large = tileLine(58.6, 8670.4, { scale: 1, fullScale: 2, tiles: 221, lossy: 200, rendered: 12345, skipped: 999, renderMs: 104.5 });
  const unknown = tileLine(0, null, { scale: 2, tiles: 0, rendered: 0, skipped: 0 });
  for (const line of [small, large, unknown]) {
    assert.deepEqual(line.split('\n').map((l) => l.length), large.split('\n').map((l) => l.length), line);
    for (const label of ['sets/s', 'latency', 'scale', 'render', 'tiles', 'lossy', 'rendered', 'skipped']) assert.match(line, new RegExp(label));
  }
  assert.match(small, /latency {6}0 ms/);
  assert.doesNotMatch(small, /-/);
  assert.match(large, /scale  1x of 2x/);
  assert.match(large, /latency {3}8670 ms/);
  assert.match(unknown, /latency {6}— ms/);
});

test('joining a still session shows no latency until a frame is built for it', () => {
  const cells = {};
  const root = { querySelector(selector) { const name = /data-hud="([^"]+)"/.exec(selector)[1]; return (cells[name] ??= { textContent: '', toggleAttribute() {} }); } };
  let now = 30_000;
  const hud = new Hud(root, () => now);
  hud.clock.add(0, 0, 0); // clocks agree: latency is draw time minus serverTime
  // Joined a session whose last frame (seq 40) was built 28.65 s ago.
  hud.frameArrived({ type: 'frame', session: 'idle', seq: 40, serverTime: 1.35, state: 'x', dropped: 0 });
  hud.drawn(0);
  assert.equal(cells.latency.textContent, '—');
  // The next frame is built for this viewer: its latency shows.
  now = 30_016;
  hud.frameArrived({ type: 'frame', session: 'idle', seq: 41, serverTime: 30, state: 'x', dropped: 0 });
  hud.drawn(0);
  assert.equal(cells.latency.textContent, '16.0 ms');
  // A session opened here starts at seq 1: its first frame has a latency.
  const opened = new Hud(root, () => now);
  opened.clock.add(0, 0, 0);
  opened.frameArrived({ type: 'frame', session: 'new', seq: 1, serverTime: 30, state: 'x', dropped: 0 });
  opened.drawn(0);
  assert.equal(cells.latency.textContent, '16.0 ms');
});

test('while scrubbed the state line says so beside the machine state; released it is the state again', () => {
  const cells = {};
  const root = { querySelector(selector) { const name = /data-hud="([^"]+)"/.exec(selector)[1]; return (cells[name] ??= { textContent: '', toggleAttribute() {} }); } };
  const hud = new Hud(root, () => 0);
  hud.frameArrived({ session: 's', seq: 1, serverTime: 0, state: 'collapsed', dropped: 0 });
  hud.render();
  assert.equal(cells.state.textContent, 'collapsed');
  hud.scrubbed = 0.5;
  hud.render();
  assert.equal(cells.state.textContent, 'scrubbed to 0.50 (collapsed)');
  hud.scrubbed = null;
  hud.render();
  assert.equal(cells.state.textContent, 'collapsed');
});
