// The curtain kernel in plain JavaScript: a per-pixel port of the seed's Metal `curtain`
// function (the curtain seed's shader). It is the oracle the WebGL port
// (curtain-gl.js) is tested against and the page's fallback when WebGL is missing or lost.
// Pure: numbers in, pixels out; doubles throughout (Metal uses float/half, the GPU highp).
//
// Semantics:
// - The layer is the group's content over `bounds` = [x, y, w, h] (group points), rasterised
//   at `scale` pixels per point: `width` x `height` pixels, premultiplied RGBA.
// - `frame` = [x, y, w, h] (group points, default `bounds`) is the view's own frame, Metal's
//   `.boundingRect`: the layer may reach past it (a background drawn into the safe area).
// - `position` is the pixel centre in group points: (x + (i + 0.5) / scale, y + (j + 0.5) / scale).
//   Like Metal, whose user space starts at the view's frame, uv = (position - frame.xy) / frame.zw,
//   and the drag (group points) is measured the same way.
// - `layer.sample(s)` is bilinear over premultiplied colour, texel centres at half pixels,
//   and reads transparent outside the layer.
// - The blur taps are 1 point apart, i.e. `scale` pixels, as Metal samples in points.
// - The highlight is added to RGB only; every channel is then clamped to 0...1, so RGB may
//   exceed alpha (light added over a translucent pixel).
// - The host passes max(20, dragX) from the frame's left and skips the kernel when dragX is the
//   frame's right edge (curtainActive).
//
// Where the seed's maths breaks, the result is defined here (and tested):
// 1. uniformReveal == 1 (dragX <= 0): transparent 0, the seed's own early return.
// 2. compression >= 1 would make 1 / (1 - compression) infinite (and uv.x * inf NaN at
//    uv.x == 0). compression <= uniformReveal < 1 after (1), so this is unreachable, but
//    the rule is: a row compressed to nothing is transparent 0.
// 3. pow(distance.y, 2) with distance.y < 0 (every row above the finger): Metal's fast pow
//    is exp2(y log2 x), NaN for a negative base. The exponent is an even integer, so the
//    result is the square, distance.y * distance.y.
// 4. pow(distortedUV.x, 1.2) with a negative base (only left of the frame, where the layer
//    reaches past it): the base is clamped to 0. pow(compression, 1.4) and
//    pow(uniformReveal + 0.15, 1.8) have bases >= 0 by construction; clamped all the same.
// 5. A NaN drag component reads as "infinitely far": dragX NaN gives uniformReveal 0
//    (saturate(NaN) = 0, as Metal's fmin/fmax drop NaN), dragY NaN gives localReveal 0.
//    +Infinity dragX is 0 reveal, -Infinity is fully open (rule 1).
// 6. folds <= 0 or not finite: no creases (p = 1 / 0 is infinite, biasedX / p = 0, so fold
//    and its derivative are 0, which is what Metal computes for folds == 0).
// 7. The blur mix factor 1.1 * compression^1.4 exceeds 1 above compression ~0.934; it is
//    not clamped (mix extrapolates, as in the seed); the output clamp bounds the result.
// 8. sign(sin(2 pi x)) is 0 exactly on a crease (sign(0) = 0), +1 / -1 between.
// 9. Empty or non-finite bounds (w or h <= 0): no pixels; the output is transparent.
// 10. Any channel that still came out NaN (none known) is written as 0: never NaN.

/** Blur offsets in points and weights: a 9-tap Gaussian (sums to 1 over ±4). */
export const BLUR_OFFSETS = Object.freeze([0, 1, 2, 3, 4]);
export const BLUR_WEIGHTS = Object.freeze([0.2270270270, 0.1945945946, 0.1216216216, 0.0540540541, 0.0162162162]);

/** The host's floor on the drag x passed to the kernel (seed: `max(20, x)`). */
export const MINIMUM_DRAG_X = 20;

/** The rect uv is measured over: the effect's `frame`, else its `bounds`. */
export function curtainFrame(effect) {
  return Array.isArray(effect.frame) ? effect.frame : effect.bounds;
}

/** Whether the host runs the kernel at all: the seed disables it when dragX == maxX. */
export function curtainActive(effect) {
  const [, , bw, bh] = effect.bounds;
  const [fx, , w, h] = curtainFrame(effect);
  return effect.drag[0] - fx !== w && w > 0 && h > 0 && bw > 0 && bh > 0;
}

const saturate = (v) => (v > 0 ? (v < 1 ? v : 1) : 0); // NaN -> 0 (rule 5)
const powNonNegative = (base, exponent) => (base > 0 ? base ** exponent : 0); // rule 4

/**
 * The per-row and per-pixel scalar part of the kernel for one position (in points): where to
 * sample and what light to add. Exposed so tests can state the maths without pixels.
 * Returns {transparent: true} for rules 1 and 2, else {compression, sample: [sx, sy],
 * highlight, blurMix, fold, foldD, distortedX}.
 */
export function curtainGeometry(position, frame, drag, folds) {
  const [fx, fy, w, h] = frame;
  const uvX = (position[0] - fx) / w;
  const uvY = (position[1] - fy) / h;
  const dragU = (drag[0] - fx) / w;
  const dragV = (drag[1] - fy) / h;

  const uniformReveal = saturate(1 - dragU);
  if (uniformReveal === 1) return { transparent: true, compression: 1 };

  const dy = uvY - dragV;
  let localReveal = uniformReveal * Math.exp(-(dy * dy) / 0.45); // rule 3
  if (Number.isNaN(localReveal)) localReveal = 0; // rule 5

  const t = saturate(powNonNegative(uniformReveal + 0.15, 1.8));
  const compression = localReveal + (uniformReveal - localReveal) * t;
  if (!(compression < 1)) return { transparent: true, compression }; // rule 2

  const distortedX = uvX * (1 / (1 - compression));
  let distortedY = uvY;

  const foldCount = folds > 0 && Number.isFinite(folds) ? folds : 0; // rule 6
  const biasedX = powNonNegative(distortedX, 1.2);
  const foldAmount = distortedX * -(Math.cos(compression * Math.PI) - 1) / 2;
  // b / p with p = 1 / folds; folds == 0 gives 0 (rule 6).
  const waves = foldCount === 0 ? 0 : biasedX / (1 / foldCount);
  const fold = 2 * Math.abs(waves - Math.floor(waves + 0.5));
  const foldD = Math.sign(Math.sin(2 * Math.PI * waves));

  distortedY += foldAmount * fold * (-12 / h) * (2 * uvY - 1);

  let highlight = 0;
  if (distortedX < 1) {
    highlight += foldAmount * foldD * 0.1;
    highlight -= compression * 0.1;
  }

  return {
    transparent: false,
    compression,
    fold,
    foldD,
    distortedX,
    highlight,
    blurMix: 1.1 * powNonNegative(compression, 1.4), // rule 7
    sample: [fx + distortedX * w, fy + distortedY * h],
  };
}

/**
 * Bilinear sample of a premultiplied RGBA layer at pixel-space coordinates (u, v) (texel
 * centres at +0.5), transparent outside; adds weight * colour into `out` (4 numbers).
 * Channels are read as stored (0...1 floats or 0...255 bytes) and divided by `unit`.
 */
function addSample(layer, width, height, unit, u, v, weight, out) {
  const x = u - 0.5;
  const y = v - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  for (let dy = 0; dy < 2; dy += 1) {
    const row = y0 + dy;
    if (row < 0 || row >= height) continue;
    const wy = dy === 0 ? 1 - fy : fy;
    for (let dx = 0; dx < 2; dx += 1) {
      const col = x0 + dx;
      if (col < 0 || col >= width) continue;
      const k = (weight * wy * (dx === 0 ? 1 - fx : fx)) / unit;
      if (k === 0) continue;
      const i = (row * width + col) * 4;
      out[0] += layer[i] * k;
      out[1] += layer[i + 1] * k;
      out[2] += layer[i + 2] * k;
      out[3] += layer[i + 3] * k;
    }
  }
}

const clamp01 = (v) => (v > 0 ? (v < 1 ? v : 1) : 0); // NaN -> 0 (rule 10)

/**
 * One output pixel (premultiplied, each channel clamped to 0...1) at pixel (i, j) of the
 * layer. `options` as for curtainKernel; `out` receives 4 numbers and is returned.
 */
export function curtainPixel(options, i, j, out = [0, 0, 0, 0]) {
  const { pixels, width, height, scale, bounds, drag, folds } = options;
  const frame = options.frame ?? bounds;
  const unit = pixels instanceof Float32Array || pixels instanceof Float64Array ? 1 : 255;
  const [bx, by, bw, bh] = bounds;
  const [, , fw, fh] = frame;
  out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0;
  if (!(bw > 0 && bh > 0 && Number.isFinite(bw) && Number.isFinite(bh))) return out; // rule 9
  if (!(fw > 0 && fh > 0 && Number.isFinite(fw) && Number.isFinite(fh))) return out; // rule 9

  const g = curtainGeometry([bx + (i + 0.5) / scale, by + (j + 0.5) / scale], frame, drag, folds);
  if (g.transparent) return out;

  // Sample position in layer pixels.
  const u = (g.sample[0] - bx) * scale;
  const v = (g.sample[1] - by) * scale;
  const color = [0, 0, 0, 0];
  addSample(pixels, width, height, unit, u, v, 1, color);
  const blurred = [0, 0, 0, 0];
  addSample(pixels, width, height, unit, u, v, BLUR_WEIGHTS[0], blurred);
  for (let k = 1; k < 5; k += 1) {
    const d = BLUR_OFFSETS[k] * scale; // 1 point = `scale` pixels
    addSample(pixels, width, height, unit, u + d, v, BLUR_WEIGHTS[k], blurred);
    addSample(pixels, width, height, unit, u - d, v, BLUR_WEIGHTS[k], blurred);
  }
  for (let c = 0; c < 4; c += 1) {
    const mixed = color[c] + (blurred[c] - color[c]) * g.blurMix;
    out[c] = clamp01(c < 3 ? mixed + g.highlight : mixed);
  }
  return out;
}

/**
 * Runs the kernel over a whole layer. `options`: {pixels (premultiplied RGBA, Float32Array
 * 0...1 or Uint8(Clamped)Array 0...255), width, height (pixels), scale (pixels per point),
 * bounds [x, y, w, h] (points), frame [x, y, w, h] (points, optional: bounds), drag [x, y]
 * (points, already max(20, x) from the frame's left), folds}.
 * Returns a Float32Array of width * height * 4 premultiplied channels in 0...1.
 */
export function curtainKernel(options) {
  const { width, height } = options;
  const result = new Float32Array(width * height * 4);
  const px = [0, 0, 0, 0];
  for (let j = 0; j < height; j += 1) {
    for (let i = 0; i < width; i += 1) {
      curtainPixel(options, i, j, px);
      const o = (j * width + i) * 4;
      result[o] = px[0]; result[o + 1] = px[1]; result[o + 2] = px[2]; result[o + 3] = px[3];
    }
  }
  return result;
}

/** Unpremultiplied RGBA8 (ImageData order) -> premultiplied RGBA8, as a canvas stores it. */
export function premultiplyBytes(rgba) {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3];
    out[i] = Math.round((rgba[i] * a) / 255);
    out[i + 1] = Math.round((rgba[i + 1] * a) / 255);
    out[i + 2] = Math.round((rgba[i + 2] * a) / 255);
    out[i + 3] = a;
  }
  return out;
}

/** Kernel output (premultiplied 0...1) -> premultiplied bytes, rounded like a GPU store. */
export function toPremultipliedBytes(result) {
  const out = new Uint8ClampedArray(result.length);
  for (let i = 0; i < result.length; i += 1) out[i] = Math.round(result[i] * 255);
  return out;
}

/**
 * Kernel output -> unpremultiplied RGBA8 for ImageData. Light added over a translucent pixel
 * (RGB > alpha) cannot be expressed unpremultiplied and is capped at white.
 */
export function toImageBytes(result) {
  const out = new Uint8ClampedArray(result.length);
  for (let i = 0; i < result.length; i += 4) {
    const a = result[i + 3];
    if (a <= 0) continue;
    out[i] = Math.round(Math.min(1, result[i] / a) * 255);
    out[i + 1] = Math.round(Math.min(1, result[i + 1] / a) * 255);
    out[i + 2] = Math.round(Math.min(1, result[i + 2] / a) * 255);
    out[i + 3] = Math.round(a * 255);
  }
  return out;
}
