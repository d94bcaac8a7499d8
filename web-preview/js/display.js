// The canvas: a back buffer sized by devicePixelRatio so every point lands on whole
// device pixels, and a requestAnimationFrame loop that draws only the newest list.
// Frames that arrive faster than the screen refreshes replace each other unseen and are
// counted as skipped, the client-side twin of the server's `dropped`.

import { renderList } from './ops.js';
import { CurtainEffects } from './curtain-gl.js';
import { ImageCache } from './images.js';
import { FileFontCache } from './fonts.js';

/** Backing-store size in device pixels for a viewport in points at `dpr`. */
export function backingSize(viewport, dpr) {
  return [Math.round(viewport[0] * dpr), Math.round(viewport[1] * dpr)];
}

/**
 * How long (ms) a frame may wait for a tile set on its way (`hold`): on a slow page the set's
 * answer from the decoding worker otherwise waited behind a frame draw (~60 ms 4× throttled),
 * and the frame drawn meanwhile showed the set before.
 */
export const MAX_HOLD_MS = 50;
/**
 * A page whose last frame kept it from the next animation frame for longer than this (ms) is
 * slow, and only a slow page's frames wait: one that keeps up (~17 ms at 60 Hz) has the set's
 * answer soon enough, and waiting cost it a third of its frames (40 fps instead of 60).
 */
export const SLOW_FRAME_MS = 25;

/** The effect groups' rasters of `list` by op index, from `rasterOf(op)` (undefined: none). */
export function effectRastersOf(list, rasterOf) {
  const rasters = [];
  list.ops.forEach((op, i) => {
    if (op.op === 'push' && op.effect) rasters[i] = rasterOf(op) ?? undefined;
  });
  return rasters;
}

/** The index of the pop that closes the group pushed at `start` (ops.length if none does). */
function matchingPop(ops, start) {
  let depth = 0;
  for (let i = start; i < ops.length; i += 1) {
    if (ops[i].op === 'push') depth += 1;
    else if (ops[i].op === 'pop' && (depth -= 1) === 0) return i;
  }
  return ops.length;
}

const sameJSON = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Whether two rasters draw the same pixels: the same image, from the same set, into the same box. */
function sameRaster(a, b, opA, opB) {
  return !!a && !!b && a.image === b.image && a.seq === b.seq
    && sameJSON(a.bounds ?? opA.effect.bounds, b.bounds ?? opB.effect.bounds);
}

/**
 * Whether `list` with its effect rasters `rasters` (by op index) draws exactly the pixels that
 * `drawn` drew with `drawnRasters`: the same list members but its time, and the same ops
 * (frame deltas keep an unchanged op the same object), except inside an effect group both
 * replace with the same raster, whose own ops are not drawn (its push may differ only in
 * `effect`, the drag point the raster already shows). During a drag drawn from server tiles
 * only that push changes, so every frame between two sets is the picture already shown.
 */
export function samePicture(drawn, drawnRasters, list, rasters) {
  if (!drawn || drawn.ops.length !== list.ops.length) return false;
  for (const key of new Set([...Object.keys(drawn), ...Object.keys(list)])) {
    if (key !== 'ops' && key !== 'accessibility' && key !== 'time' && !sameJSON(drawn[key], list[key])) return false;
  }
  for (let i = 0; i < list.ops.length; i += 1) {
    const [was, op] = [drawn.ops[i], list.ops[i]];
    if (rasters[i] || drawnRasters[i]) {
      if (!sameRaster(drawnRasters[i], rasters[i], was, op)) return false;
      const { effect: _was, ...wasRest } = was;
      const { effect: _op, ...opRest } = op;
      if (!sameJSON(wasRest, opRest)) return false;
      const end = matchingPop(list.ops, i);
      if (end !== matchingPop(drawn.ops, i)) return false;
      i = end;
    } else if (was !== op) {
      return false;
    }
  }
  return true;
}

export class Display {
  /**
   * @param canvas the visible canvas; @param options {markEffects, onDraw(list, stats) (stats null: the
   * canvas already showed the list's picture and was not drawn again), debug(key, value),
   * curtain: 'webgl' (default) | 'js' | 'off' — how curtain effect groups are folded,
   * reference: true — the simple renderer (full-size layers) for comparing frame rates,
   * hold() — true while the next frame should wait (a tile set is being decoded), at most
   * MAX_HOLD_MS from the first animation frame it held, and only while the page is slow}
   */
  constructor(canvas, options = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.options = options;
    this.pending = null;
    this.current = null;
    this.viewport = [390, 844];
    this.bleed = 0; // points drawn past each edge of the viewport (the list's `bleed`)
    this.dpr = 0;
    this.skipped = 0;
    this.drawn = 0;
    this.layerPool = [];
    this.effectRasters = new Map(); // group id -> {image, bounds}; filled by tile decoding later
    this.curtain = new CurtainEffects({ mode: options.curtain ?? 'webgl' });
    // Pictures of image ops, fetched once; one arriving redraws the newest list.
    this.images = new ImageCache({ onReady: () => this.redraw() });
    // Font files components bring (display-list fonts with a `file`); one loading redraws too.
    this.fonts = new FileFontCache({ onReady: () => this.redraw() });
    this.scheduled = false;
    this.frameMs = 0; // what the last frame drawn cost, from its animation frame to the next
    // What the canvas shows ({list, rasters}), and whether it must be drawn again anyway.
    this.painted = null;
    this.stale = true;
    this.reused = 0; // frames whose picture was already on the canvas (`samePicture`), not drawn again
  }

  /** Queues a list; only the newest queued list is drawn at the next animation frame. */
  show(list) {
    if (this.pending) this.skipped += 1;
    this.pending = list;
    this.schedule();
  }

  /** Draws the current list again (fonts loaded, resolution changed, option toggled, a tile set swapped in). */
  redraw() {
    this.stale = true;
    if (!this.pending && this.current) this.pending = this.current;
    this.schedule();
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame((now) => {
      this.scheduled = false;
      if (this.pending && this.holding(now)) {
        this.schedule();
        return;
      }
      const list = this.pending;
      this.pending = null;
      if (!list) return;
      this.draw(list);
      // The next animation frame after this one says what the frame cost (drawing, layout, paint).
      requestAnimationFrame((next) => { this.frameMs = next - now; });
    });
  }

  /** Whether the frame due at `now` (ms) waits: `hold` says so and it has not waited too long. */
  holding(now) {
    if (!(this.frameMs > SLOW_FRAME_MS) || !this.options.hold?.()) {
      this.heldSince = null;
      return false;
    }
    this.heldSince ??= now;
    if (now - this.heldSince < MAX_HOLD_MS) return true;
    this.heldSince = null; // drawn now: the next frame may wait again
    return false;
  }

  /**
   * `bleed` (points) widens the canvas past every edge of the viewport: the viewport is a
   * frame in a larger canvas (the list's `bleed`), which clips nothing, so a shadow shows past
   * it. Negative margins keep the viewport where it was and its box the viewport's size.
   */
  resize(viewport, dpr, bleed = 0) {
    const [w, h] = backingSize([viewport[0] + 2 * bleed, viewport[1] + 2 * bleed], dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.layerPool = [];
    }
    // CSS size in points (CSS px): the canvas shows at its viewport size, and its bleed.
    this.canvas.style.width = `${viewport[0] + 2 * bleed}px`;
    this.canvas.style.height = `${viewport[1] + 2 * bleed}px`;
    this.canvas.style.margin = bleed > 0 ? `${-bleed}px` : '';
    this.viewport = viewport;
    this.bleed = bleed;
    this.dpr = dpr;
    this.stale = true;
  }

  draw(list) {
    const dpr = globalThis.devicePixelRatio || 1;
    const bleed = list.bleed ?? 0;
    if (list.size[0] !== this.viewport[0] || list.size[1] !== this.viewport[1] || dpr !== this.dpr || bleed !== this.bleed) {
      this.resize(list.size, dpr, bleed);
    }
    // Each effect group's raster, asked once a frame: what it draws, and what says whether
    // the canvas already shows this frame's picture.
    const rasters = effectRastersOf(list, (op) => this.options.effectRaster?.(op, list) ?? this.effectRasters.get(op.id));
    if (!this.stale && samePicture(this.painted?.list, this.painted?.rasters, list, rasters)) {
      // Drawing it again would cost a slow page a whole frame (30–70 ms 4× throttled) for the
      // same pixels, and delay the next tile set's swap behind it.
      this.reused += 1;
      this.options.debug?.('framesReused', String(this.reused));
      this.current = list;
      this.drawn += 1;
      this.options.onDraw?.(list, null);
      return;
    }
    this.stale = false;
    this.painted = { list, rasters };
    const rasterAt = new Map();
    rasters.forEach((raster, i) => rasterAt.set(list.ops[i], raster));
    this.curtain.last = { path: 'none', ms: 0 };
    const stats = renderList(this.ctx, list, {
      scale: dpr,
      pixelWidth: this.canvas.width,
      pixelHeight: this.canvas.height,
      createLayer: (w, h) => {
        const canvas = new OffscreenCanvas(w, h);
        return { canvas, ctx: canvas.getContext('2d') };
      },
      layerPool: this.layerPool,
      markEffects: this.options.markEffects ?? true,
      effectRaster: (op) => rasterAt.get(op),
      effects: this.curtain,
      images: this.images,
      fonts: this.fonts,
      reference: this.options.reference === true,
    });
    // What folded the last curtain and what it cost (the page's debug hook: tests, curious people).
    this.options.debug?.('curtainPath', this.curtain.last.path);
    this.options.debug?.('curtainMs', this.curtain.last.ms.toFixed(2));
    this.current = list;
    this.drawn += 1;
    this.options.onDraw?.(list, stats);
  }
}
