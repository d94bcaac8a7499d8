import test from 'node:test';
import assert from 'node:assert/strict';
import {
  BLUR_WEIGHTS, BLUR_OFFSETS, curtainActive, curtainGeometry, curtainKernel, curtainPixel,
  premultiplyBytes, toImageBytes, toPremultipliedBytes,
} from '../js/curtain-kernel.js';
import { kernelDrag } from '../js/curtain-gl.js';

const BOUNDS = [0, 0, 390, 844];

/** A deterministic premultiplied float layer with varied opaque and translucent pixels. */
function noiseLayer(width, height, seed = 7) {
  let s = seed;
  const next = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
  const px = new Float32Array(width * height * 4);
  for (let i = 0; i < px.length; i += 4) {
    const a = next() < 0.2 ? next() : 1;
    px[i] = next() * a; px[i + 1] = next() * a; px[i + 2] = next() * a; px[i + 3] = a;
  }
  return px;
}

function uniformLayer(width, height, value) {
  const px = new Float32Array(width * height * 4);
  for (let i = 0; i < px.length; i += 4) { px[i] = value; px[i + 1] = value; px[i + 2] = value; px[i + 3] = 1; }
  return px;
}

// The small layer most tests use: 390 x 844 points at 0.1 px/pt.
const W = 39;
const H = 84;
const options = (drag, extra = {}) => ({ pixels: noiseLayer(W, H), width: W, height: H, scale: 0.1, bounds: BOUNDS, drag, folds: 4, ...extra });

test('blur weights: the 9 taps sum to 1 and the offsets are whole points', () => {
  const sum = BLUR_WEIGHTS[0] + 2 * BLUR_WEIGHTS.slice(1).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - 1) < 1e-9, `sum ${sum}`);
  assert.deepEqual([...BLUR_OFFSETS], [0, 1, 2, 3, 4]);
});

test('effect off: the host skips it at dragX == width, and the kernel is the identity there and beyond', () => {
  assert.equal(curtainActive({ bounds: BOUNDS, drag: [390, 300] }), false);
  assert.equal(curtainActive({ bounds: BOUNDS, drag: [389.5, 300] }), true);
  for (const dragX of [390, 500, 1e6]) {
    const o = options([dragX, 300]);
    const out = curtainKernel(o);
    let worst = 0;
    for (let i = 0; i < out.length; i += 1) worst = Math.max(worst, Math.abs(out[i] - o.pixels[i]));
    assert.ok(worst < 1e-6, `dragX ${dragX}: max deviation ${worst}`);
  }
});

test('uniformReveal == 1 (drag at or left of the edge) is transparent everywhere', () => {
  for (const dragX of [0, -50, -Infinity]) {
    const out = curtainKernel(options([dragX, 300]));
    assert.ok(out.every((v) => v === 0), `dragX ${dragX}`);
  }
  assert.equal(curtainGeometry([10, 10], BOUNDS, [0, 300], 4).transparent, true);
});

test('the row under the finger is compressed by uniformReveal, rows further away less', () => {
  const drag = [200, 400];
  const uniformReveal = 1 - 200 / 390;
  const under = curtainGeometry([100, 400], BOUNDS, drag, 4).compression;
  assert.ok(Math.abs(under - uniformReveal) < 1e-12, `under the finger ${under}`);
  // Hand-derived for a row one full height away (dy = 1 in uv):
  // local = U e^(-1/0.45), t = (U + 0.15)^1.8, compression = local + (U - local) t.
  const local = uniformReveal * Math.exp(-1 / 0.45);
  const t = Math.exp(1.8 * Math.log(uniformReveal + 0.15));
  const far = curtainGeometry([100, 400 + 844], BOUNDS, drag, 4).compression;
  assert.ok(Math.abs(far - (local + (uniformReveal - local) * t)) < 1e-12, `far ${far}`);
  assert.ok(far < under);
  // Monotone in the distance to the finger, and the same above and below it (pow(dy, 2)
  // is the square for negative dy; Metal's fast pow would be NaN there).
  let previous = under;
  for (const d of [50, 150, 300]) {
    const below = curtainGeometry([100, 400 + d], BOUNDS, drag, 4).compression;
    const above = curtainGeometry([100, 400 - d], BOUNDS, drag, 4).compression;
    assert.ok(Number.isFinite(above) && Math.abs(above - below) < 1e-12, `symmetric at ${d}`);
    assert.ok(below < previous, `decreasing at ${d}`);
    previous = below;
  }
});

test('the highlight sign follows the triangle wave derivative (crease light)', () => {
  const drag = [120, 300];
  let rising = 0;
  let falling = 0;
  for (let x = 0.25; x < 120; x += 0.5) {
    const g = curtainGeometry([x, 300], BOUNDS, drag, 4);
    if (g.distortedX >= 1) continue;
    const eps = 1e-4;
    const slope = curtainGeometry([x + eps, 300], BOUNDS, drag, 4).fold - curtainGeometry([x - eps, 300], BOUNDS, drag, 4).fold;
    if (Math.abs(slope) < 1e-9 || g.foldD === 0) continue; // on a crease
    // highlight = foldAmount * foldD * 0.1 - compression * 0.1, with foldAmount > 0.
    const crease = g.highlight + g.compression * 0.1;
    assert.equal(Math.sign(crease), Math.sign(slope), `x ${x}: crease light ${crease}, fold slope ${slope}`);
    if (slope > 0) rising += 1; else falling += 1;
  }
  assert.ok(rising > 10 && falling > 10, `both sides of the folds seen (${rising}, ${falling})`);
});

test('on a uniform layer the output is the layer plus the highlight, clamped per channel (RGB only)', () => {
  const layer = { pixels: uniformLayer(390, 844, 0.5), width: 390, height: 844, scale: 1, bounds: BOUNDS, drag: [150, 300], folds: 4 };
  for (const [i, j] of [[20, 300], [60, 310], [100, 500], [140, 100]]) {
    const g = curtainGeometry([i + 0.5, j + 0.5], BOUNDS, layer.drag, 4);
    assert.ok(g.distortedX < 1 && g.sample[0] > 5 && g.sample[0] < 385, 'interior sample');
    const [r, gg, b, a] = curtainPixel(layer, i, j);
    const expected = Math.min(1, Math.max(0, 0.5 + g.highlight));
    assert.ok(Math.abs(r - expected) < 1e-6 && r === gg && gg === b, `(${i}, ${j}) ${r} vs ${expected}`);
    assert.ok(Math.abs(a - 1) < 1e-6, 'alpha untouched by the highlight');
  }
});

test('samples beyond the layer read transparent: right of the fold is empty', () => {
  const layer = { pixels: uniformLayer(390, 844, 0.5), width: 390, height: 844, scale: 1, bounds: BOUNDS, drag: [100, 300], folds: 4 };
  const g = curtainGeometry([300.5, 300.5], BOUNDS, layer.drag, 4);
  assert.ok(g.sample[0] > 390 + 5, `sample ${g.sample[0]} is off the layer`);
  assert.deepEqual(curtainPixel(layer, 300, 300), [0, 0, 0, 0]);
  // At a pixel centre the bilinear read is exactly that texel, also on the last column.
  const edge = { pixels: uniformLayer(4, 1, 1), width: 4, height: 1, scale: 1, bounds: [0, 0, 4, 1], drag: [4, 0], folds: 4 };
  assert.deepEqual(curtainPixel(edge, 3, 0).map((v) => Math.round(v * 1e6) / 1e6), [1, 1, 1, 1]);
});

test('never NaN: drag x at 20, at width, beyond, NaN, ±Infinity; odd folds and bounds', () => {
  const cases = [
    [[20, 300]], [[20, -1e6]], [[390, 300]], [[391, 300]], [[1e6, 844]], [[NaN, 300]], [[200, NaN]],
    [[Infinity, 300]], [[-Infinity, 300]], [[200, Infinity]],
    [[20, 300], { folds: 0 }], [[20, 300], { folds: NaN }], [[20, 300], { folds: -3 }], [[20, 300], { folds: 8 }],
    [[20, 300], { bounds: [-50, -20, 390, 844] }], [[20, 300], { bounds: [0, 0, 0, 844] }],
    [[20, 300], { pixels: new Uint8ClampedArray(W * H * 4).fill(255) }],
  ];
  for (const [drag, extra] of cases) {
    const out = curtainKernel(options(drag, extra));
    const bad = out.findIndex((v) => !(v >= 0 && v <= 1));
    assert.equal(bad, -1, `drag ${drag} ${JSON.stringify(extra ?? {})}: channel ${bad} = ${out[bad]}`);
  }
  // The drag floor and NaN handling the host applies before the kernel.
  assert.deepEqual(kernelDrag([5, 10]), [20, 10]);
  assert.deepEqual(kernelDrag([NaN, NaN]), [Infinity, 1e9]);
});

test('drag x at 20 (the floor): everything right of the compressed layer is transparent, left is folded', () => {
  const o = options([20, 422]);
  const out = curtainKernel(o);
  const alphaAt = (i, j) => out[(j * W + i) * 4 + 3];
  assert.equal(alphaAt(30, 42), 0);
  assert.ok(alphaAt(0, 42) > 0, 'the folded strip at the leading edge is visible');
});

test('byte helpers: premultiply, store and unpremultiply round-trip opaque pixels', () => {
  const rgba = new Uint8ClampedArray([255, 128, 0, 255, 200, 100, 50, 128, 9, 9, 9, 0]);
  const pre = premultiplyBytes(rgba);
  assert.deepEqual([...pre], [255, 128, 0, 255, 100, 50, 25, 128, 0, 0, 0, 0]);
  const floats = Float32Array.from(pre, (v) => v / 255);
  assert.deepEqual([...toPremultipliedBytes(floats)], [...pre]);
  const back = toImageBytes(floats);
  assert.deepEqual([...back.slice(0, 4)], [255, 128, 0, 255]);
  assert.ok(Math.abs(back[4] - 200) <= 2 && back[7] === 128);
  // Light over a translucent pixel (RGB > alpha) caps at white unpremultiplied.
  assert.deepEqual([...toImageBytes(new Float32Array([0.6, 0.2, 0, 0.5]))], [255, 102, 0, 128]);
});

// The seed's view is laid out in the safe area (iPhone 15: 390 x 751 from y = 59) while its
// background reaches the whole viewport: uv is measured over the view's frame (Metal's
// `.boundingRect`), the layer is everything drawn. Same numbers as the Swift kernel's test
// (CurtainSafeAreaTests): finger at (200, 459), rows 120 and 780.
test('a frame: uv over the view (safe area), the layer past it, as the seed measures', () => {
  const frame = [0, 59, 390, 751];
  const effect = { bounds: BOUNDS, frame, drag: [200, 459], folds: 4 };
  assert.equal(curtainActive(effect), true);
  assert.equal(curtainActive({ ...effect, drag: [390, 459] }), false);
  assert.deepEqual(kernelDrag([5, 459], frame[0]), [20, 459]);
  const edge = (y, f) => 390 * (1 - curtainGeometry([100, y], f, [200, 459], 4).compression);
  for (const [y, seed, viewport] of [[120.25, 238.40, 231.77], [780.25, 235.28, 229.06]]) {
    assert.ok(Math.abs(edge(y, frame) - seed) < 0.01, `row ${y}: ${edge(y, frame)} vs ${seed}`);
    assert.ok(Math.abs(edge(y, BOUNDS) - viewport) < 0.01, `row ${y} over the viewport: ${edge(y, BOUNDS)}`);
  }
  // Moving the frame and everything with it moves the sample by as much (uv is frame-relative).
  const here = curtainGeometry([100, 300], frame, [200, 459], 4);
  const there = curtainGeometry([100, 241], [0, 0, 390, 751], [200, 400], 4);
  assert.ok(Math.abs(here.sample[0] - there.sample[0]) < 1e-9 && Math.abs(here.sample[1] - 59 - there.sample[1]) < 1e-9);
  // The status-bar strip above the frame is in the layer and folds with it.
  const layer = { pixels: uniformLayer(39, 84, 0.5), width: 39, height: 84, scale: 0.1, bounds: BOUNDS, frame, drag: [200, 459], folds: 4 };
  assert.equal(curtainPixel(layer, 2, 2)[3], 1);
});
