// The display-list renderer: a table `op -> (ctx, op, state) => void` and the loop that
// walks a list through it (display-list.md). Pure apart from the context it is handed,
// so node --test drives it with a recording stand-in and checks the exact calls.
//
// Groups: a push saves the context, applies its transform (on top of the parent's) and
// its clip. Group opacity must multiply the *composited* content and a shadow is cast by
// the composited silhouette, so such a group may need an offscreen layer, composited on
// pop. Layers are only used where the result would differ without one, and are only as
// big as what the group can draw (its clip, else its content's bounds, in device pixels):
// - opacity 0: nothing is drawn (nor traced);
// - opacity < 1 whose content is one drawing op, or ops whose device bounds are pairwise
//   disjoint: plain globalAlpha (nothing overlaps, so per-op alpha is the composite);
// - shadow on a group whose content is one drawing op and no clip: ctx.shadow* on that op;
// - shadow on a clipped group whose first op is an opaque solid rectangle covering the
//   clip: the silhouette is the clip, whose shadow is drawn alone (the shape itself far
//   off the target, its shadow offset back), the content directly on top;
// - otherwise a pooled layer the size of the group's device bounds (integer offset, so
//   the content lands on the same pixels), composited with opacity and shadow.
// `reference: true` keeps the simple renderer (a back-buffer-sized layer for every group
// with a shadow, or opacity < 1 over several ops): the oracle for the pixel tests and the
// baseline for Tests/browser/bench_draw.py.
//
// An `image` op draws its picture from `images` (images.js, an ImageCache) scaled into its
// rect, smoothing per `interpolation`; a picture not loaded yet draws nothing this time.
//
// A group with a curtain `effect` is folded by the kernel when the caller passes `effects`
// (curtain-gl.js): its content is drawn into the effect's own layer and the result drawn in
// its place on pop. Without `effects` (node tests, no kernel) the content is drawn unchanged.

import { fontString } from './fonts.js';

/** CSS colour for a display-list colour ([r, g, b, a], sRGB 0...1, not premultiplied). */
export function cssColor([r, g, b, a]) {
  const c = (v) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return `rgba(${c(r)}, ${c(g)}, ${c(b)}, ${Math.round(a * 10000) / 10000})`;
}

/** Traces a PATH onto the context's current path. */
export function tracePath(ctx, path) {
  ctx.beginPath();
  for (const cmd of path) {
    switch (cmd[0]) {
      case 'M': ctx.moveTo(cmd[1], cmd[2]); break;
      case 'L': ctx.lineTo(cmd[1], cmd[2]); break;
      case 'C': ctx.bezierCurveTo(cmd[1], cmd[2], cmd[3], cmd[4], cmd[5], cmd[6]); break;
      case 'Q': ctx.quadraticCurveTo(cmd[1], cmd[2], cmd[3], cmd[4]); break;
      case 'Z': ctx.closePath(); break;
      default: break; // validated upstream; an unknown command draws nothing
    }
  }
}

/** A canvas fill style for a PAINT. */
export function paintStyle(ctx, paint) {
  if (paint.type === 'linear') {
    const gradient = ctx.createLinearGradient(paint.from[0], paint.from[1], paint.to[0], paint.to[1]);
    for (const stop of paint.stops) gradient.addColorStop(stop.offset, cssColor(stop.color));
    return gradient;
  }
  return cssColor(paint.color);
}

// 2x3 affine matrices as [a, b, c, d, e, f], the Canvas setTransform order.
export const IDENTITY = Object.freeze([1, 0, 0, 1, 0, 0]);
export function multiply([a1, b1, c1, d1, e1, f1], [a2, b2, c2, d2, e2, f2]) {
  return [
    a1 * a2 + c1 * b2, b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1,
  ];
}

/**
 * For each push, the index of its matching pop and whether its content is a single
 * drawing op (then opacity needs no layer). Unbalanced pops are ignored.
 */
export function groupInfo(ops) {
  const info = new Array(ops.length);
  const open = [];
  ops.forEach((op, i) => {
    if (op.op === 'push') {
      open.push(i);
    } else if (op.op === 'pop') {
      const start = open.pop();
      if (start !== undefined) {
        const inner = ops.slice(start + 1, i);
        info[start] = { pop: i, single: inner.length === 1 && inner[0].op !== 'push' };
      }
    }
  });
  for (const start of open) info[start] = { pop: ops.length, single: false };
  return info;
}

/** Whether a push needs an offscreen layer in the reference renderer. */
export function needsLayer(op, info) {
  if (op.shadow) return true;
  return op.opacity !== undefined && op.opacity < 1 && !info.single;
}

// -- Bounds, in device pixels of the current target: [x0, y0, x1, y1], null = nothing. ---

const pathBoxes = new WeakMap();

/** The control-point box of a PATH (contains the curve): [x0, y0, x1, y1] in its points. */
export function pathBounds(path) {
  let box = pathBoxes.get(path);
  if (box) return box;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const cmd of path) {
    for (let k = 1; k + 1 < cmd.length; k += 2) {
      const x = cmd[k], y = cmd[k + 1];
      if (x < x0) x0 = x; if (x > x1) x1 = x;
      if (y < y0) y0 = y; if (y > y1) y1 = y;
    }
  }
  box = x0 <= x1 && y0 <= y1 ? [x0, y0, x1, y1] : null;
  if (typeof path === 'object') pathBoxes.set(path, box);
  return box;
}

/** The device box of a local box under matrix `m`. */
export function transformBounds(m, box) {
  if (!box) return null;
  const [a, b, c, d, e, f] = m;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of [[box[0], box[1]], [box[2], box[1]], [box[0], box[3]], [box[2], box[3]]]) {
    const X = a * x + c * y + e, Y = b * x + d * y + f;
    if (X < x0) x0 = X; if (X > x1) x1 = X;
    if (Y < y0) y0 = Y; if (Y > y1) y1 = Y;
  }
  return [x0, y0, x1, y1];
}

function union(a, b) {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function intersect(a, clip) {
  if (!a || !clip) return clip === null ? a : null;
  const box = [Math.max(a[0], clip[0]), Math.max(a[1], clip[1]), Math.min(a[2], clip[2]), Math.min(a[3], clip[3])];
  return box[0] < box[2] && box[1] < box[3] ? box : null;
}

function expand(box, by) {
  return box && [box[0] - by, box[1] - by, box[2] + by, box[3] + by];
}

/** A generous local box for a drawing op (text: no metrics here, so em-based). */
function opLocalBounds(op) {
  switch (op.op) {
    case 'fill': return pathBounds(op.path);
    case 'stroke': {
      // Half the width, times the miter limit (10) for miter joins, √2 for square caps.
      const join = (op.join ?? 'miter') === 'miter' ? 10 : 1;
      return expand(pathBounds(op.path), (Math.abs(op.width) / 2) * Math.max(join, Math.SQRT2) + 1);
    }
    case 'image': {
      const [x, y, w, h] = op.rect ?? [0, 0, 0, 0];
      return w > 0 && h > 0 ? [x, y, x + w, y + h] : null;
    }
    case 'text': {
      const size = Math.abs(op.font?.size ?? 0);
      let box = null;
      for (const line of op.lines) {
        const width = (String(line.text).length + 2) * size * 1.5;
        box = union(box, [line.x - size, line.y - 1.5 * size, line.x + width, line.y + size]);
      }
      return box;
    }
    default: return null;
  }
}

/** How far a shadow reaches past its silhouette, in device pixels (blur ≈ 3 sd + offset). */
function shadowReach(shadow, m) {
  const [blur, ox, oy] = shadowGeometry(shadow, m);
  return 2 * blur + Math.abs(ox) + Math.abs(oy) + 2;
}

/**
 * The device box of what ops (from, to) draw under matrix `m` inside device clip box
 * `clip` (null = unclipped): conservative, so a layer of that box loses no pixel.
 */
export function contentBounds(ops, info, from, to, m, clip, effectRaster) {
  let box = null;
  for (let i = from; i < to; i += 1) {
    const op = ops[i];
    if (op.op === 'push') {
      const end = info[i]?.pop ?? to;
      if (!(op.opacity !== undefined && op.opacity <= 0)) {
        const inner = op.transform ? multiply(m, op.transform) : m;
        const ownClip = op.clip ? intersect(transformBounds(inner, pathBounds(op.clip)), clip) : clip;
        let group = op.clip && !ownClip ? null : contentBounds(ops, info, i + 1, end, inner, ownClip, effectRaster);
        if (op.effect) {
          const bounds = effectRaster?.(op)?.bounds ?? op.effect.bounds;
          if (Array.isArray(bounds)) {
            // The folded result (or raster) fills its bounds; the mark sits up to 7 pt left.
            const local = [bounds[0] - 10, bounds[1] - 10, bounds[0] + bounds[2] + 10, bounds[1] + bounds[3] + 10];
            group = union(group, intersect(transformBounds(inner, local), ownClip));
          }
        }
        if (group && op.shadow) group = intersect(expand(group, shadowReach(op.shadow, inner)), clip);
        box = union(box, group);
      }
      i = end;
    } else if (op.op !== 'pop') {
      box = union(box, intersect(transformBounds(m, opLocalBounds(op)), clip));
    }
  }
  return box;
}

/** The local box of a PATH that is exactly an axis-aligned rectangle, else null. */
function rectangleBounds(path) {
  if (!Array.isArray(path) || path.length < 4 || path.length > 6 || path[0][0] !== 'M') return null;
  const points = [];
  for (const cmd of path) {
    if (cmd[0] === 'M' || cmd[0] === 'L') points.push([cmd[1], cmd[2]]);
    else if (cmd[0] !== 'Z') return null;
  }
  if (points.length === 5 && points[4][0] === points[0][0] && points[4][1] === points[0][1]) points.pop();
  if (points.length !== 4) return null;
  for (let k = 0; k < 4; k += 1) {
    const [p, q] = [points[k], points[(k + 1) % 4]];
    if (p[0] !== q[0] && p[1] !== q[1]) return null;
  }
  return pathBounds(path);
}

/**
 * Whether a shadow group's composited silhouette is exactly its clip: the group is clipped
 * and its first op is an opaque solid fill of a rectangle that covers the clip, so every
 * later op only draws where the silhouette is already opaque.
 */
export function clipIsSilhouette(op, first) {
  if (!op.clip || op.effect || first?.op !== 'fill') return false;
  if (first.paint?.type !== 'solid' || !(first.paint.color[3] >= 1)) return false;
  const rect = rectangleBounds(first.path);
  const clip = pathBounds(op.clip);
  return !!rect && !!clip && rect[0] <= clip[0] && rect[1] <= clip[1] && rect[2] >= clip[2] && rect[3] >= clip[3];
}

/** Whether the drawing ops of a group (nested plain groups included) never overlap. */
function opsDisjoint(ops, info, from, to, m) {
  const boxes = [];
  const walk = (a, b, matrix) => {
    for (let i = a; i < b; i += 1) {
      const op = ops[i];
      if (op.op === 'push') {
        if (op.shadow || op.effect || (op.opacity !== undefined && op.opacity < 1)) return false;
        const end = info[i]?.pop ?? b;
        if (!walk(i + 1, end, op.transform ? multiply(matrix, op.transform) : matrix)) return false;
        i = end;
      } else if (op.op !== 'pop') {
        const box = transformBounds(matrix, opLocalBounds(op));
        if (!box) return false;
        boxes.push(expand(box, 2));
        if (boxes.length > 24) return false; // not worth the pairwise test
      }
    }
    return true;
  };
  if (!walk(from, to, m)) return false;
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) if (intersect(boxes[i], boxes[j])) return false;
  }
  return true;
}

/**
 * A shadow's Gaussian standard deviation per point of its radius: sigma = radius. This is the
 * page's one copy of MorphCore's `Shadow.gaussianStandardDeviation(radius:)` (its doc comment
 * gives the sources), which the page cannot call; ops.test.js checks the two agree through
 * that function's golden (Tests/MorphKitTests/__Goldens__/ShadowSigmaTests).
 */
export const SIGMA_PER_RADIUS = 1;

/**
 * [shadowBlur, shadowOffsetX, shadowOffsetY] in device pixels for a group matrix `m`. The
 * canvas blurs with sigma = shadowBlur / 2 (HTML, "when shadows are drawn"), so shadowBlur is
 * 2 sigma, and sigma goes through the matrix's area scale.
 */
function shadowGeometry(shadow, m) {
  const [ox, oy] = shadow.offset;
  return [
    2 * SIGMA_PER_RADIUS * shadow.radius * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])),
    m[0] * ox + m[2] * oy,
    m[1] * ox + m[3] * oy,
  ];
}

function setShadow(ctx, shadow, m, shift = 0) {
  const [blur, ox, oy] = shadowGeometry(shadow, m);
  ctx.shadowColor = cssColor(shadow.color);
  ctx.shadowBlur = blur;
  ctx.shadowOffsetX = ox - shift;
  ctx.shadowOffsetY = oy;
}

/**
 * The shadow of a group whose silhouette is its clip, alone: the clip is filled far right
 * of the target (a whole number of pixels, so the same coverage) and its shadow offset
 * back into place. Drawn with the group's composite alpha, before the content.
 */
function drawClipShadow(ctx, op, m, alpha, targetWidth) {
  const box = transformBounds(m, pathBounds(op.clip));
  const shift = Math.ceil(Math.max(0, targetWidth - box[0])) + 64;
  ctx.save();
  ctx.setTransform(m[0], m[1], m[2], m[3], m[4] + shift, m[5]);
  ctx.globalAlpha = alpha;
  setShadow(ctx, op.shadow, m, shift);
  tracePath(ctx, op.clip);
  ctx.fillStyle = '#000';
  ctx.fill();
  ctx.restore();
}

/**
 * A line's pieces in order: the stretches in FONT between its runs and each run in its own
 * font. Run offsets are Unicode scalars (code points), so the text is cut as an array of
 * code points, not UTF-16 units.
 */
export function linePieces(line, font) {
  const points = Array.from(line.text);
  const pieces = [];
  let next = 0;
  const add = (start, end, pieceFont) => {
    const text = points.slice(start, end).join('');
    if (text) pieces.push({ text, font: pieceFont });
  };
  for (const run of line.runs ?? []) {
    if (run.start > next) add(next, run.start, font);
    add(run.start, run.end, run.font);
    next = Math.max(next, run.end);
  }
  add(next, points.length, font);
  return pieces;
}

/** The drawing table. `state.ctx` is the context being drawn into; it changes with layers. */
export const OPS = {
  push(ctx, op, state) {
    const info = state.info[state.index];
    const frame = {
      op, parentCtx: ctx, parentMatrix: state.matrix, parentAlpha: state.alpha,
      parentTargetSize: state.targetSize, layer: null, origin: [0, 0], size: null,
      layerShadow: false, layerAlpha: 1,
    };
    const opacity = op.opacity ?? 1;
    let target = ctx;
    let ownAlpha = 1;     // multiplies state.alpha (globalAlpha) inside the group
    let opShadow = false; // ctx.shadow* on the group's single op
    if (state.reference) {
      if (needsLayer(op, info)) {
        frame.layer = state.acquireLayer(...state.targetSize, true);
        frame.size = state.targetSize;
        frame.layerShadow = !!op.shadow;
        frame.layerAlpha = opacity;
      } else if (opacity < 1) {
        ownAlpha = opacity;
      }
    } else {
      if (opacity <= 0) {
        // Fully transparent: nothing of it shows, shadow included.
        frame.skipped = true;
        state.stack.push(frame);
        state.skipTo = info.pop;
        return;
      }
      const m = op.transform ? multiply(state.matrix, op.transform) : state.matrix;
      let shadowInLayer = false;
      if (op.shadow) {
        if (info.single && !op.clip && !op.effect) opShadow = true;
        else if (clipIsSilhouette(op, state.ops[state.index + 1])) {
          drawClipShadow(ctx, op, m, state.alpha * opacity, state.targetSize[0]);
        } else shadowInLayer = true;
      }
      const alphaInLayer = opacity < 1 && (shadowInLayer
        || !(info.single || opsDisjoint(state.ops, state.info, state.index + 1, info.pop, m)));
      if (opacity < 1 && !alphaInLayer) ownAlpha = opacity;
      if (shadowInLayer || alphaInLayer) {
        const clip = op.clip ? transformBounds(m, pathBounds(op.clip)) : null;
        let box = contentBounds(state.ops, state.info, state.index + 1, info.pop, m, clip, state.effectRaster);
        if (op.effect) {
          const bounds = state.effectRaster?.(op)?.bounds ?? op.effect.bounds;
          if (Array.isArray(bounds)) {
            const local = [bounds[0] - 10, bounds[1] - 10, bounds[0] + bounds[2] + 10, bounds[1] + bounds[3] + 10];
            box = union(box, intersect(transformBounds(m, local), clip));
          }
        }
        const [tw, th] = state.targetSize;
        box = intersect(expand(box, 2), [0, 0, tw, th]);
        if (!box) {
          // Draws nothing on the target: no content, no silhouette, no shadow.
          frame.skipped = true;
          state.stack.push(frame);
          state.skipTo = info.pop;
          return;
        }
        const x0 = Math.floor(box[0]), y0 = Math.floor(box[1]);
        const size = [Math.ceil(box[2]) - x0, Math.ceil(box[3]) - y0];
        frame.layer = state.acquireLayer(...size, false);
        frame.origin = [x0, y0];
        frame.size = size;
        frame.layerShadow = shadowInLayer;
        frame.layerAlpha = alphaInLayer ? opacity : 1;
      }
    }
    if (frame.layer) {
      target = frame.layer.ctx;
      const [x0, y0] = frame.origin;
      state.matrix = [...state.matrix.slice(0, 4), state.matrix[4] - x0, state.matrix[5] - y0];
      target.setTransform(...state.matrix);
      state.alpha = 1;
      state.targetSize = frame.size;
    }
    target.save();
    if (ownAlpha < 1) {
      state.alpha *= ownAlpha;
      target.globalAlpha = state.alpha;
    }
    if (op.transform) {
      target.transform(...op.transform);
      state.matrix = multiply(state.matrix, op.transform);
    }
    if (opShadow) setShadow(target, op.shadow, state.matrix);
    if (op.clip) {
      tracePath(target, op.clip);
      target.clip();
    }
    state.stack.push(frame);
    state.ctx = target;
    if (op.effect) {
      // Seam for server-rendered curtain tiles: a raster for this group replaces its ops.
      const raster = state.effectRaster?.(op);
      if (raster) {
        const [x, y, w, h] = raster.bounds ?? op.effect.bounds;
        target.drawImage(raster.image, x, y, w, h);
        frame.rasterized = true;
        state.skipTo = info.pop;
      } else if (state.effects) {
        // The kernel in the page (curtain-gl.js): the content goes into the effect's layer,
        // the folded result into `target` on pop.
        const fx = state.effects.begin(op.effect, state.matrix);
        if (fx) {
          frame.effect = fx;
          frame.target = target;
          frame.effectTargetSize = state.targetSize;
          state.targetSize = fx.layerSize;
          state.ctx = fx.ctx;
          state.matrix = fx.matrix;
          state.alpha = 1;
        }
      }
    }
  },

  pop(ctx, _op, state) {
    const frame = state.stack.pop();
    if (!frame) return;
    if (frame.skipped) return;
    const target = frame.effect ? frame.target : ctx;
    if (frame.effect) {
      state.effects.end(frame.effect, target);
      state.targetSize = frame.effectTargetSize;
    }
    if (frame.op.effect && state.markEffects && !frame.rasterized) drawEffectMark(target, frame.op.effect);
    target.restore();
    state.matrix = frame.parentMatrix;
    state.alpha = frame.parentAlpha;
    state.targetSize = frame.parentTargetSize;
    state.ctx = frame.parentCtx;
    if (frame.layer) {
      compositeLayer(frame.parentCtx, frame);
      state.releaseLayer(frame.layer);
    }
  },

  fill(ctx, op) {
    tracePath(ctx, op.path);
    ctx.fillStyle = paintStyle(ctx, op.paint);
    ctx.fill(op.rule ?? 'nonzero');
  },

  stroke(ctx, op) {
    tracePath(ctx, op.path);
    ctx.strokeStyle = cssColor(op.color);
    ctx.lineWidth = op.width;
    ctx.lineCap = op.cap ?? 'butt';
    ctx.lineJoin = op.join ?? 'miter';
    ctx.stroke();
  },

  image(ctx, op, state) {
    // Not arrived yet: nothing now; the cache asks for a redraw when it has decoded.
    const picture = state?.images?.get(op.source);
    const [x, y, w, h] = op.rect;
    if (!picture || !(w > 0 && h > 0)) return;
    const interpolation = op.interpolation ?? 'medium';
    ctx.imageSmoothingEnabled = interpolation !== 'none';
    if (interpolation !== 'none') ctx.imageSmoothingQuality = interpolation;
    ctx.drawImage(picture, x, y, w, h);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
  },

  text(ctx, op, state) {
    // A component's own font is drawn once it has loaded (a redraw follows), never in a fallback.
    if (op.font.file && !state?.fonts?.ready(op.font.file)) return;
    ctx.font = fontString(op.font);
    ctx.fillStyle = cssColor(op.color);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    // Tracking (SF Pro's at the font's size plus `.tracking`, summed by MorphKit; no table
    // here): CSS letter-spacing adds it after every character, as MorphKit measured the line.
    const tracking = op.font.tracking ?? 0;
    if (tracking) ctx.letterSpacing = `${tracking}px`;
    for (const line of op.lines) {
      if (!line.runs?.length) {
        ctx.fillText(line.text, line.x, line.y);
        continue;
      }
      // Mixed fonts (inline code): the line cut at its runs, each piece starting where the
      // previous one's advance ended, kerning inside a piece only, as MorphKit measured it.
      let x = line.x;
      for (const piece of linePieces(line, op.font)) {
        ctx.font = fontString(piece.font);
        ctx.letterSpacing = `${piece.font.tracking ?? 0}px`;
        ctx.fillText(piece.text, x, line.y);
        x += ctx.measureText(piece.text).width;
      }
      ctx.font = fontString(op.font);
      ctx.letterSpacing = `${tracking}px`;
    }
    if (tracking) ctx.letterSpacing = '0px';
  },
};

/**
 * Draws a finished layer onto its parent in device pixels at its whole-pixel origin, with
 * the group's opacity and (when the layer carries it) shadow. SHADOW is in the group's
 * coordinates (after its transform): the offset goes through the group matrix's linear
 * part, and the Gaussian's standard deviation (SIGMA_PER_RADIUS x radius) scales by the
 * matrix's area scale (shadowGeometry).
 */
function compositeLayer(parent, frame) {
  const { op, layer } = frame;
  parent.save();
  parent.setTransform(1, 0, 0, 1, 0, 0);
  parent.globalAlpha = frame.parentAlpha * frame.layerAlpha;
  if (frame.layerShadow) {
    setShadow(parent, op.shadow, op.transform ? multiply(frame.parentMatrix, op.transform) : frame.parentMatrix);
  }
  const [x0, y0] = frame.origin;
  const [w, h] = frame.size;
  if (layer.canvas.width === w && layer.canvas.height === h && x0 === 0 && y0 === 0) {
    parent.drawImage(layer.canvas, 0, 0);
  } else {
    parent.drawImage(layer.canvas, 0, 0, w, h, x0, y0, w, h);
  }
  parent.restore();
}

/**
 * A subtle grip where the curtain's edge is, so a viewer can tell this group would be
 * folded by the kernel (drawn unchanged here until server tiles arrive).
 */
function drawEffectMark(ctx, effect) {
  const [bx, by, bw, bh] = effect.bounds ?? [0, 0, 0, 0];
  const dragX = effect.drag ? effect.drag[0] : bx + bw;
  const x = Math.min(bx + bw, Math.max(bx, dragX)) - 7;
  const h = Math.min(48, bh * 0.12);
  const y = by + bh / 2 - h / 2;
  const r = 2;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.lineTo(x + r, y + h);
  ctx.lineWidth = 2 * r;
  ctx.lineCap = 'round';
  ctx.strokeStyle = 'rgba(60, 60, 67, 0.3)';
  ctx.stroke();
  ctx.restore();
}

/**
 * Renders one display list into `ctx`, whose backing store is `pixelWidth x pixelHeight`
 * device pixels at `scale` device pixels per point. `createLayer(w, h)` makes an
 * offscreen {canvas, ctx}; layers are pooled in `layerPool` (kept across calls by the
 * caller) and reused at any size up to theirs; `images` (an ImageCache) holds the pictures
 * of `image` ops and `fonts` (a FileFontCache) the font files components bring. `reference: true` draws with the simple
 * renderer (see the top of this file). Returns counts for the HUD/tests.
 */
export function renderList(ctx, list, options) {
  const { scale = 1, pixelWidth, pixelHeight, createLayer, markEffects = false, effectRaster, effects, images, fonts } = options;
  const pool = options.layerPool ?? [];
  // A frame in a larger canvas: the target holds `bleed` points past each viewport edge.
  const bleed = list.bleed ?? 0;
  let layersUsed = 0;
  const state = {
    ctx, stack: [], index: 0, skipTo: -1, alpha: 1,
    matrix: [scale, 0, 0, scale, bleed * scale, bleed * scale],
    ops: list.ops,
    info: groupInfo(list.ops),
    reference: options.reference === true,
    markEffects, effectRaster, effects, images, fonts,
    targetSize: [pixelWidth, pixelHeight], // pixel size of what state.ctx draws into
    acquireLayer(w, h, exact) {
      layersUsed += 1;
      let best = -1;
      for (let k = pool.length - 1; k >= 0; k -= 1) {
        const c = pool[k].canvas;
        const fits = exact ? c.width === w && c.height === h : c.width >= w && c.height >= h;
        if (fits && (best < 0 || c.width * c.height < pool[best].canvas.width * pool[best].canvas.height)) best = k;
      }
      let layer;
      if (best >= 0) {
        layer = pool.splice(best, 1)[0];
      } else if (exact || pool.length === 0) {
        layer = createLayer(w, h);
      } else {
        // Grow the biggest pooled layer rather than keep one per size.
        let big = 0;
        for (let k = 1; k < pool.length; k += 1) {
          if (pool[k].canvas.width * pool[k].canvas.height > pool[big].canvas.width * pool[big].canvas.height) big = k;
        }
        layer = pool.splice(big, 1)[0];
        layer.canvas.width = Math.max(w, layer.canvas.width);
        layer.canvas.height = Math.max(h, layer.canvas.height);
      }
      layer.ctx.setTransform(1, 0, 0, 1, 0, 0);
      layer.ctx.clearRect(0, 0, w, h);
      return layer;
    },
    releaseLayer(layer) { pool.push(layer); },
  };

  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, pixelWidth, pixelHeight);
  ctx.setTransform(...state.matrix);
  ctx.fillStyle = cssColor(list.background);
  ctx.fillRect(0 - bleed, 0 - bleed, list.size[0] + 2 * bleed, list.size[1] + 2 * bleed); // 0 - 0 is +0

  let drawn = 0;
  for (let i = 0; i < list.ops.length; i += 1) {
    const op = list.ops[i];
    const handler = OPS[op.op];
    if (!handler) continue;
    state.index = i;
    handler(state.ctx, op, state);
    drawn += 1;
    if (state.skipTo >= 0) {
      i = state.skipTo - 1; // resume at the matching pop
      state.skipTo = -1;
    }
  }
  while (state.stack.length) OPS.pop(state.ctx, { op: 'pop' }, state); // a malformed list
  ctx.restore();
  return { drawn, layersUsed };
}
