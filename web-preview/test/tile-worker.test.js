import test from 'node:test';
import assert from 'node:assert/strict';
import { TileLayer } from '../js/tiles.js';
import { tileWorker } from '../js/tile-worker.js';
import { Display, MAX_HOLD_MS, SLOW_FRAME_MS } from '../js/display.js';

globalThis.Blob ??= class { constructor(parts) { this.parts = parts; } };

// The header as protocol.md's table lays it out (little-endian), then the payload.
function tileBytes({ seq, x, y = 0, w = 64, h = 64, lw = 128, lh = 64, scale = 2, codec = 1 }, payload = [0xff, 0xd8]) {
  const u32 = (v) => [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];
  const u16 = (v) => [v & 255, (v >> 8) & 255];
  return new Uint8Array([0x4d, 0x54, 0x49, 0x4c, 2, 1, 32, 0, ...u32(seq), ...u32(0), ...u16(x), ...u16(y), ...u16(w), ...u16(h),
    ...u16(lw), ...u16(lh), scale, codec, 0, 0, ...payload]).buffer;
}

// A fake 2D canvas that records what each tile position shows; a snapshot of it is a "bitmap".
function fakeCanvas(w, h) {
  const canvas = { width: w, height: h, cells: new Map() };
  canvas.getContext = () => ({
    clearRect(x, y, cw, ch) {
      if (cw >= canvas.width && ch >= canvas.height) canvas.cells.clear(); else canvas.cells.delete(`${x},${y}`);
    },
    drawImage(image, x, y) {
      if (image.cells) for (const [k, v] of image.cells) canvas.cells.set(k, v);
      else canvas.cells.set(`${x},${y}`, image.id);
    },
  });
  return canvas;
}

/**
 * A worker running `tileWorker` with fake decoding, its messages delivered a task later as a
 * real worker's are; `transferred` holds what each postMessage moved, `closed` the bitmaps closed.
 */
function fakeWorker({ decode } = {}) {
  let nextId = 0;
  const worker = { onmessage: null, onerror: null, transferred: [], closed: 0, received: [] };
  const handle = tileWorker((message) => setTimeout(() => worker.onmessage?.({ data: message })), {
    createCanvas: fakeCanvas,
    decode: decode ?? (async () => ({ id: ++nextId })),
    snapshot: async (canvas) => ({
      width: canvas.width, height: canvas.height, cells: new Map(canvas.cells), close() { worker.closed += 1; },
    }),
  });
  worker.postMessage = (data, transfer = []) => {
    worker.transferred.push(transfer);
    worker.received.push(data.type);
    setTimeout(() => handle(data));
  };
  return worker;
}

const done = (seq, layer = [0, 0, 64, 32]) => ({ type: 'tiles-done', seq, layer, scale: 2, tiles: 2, group: 'fg' });

test('with a worker, a set is decoded and drawn there and the page swaps in a copy of its layer', async () => {
  const worker = fakeWorker();
  const swaps = [], acks = [], draws = [];
  const layer = new TileLayer({
    worker, createCanvas: fakeCanvas,
    onSwap: (current) => swaps.push(current && new Map(current.image.cells)),
    onAck: (seq) => acks.push(seq),
    afterDraw: (fn) => draws.push(fn),
  });
  assert.equal(layer.decodedIn, 'worker');
  const first = [tileBytes({ seq: 1, x: 0 }), tileBytes({ seq: 1, x: 64 })];
  first.forEach((buffer) => layer.tile(buffer));
  assert.equal(layer.assembling, true, 'a tile came: its set is on its way');
  await layer.done(done(1));
  assert.equal(layer.assembling, false);
  assert.deepEqual([...swaps[0]], [['0,0', 1], ['64,0', 2]]);
  // The set's messages went to the worker in one message, moved rather than copied.
  assert.deepEqual(worker.transferred.at(-1), first);
  assert.deepEqual(worker.received, ['reset', 'set']);
  assert.equal(worker.closed, 1, 'the bitmap is closed once copied into the page layer');
  assert.deepEqual(layer.decoded, [0, 2, 0]);
  layer.tile(tileBytes({ seq: 2, x: 64 }));
  await layer.done(done(2));
  assert.deepEqual([...swaps[1]], [['0,0', 1], ['64,0', 3]], 'the tile the set left unchanged stays');
  assert.equal(layer.current.seq, 2);
  await layer.done({ ...done(3, null), tiles: 0 });
  assert.equal(layer.current, null, 'an effect turned off');
  draws.splice(0).forEach((fn) => fn());
  assert.deepEqual(acks, [1, 2, 3]);
});

test('with a worker, a set from before tiles were turned off and on is dropped and never acked', async () => {
  const worker = fakeWorker();
  const swaps = [], acks = [], draws = [];
  const layer = new TileLayer({
    worker, createCanvas: fakeCanvas,
    onSwap: (current) => swaps.push(current?.seq ?? null),
    onAck: (seq) => acks.push(seq),
    afterDraw: (fn) => draws.push(fn),
  });
  layer.tile(tileBytes({ seq: 7, x: 0 }));
  const before = layer.done(done(7));
  layer.reset();
  assert.equal(layer.assembling, false, 'nothing on its way after a reset');
  await before;
  layer.tile(tileBytes({ seq: 8, x: 64 }));
  await layer.done(done(8));
  draws.splice(0).forEach((fn) => fn());
  assert.deepEqual(swaps, [8]);
  assert.deepEqual(acks, [8]);
  assert.deepEqual([...layer.current.image.cells.keys()], ['64,0'], 'the layer starts empty after a reset');
});

test('a worker that fails: the sets it held are acked without a swap, and the page decodes the next', async () => {
  const worker = fakeWorker({ decode: () => new Promise(() => {}) }); // never answers
  const acks = [], draws = [], warnings = [];
  let nextId = 0;
  const layer = new TileLayer({
    worker, createCanvas: fakeCanvas,
    decode: async () => ({ id: `page${++nextId}` }),
    onAck: (seq) => acks.push(seq),
    afterDraw: (fn) => draws.push(fn),
    log: { warn: (text) => warnings.push(text) },
  });
  layer.tile(tileBytes({ seq: 1, x: 0 }));
  const held = layer.done(done(1));
  layer.tile(tileBytes({ seq: 2, x: 0 })); // the next set's first tile, not sent to the worker yet
  let prevented = false;
  worker.onerror({ message: 'tile-worker.js: 404', preventDefault: () => { prevented = true; } });
  await held;
  draws.splice(0).forEach((fn) => fn());
  assert.deepEqual(acks, [1]);
  assert.equal(layer.current, null);
  assert.equal(layer.decodedIn, 'page');
  assert.ok(prevented);
  assert.match(warnings[0], /404/);
  layer.tile(tileBytes({ seq: 2, x: 64 }));
  await layer.done(done(2));
  assert.deepEqual([...layer.current.image.cells], [['0,0', 'page1'], ['64,0', 'page2']]);
  assert.equal(layer.assembling, false, 'nothing left on its way');
});

test('on a slow page a frame waits for a set on its way, at most MAX_HOLD_MS; on a page that keeps up it never does', () => {
  const frames = [];
  globalThis.requestAnimationFrame = (fn) => frames.push(fn);
  let hold = false;
  const display = new Display({ getContext: () => ({}), style: {} }, { hold: () => hold });
  const drawn = [];
  display.draw = (list) => drawn.push(list);
  const tick = (now) => frames.splice(0).forEach((fn) => fn(now));
  display.show('a');
  tick(0);
  tick(60); // the frame kept the page 60 ms: it is slow
  assert.equal(display.frameMs, 60);
  hold = true;
  display.show('b');
  tick(76);
  tick(92);
  assert.deepEqual(drawn, ['a'], 'held');
  display.show('c'); // a newer frame replaces the held one
  hold = false; // the set is swapped in
  tick(108);
  assert.deepEqual(drawn, ['a', 'c']);
  tick(124); // a frame of 16 ms: the page keeps up
  hold = true;
  display.show('d');
  tick(140);
  assert.deepEqual(drawn, ['a', 'c', 'd'], 'a page that keeps up draws at once');
  tick(200); // slow again
  display.show('e');
  tick(210);
  tick(210 + MAX_HOLD_MS - 1);
  assert.deepEqual(drawn, ['a', 'c', 'd']);
  tick(210 + MAX_HOLD_MS);
  assert.deepEqual(drawn, ['a', 'c', 'd', 'e'], 'drawn once it waited MAX_HOLD_MS, the set still on its way');
  display.show('f');
  tick(330); // e cost 70 ms
  assert.deepEqual(drawn, ['a', 'c', 'd', 'e'], 'the next frame may wait again');
  assert.ok(SLOW_FRAME_MS > 1000 / 60 && SLOW_FRAME_MS < 60);
  delete globalThis.requestAnimationFrame;
});
