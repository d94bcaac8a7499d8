import test from 'node:test';
import assert from 'node:assert/strict';
import {
  parseTileHeader, rasterApplies, tileScale, TileLayer, HEADER_LENGTH, COMPLETE_FLAG, LOWERED_FLAG, MAX_LAG_FRAMES, STALLED_MS,
} from '../js/tiles.js';
import * as p from '../js/protocol.js';

// The header as protocol.md's table lays it out, written byte by byte (little-endian).
function headerBytes({ flags = 0, seq, index, x, y, w, h, lw, lh, scale, version = 2, codec = 0 }, payload = [0x89, 0x50]) {
  const b = [0x4d, 0x54, 0x49, 0x4c, version, flags, 32, 0];
  const u32 = (v) => [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];
  const u16 = (v) => [v & 255, (v >> 8) & 255];
  b.push(...u32(seq), ...u32(index), ...u16(x), ...u16(y), ...u16(w), ...u16(h), ...u16(lw), ...u16(lh), scale, version === 1 ? 0 : codec, 0, 0);
  return new Uint8Array([...b, ...payload]).buffer;
}

test('parses the documented MTIL header and finds the PNG after it', () => {
  const buffer = headerBytes({ flags: 1, seq: 0x01020304, index: 350, x: 768, y: 1664, w: 12, h: 24, lw: 780, lh: 1688, scale: 2 });
  const h = parseTileHeader(buffer);
  assert.deepEqual(h, { flags: 1, headerLength: 32, seq: 0x01020304, index: 350, x: 768, y: 1664, width: 12, height: 24,
    layerWidth: 780, layerHeight: 1688, scale: 2, codec: 0, type: 'image/png' });
  assert.equal(HEADER_LENGTH, 32);
  assert.deepEqual([...new Uint8Array(buffer, h.headerLength)], [0x89, 0x50]);
});

test('the codec byte names the payload type; version 1 headers are PNG', () => {
  const at = { seq: 1, index: 0, x: 0, y: 0, w: 1, h: 1, lw: 1, lh: 1, scale: 1 };
  assert.deepEqual([0, 1, 2].map((codec) => parseTileHeader(headerBytes({ ...at, codec })).type),
    ['image/png', 'image/jpeg', 'image/webp']);
  assert.equal(parseTileHeader(headerBytes({ ...at, codec: 3 })), null, 'an unknown codec');
  const v1 = new Uint8Array(headerBytes({ ...at, version: 1 }));
  v1[29] = 1; // padding in version 1: ignored
  assert.equal(parseTileHeader(v1.buffer).type, 'image/png');
});

test('refuses other binary messages', () => {
  const good = new Uint8Array(headerBytes({ seq: 1, index: 0, x: 0, y: 0, w: 1, h: 1, lw: 1, lh: 1, scale: 1 }));
  assert.equal(parseTileHeader(good.buffer.slice(0, 31)), null);
  const badMagic = good.slice(); badMagic[0] = 0x58;
  assert.equal(parseTileHeader(badMagic.buffer), null);
  const badVersion = good.slice(); badVersion[4] = 3;
  assert.equal(parseTileHeader(badVersion.buffer), null);
  const tooLong = good.slice(); tooLong[6] = 200;
  assert.equal(parseTileHeader(tooLong.buffer), null);
});

test('tile scale follows devicePixelRatio within 1...3', () => {
  assert.deepEqual([0.5, 1, 1.25, 2, 2.6, 4].map(tileScale), [1, 1, 1, 2, 3, 3]);
});

test('a set replaces its group only for frames at or after it, until it is stale', () => {
  const op = { op: 'push', id: 'fg', effect: { kind: 'curtain', bounds: [0, 0, 390, 844], drag: [200, 400], folds: 4 } };
  const current = { group: 'fg', bounds: [0, 0, 390, 844], seq: 10 };
  assert.equal(rasterApplies(current, 10, op), true);
  assert.equal(rasterApplies(current, 40, op), true);
  assert.equal(rasterApplies(current, 41, op), false, 'stale');
  assert.equal(rasterApplies(current, 9, op), false, 'an older frame');
  assert.equal(rasterApplies(null, 10, op), false, 'off');
  assert.equal(rasterApplies(current, 10, { ...op, id: 'other' }), false);
  assert.equal(rasterApplies(current, 10, { ...op, effect: { ...op.effect, bounds: [0, 0, 300, 844] } }), false);
  assert.equal(rasterApplies(current, undefined, op), false);
  // Folded exactly as the frame (a held drag): any lag is fine.
  const held = { ...current, effect: { ...op.effect } };
  assert.equal(rasterApplies(held, 400, op), true);
  assert.equal(rasterApplies(held, 400, { ...op, effect: { ...op.effect, drag: [201, 400] } }), false);
});

test('a set is stale after MAX_LAG_FRAMES frames only once sets stopped coming for STALLED_MS', async () => {
  globalThis.Blob ??= class { constructor(parts) { this.parts = parts; } };
  let now = 0;
  const layer = new TileLayer({ createCanvas: fakeCanvas, decode: async () => ({}), now: () => now });
  assert.equal(layer.maxLag(), MAX_LAG_FRAMES, 'no set yet');
  layer.tile(headerBytes({ seq: 1, index: 0, x: 0, y: 0, w: 64, h: 64, lw: 64, lh: 64, scale: 2 }));
  now = 500;
  await layer.done({ type: 'tiles-done', seq: 1, layer: [0, 0, 32, 32], scale: 2, tiles: 1, group: 'fg' });
  const op = { op: 'push', id: 'fg', effect: { bounds: [0, 0, 32, 32], drag: [20, 10], folds: 4 } };
  // Sets are coming: a set 200 frames behind the frame is still drawn.
  now = 500 + STALLED_MS;
  assert.equal(layer.maxLag(), Infinity);
  assert.equal(rasterApplies(layer.current, 201, op, layer.maxLag()), true);
  // None for longer than STALLED_MS: the page folds the curtain itself again.
  now = 501 + STALLED_MS;
  assert.equal(layer.maxLag(), MAX_LAG_FRAMES);
  assert.equal(rasterApplies(layer.current, 201, op, layer.maxLag()), false);
  assert.equal(rasterApplies(layer.current, 1 + MAX_LAG_FRAMES, op, layer.maxLag()), true);
  layer.reset();
  assert.equal(layer.maxLag(), MAX_LAG_FRAMES, 'tiles turned off and on');
});

test('tiles message and tiles-done validate', () => {
  assert.deepEqual(p.validateClientMessage(p.tiles(true, 2)), []);
  assert.notDeepEqual(p.validateClientMessage({ type: 'tiles', enabled: true, scale: 4 }), []);
  const done = { type: 'tiles-done', session: 's', seq: 3, layer: [0, 0, 390, 844], scale: 2, tiles: 5 };
  assert.deepEqual(p.validateServerMessage(done), []);
  assert.deepEqual(p.validateServerMessage({ ...done, layer: null, tiles: 0 }), []);
  assert.notDeepEqual(p.validateServerMessage({ ...done, layer: [1, 2] }), []);
});

// A fake 2D canvas that records tile draws by position, to check the atomic swap.
function fakeCanvas(w, h) {
  const canvas = { width: w, height: h, cells: new Map() };
  canvas.getContext = () => ({
    clearRect(x, y, cw, ch) {
      if (cw >= w && ch >= h) canvas.cells.clear(); else canvas.cells.delete(`${x},${y}`);
    },
    drawImage(image, x, y) {
      if (image.cells) for (const [k, v] of image.cells) canvas.cells.set(k, v);
      else canvas.cells.set(`${x},${y}`, image.id);
    },
  });
  return canvas;
}

test('a set shows only when complete, keeps unchanged tiles, and turns off with layer null', async () => {
  globalThis.Blob ??= class { constructor(parts) { this.parts = parts; } };
  const swaps = [];
  let nextId = 0;
  const layer = new TileLayer({
    createCanvas: fakeCanvas,
    decode: async () => ({ id: ++nextId }),
    onSwap: (current) => swaps.push(current && new Map(current.image.cells)),
  });
  const tile = (seq, index, x) => headerBytes({ seq, index, x, y: 0, w: 64, h: 64, lw: 128, lh: 64, scale: 2 });
  layer.tile(tile(1, 0, 0));
  layer.tile(tile(1, 1, 64));
  assert.equal(layer.current, null, 'nothing before tiles-done');
  await layer.done({ type: 'tiles-done', seq: 1, layer: [0, 0, 64, 32], scale: 2, tiles: 2, group: 'fg' });
  assert.deepEqual([...swaps[0]], [['0,0', 1], ['64,0', 2]]);
  layer.tile(tile(2, 1, 64));
  await layer.done({ type: 'tiles-done', seq: 2, layer: [0, 0, 64, 32], scale: 2, tiles: 1, group: 'fg' });
  assert.deepEqual([...swaps[1]], [['0,0', 1], ['64,0', 3]], 'the unchanged tile stays');
  assert.equal(layer.current.seq, 2);
  await layer.done({ type: 'tiles-done', seq: 3, layer: null, scale: 2, tiles: 0, group: null });
  assert.equal(layer.current, null);
});

test('a lowered set is a smaller image for the same bounds, and full scale replaces it whole', async () => {
  globalThis.Blob ??= class { constructor(parts) { this.parts = parts; } };
  const layer = new TileLayer({ createCanvas: fakeCanvas, decode: async () => ({}) });
  // 1x of 2x: a 64×32 pt layer is 64×32 px, flagged lowered.
  layer.tile(headerBytes({ flags: COMPLETE_FLAG | LOWERED_FLAG, seq: 1, index: 0, x: 0, y: 0, w: 64, h: 32, lw: 64, lh: 32, scale: 1 }));
  await layer.done({ type: 'tiles-done', seq: 1, layer: [0, 0, 64, 32], scale: 1, fullScale: 2, tiles: 1, group: 'fg' });
  assert.deepEqual([layer.current.image.width, layer.current.image.height], [64, 32]);
  assert.deepEqual([layer.current.bounds, layer.current.scale, layer.current.fullScale, layer.lowered], [[0, 0, 64, 32], 1, 2, 1]);
  // At rest: the whole layer at 2x, 128×64 px for the same bounds.
  layer.tile(headerBytes({ flags: COMPLETE_FLAG, seq: 2, index: 0, x: 0, y: 0, w: 64, h: 64, lw: 128, lh: 64, scale: 2 }));
  layer.tile(headerBytes({ flags: COMPLETE_FLAG, seq: 2, index: 1, x: 64, y: 0, w: 64, h: 64, lw: 128, lh: 64, scale: 2 }));
  await layer.done({ type: 'tiles-done', seq: 2, layer: [0, 0, 64, 32], scale: 2, fullScale: 2, tiles: 2, group: 'fg' });
  assert.deepEqual([layer.current.image.width, layer.current.image.height, layer.current.scale, layer.lowered], [128, 64, 2, 1]);
  assert.equal(parseTileHeader(headerBytes({ flags: LOWERED_FLAG, seq: 1, index: 0, x: 0, y: 0, w: 1, h: 1, lw: 1, lh: 1, scale: 1 })).flags & LOWERED_FLAG, LOWERED_FLAG);
});

test('a tile in two parts (JPEG columns, PNG band) is drawn part by part at each rectangle', async () => {
  globalThis.Blob ??= class { constructor(parts) { this.parts = parts; } };
  // A canvas one pixel row tall in effect: what each pixel column last showed.
  const columnCanvas = (w, h) => {
    const canvas = { width: w, height: h, columns: new Array(w).fill(null) };
    canvas.getContext = () => ({
      clearRect(x, y, cw) { canvas.columns.fill(null, x, x + cw); },
      drawImage(image, x) {
        if (image.columns) image.columns.forEach((v, i) => { canvas.columns[i] = v; });
        else canvas.columns.fill(image.id, x, x + image.width);
      },
    });
    return canvas;
  };
  const parts = [];
  let nextId = 0;
  const layer = new TileLayer({
    createCanvas: columnCanvas,
    decode: async () => ({ id: ++nextId, width: parts[nextId - 1] }),
  });
  const part = (seq, x, w, codec) => {
    parts.push(w);
    layer.tile(headerBytes({ seq, index: 0, x, y: 0, w, h: 64, lw: 64, lh: 64, scale: 2, codec }));
  };
  const done = (seq, tiles) => layer.done({ type: 'tiles-done', seq, layer: [0, 0, 32, 32], scale: 2, tiles, group: 'fg' });
  part(1, 0, 64, 0); // the whole tile, PNG
  await done(1, 1);
  part(2, 4, 60, 1); // moving: opaque columns 4...63 as JPEG, then the band 0...3 as PNG
  part(2, 0, 4, 0);
  await done(2, 2);
  const shown = layer.current.image.columns;
  assert.deepEqual([shown[0], shown[3], shown[4], shown[63]], [3, 3, 2, 2]);
  assert.deepEqual(layer.decoded, [2, 1, 0]);
  part(3, 0, 64, 0); // at rest: one PNG over both parts
  await done(3, 1);
  assert.ok(layer.current.image.columns.every((id) => id === 4));
});

test('each set is acked once swapped in and drawn, failures and an effect turned off included', async () => {
  globalThis.Blob ??= class { constructor(parts) { this.parts = parts; } };
  const acks = [], draws = [];
  const layer = new TileLayer({
    createCanvas: fakeCanvas,
    decode: async (blob) => { if ((blob.size ?? blob.parts[0].length) === 1) throw new Error('bad tile'); return {}; },
    onSwap: () => acks.push('swap'),
    onAck: (seq) => acks.push(seq),
    afterDraw: (fn) => draws.push(fn), // the next animation frame, run by hand
  });
  const tile = (seq, payload) => headerBytes({ seq, index: 0, x: 0, y: 0, w: 64, h: 64, lw: 64, lh: 64, scale: 2 }, payload);
  layer.tile(tile(4, [0x89, 0x50]));
  assert.deepEqual(acks, [], 'no ack before tiles-done');
  await layer.done({ type: 'tiles-done', seq: 4, layer: [0, 0, 32, 32], scale: 2, tiles: 1, group: 'fg' });
  assert.deepEqual(acks, ['swap'], 'swapped in, not acked until the frame after it is drawn');
  draws.shift()();
  assert.deepEqual(acks, ['swap', 4]);
  layer.tile(tile(5, [0]));
  await layer.done({ type: 'tiles-done', seq: 5, layer: [0, 0, 32, 32], scale: 2, tiles: 1, group: 'fg' });
  await layer.done({ type: 'tiles-done', seq: 6, layer: null, scale: 2, tiles: 0, group: null });
  draws.splice(0).forEach((fn) => fn());
  assert.deepEqual(acks.filter(Number.isInteger), [4, 5, 6], 'a tile that failed to decode still acks its set');
  assert.equal(layer.failed, 1);
});

test('a set from before tiles were turned off and on is never acked', async () => {
  const acks = [], draws = [];
  let release;
  const layer = new TileLayer({
    createCanvas: fakeCanvas,
    decode: () => new Promise((resolve) => { release = () => resolve({}); }),
    onAck: (seq) => acks.push(seq),
    afterDraw: (fn) => draws.push(fn),
  });
  layer.tile(headerBytes({ seq: 7, index: 0, x: 0, y: 0, w: 64, h: 64, lw: 64, lh: 64, scale: 2 }));
  const decoding = layer.done({ type: 'tiles-done', seq: 7, layer: [0, 0, 32, 32], scale: 2, tiles: 1, group: 'fg' });
  layer.reset(); // tiles off and on: the server starts a new subscription with nothing in flight
  release();
  await decoding;
  draws.splice(0).forEach((fn) => fn());
  assert.deepEqual(acks, []);
  // Swapped in before the reset, drawn after it: not acked either.
  await layer.done({ type: 'tiles-done', seq: 8, layer: null, scale: 2, tiles: 0, group: null });
  layer.reset();
  draws.splice(0).forEach((fn) => fn());
  assert.deepEqual(acks, []);
});
