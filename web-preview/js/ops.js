// The display-list renderer: a table `op -> (ctx, op, state) => void` and the loop that
// walks a list through it (display-list.md). Pure apart from the context it is handed,
// so node --test drives it with a recording stand-in and checks the exact calls.
//
// Groups: a push saves the context, applies its transform (on top of the parent's) and
// its clip. Group opacity must multiply the *composited* content, so a group with
// several children and opacity < 1, or any group with a shadow, is drawn into an
// offscreen layer (same pixel size as the back buffer) and composited on pop. A group
// whose whole content is one drawing op is the same with plain globalAlpha, so it skips
// the layer.
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

/** Whether a push needs an offscreen layer to composite correctly. */
export function needsLayer(op, info) {
  if (op.shadow) return true;
  return op.opacity !== undefined && op.opacity < 1 && !info.single;
}

/** The drawing table. `state.ctx` is the context being drawn into; it changes with layers. */
export const OPS = {
  push(ctx, op, state) {
    const info = state.info[state.index];
    const frame = { op, parentCtx: ctx, parentMatrix: state.matrix, parentAlpha: state.alpha, layer: null };
    let target = ctx;
    if (needsLayer(op, info)) {
      frame.layer = state.acquireLayer();
      target = frame.layer.ctx;
      target.setTransform(...state.matrix);
      state.alpha = 1;
    }
    target.save();
    if (op.opacity !== undefined && op.opacity < 1 && !frame.layer) {
      state.alpha *= op.opacity;
      target.globalAlpha = state.alpha;
    }
    if (op.transform) {
      target.transform(...op.transform);
      state.matrix = multiply(state.matrix, op.transform);
    }
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
          frame.layerSize = state.layerSize;
          state.layerSize = fx.layerSize;
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
    const target = frame.effect ? frame.target : ctx;
    if (frame.effect) {
      state.effects.end(frame.effect, target);
      state.layerSize = frame.layerSize;
    }
    if (frame.op.effect && state.markEffects && !frame.rasterized) drawEffectMark(target, frame.op.effect);
    target.restore();
    state.matrix = frame.parentMatrix;
    state.alpha = frame.parentAlpha;
    state.ctx = frame.parentCtx;
    if (frame.layer) {
      compositeLayer(frame.parentCtx, frame, state);
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

  text(ctx, op) {
    ctx.font = fontString(op.font);
    ctx.fillStyle = cssColor(op.color);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
    for (const line of op.lines) ctx.fillText(line.text, line.x, line.y);
  },
};

/**
 * Draws a finished layer onto its parent in device pixels, with the group's opacity and
 * shadow. SHADOW is in the group's coordinates (after its transform): the offset goes
 * through the group matrix's linear part, and the Gaussian's standard deviation
 * radius / 2 scales by the matrix's area scale. Canvas blurs with sd = shadowBlur / 2,
 * so shadowBlur = radius x scale (= radius x devicePixelRatio for an unscaled group).
 */
function compositeLayer(parent, frame, state) {
  const { op, layer } = frame;
  parent.save();
  parent.setTransform(1, 0, 0, 1, 0, 0);
  parent.globalAlpha = frame.parentAlpha * (op.opacity ?? 1);
  if (op.shadow) {
    const m = op.transform ? multiply(frame.parentMatrix, op.transform) : frame.parentMatrix;
    const [ox, oy] = op.shadow.offset;
    parent.shadowColor = cssColor(op.shadow.color);
    parent.shadowBlur = op.shadow.radius * Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    parent.shadowOffsetX = m[0] * ox + m[2] * oy;
    parent.shadowOffsetY = m[1] * ox + m[3] * oy;
  }
  parent.drawImage(layer.canvas, 0, 0);
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
 * offscreen {canvas, ctx}; layers are pooled per call. Returns counts for the HUD/tests.
 */
export function renderList(ctx, list, options) {
  const { scale = 1, pixelWidth, pixelHeight, createLayer, markEffects = false, effectRaster, effects } = options;
  const pool = options.layerPool ?? [];
  let layersUsed = 0;
  const state = {
    ctx, stack: [], index: 0, skipTo: -1, alpha: 1,
    matrix: [scale, 0, 0, scale, 0, 0],
    info: groupInfo(list.ops),
    markEffects, effectRaster, effects,
    layerSize: null, // inside an effect group: the effect layer's pixel size
    acquireLayer() {
      layersUsed += 1;
      const [w, h] = state.layerSize ?? [pixelWidth, pixelHeight];
      const match = pool.findLastIndex((l) => l.canvas.width === w && l.canvas.height === h);
      const layer = match >= 0 ? pool.splice(match, 1)[0] : createLayer(w, h);
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
  ctx.fillRect(0, 0, list.size[0], list.size[1]);

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
