// Server-rendered curtain tiles (protocol.md, "Raster tiles"): binary MTIL messages carry
// tiles of the effect layer, PNG at rest and JPEG or WebP while the curtain moves (the header
// names the codec; the browser decodes all three; a tile may come in two parts, each drawn at
// its own rectangle); `tiles-done` closes a set. A set below
// the scale asked for (the server's fallback while moving) is drawn into the same bounds. Tiles are decoded as they arrive
// and drawn into the layer only when their whole set is decoded, all in one task, so a frame
// never shows half a set.
//
// The page asks for acknowledged sets (protocol.md, "Acknowledged sets"): the server sends
// the next set only after `tiles-ack`, which goes once a set is swapped in and the frame
// after it is drawn. The socket drains faster than a slow page decodes and draws, so without
// the ack sets queued here and tile latency grew for as long as a drag lasted.

export const HEADER_LENGTH = 32;
export const COMPLETE_FLAG = 1;
/** Header flag bit 1: the tile is below the scale asked for (a moving picture, lowered). */
export const LOWERED_FLAG = 2;
/** The header's codec byte (offset 29, version 2) -> the payload's media type. */
export const CODEC_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** A set older than this many frames is stale: the page folds the curtain itself again… */
export const MAX_LAG_FRAMES = 30;
/**
 * …unless sets still come: one swapped in within this many ms means the next is on its way,
 * and the page draws the newest set however far behind it is. Folding locally costs a slow
 * page far more than tiles (4× CPU throttled, a WebGL fold on SwiftShader took ~300 ms a frame
 * against ~70 drawing tiles), and that time delayed the next sets, which then lagged more: the
 * page folded every frame and tile latency grew past a second.
 */
export const STALLED_MS = 1000;

/** The fixed little-endian header of a tile message, or null when it is not one. */
export function parseTileHeader(buffer) {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength < HEADER_LENGTH) return null;
  const view = new DataView(buffer);
  const magic = String.fromCharCode(view.getUint8(0), view.getUint8(1), view.getUint8(2), view.getUint8(3));
  const version = view.getUint8(4);
  if (magic !== 'MTIL' || (version !== 1 && version !== 2)) return null;
  const headerLength = view.getUint16(6, true);
  if (headerLength < HEADER_LENGTH || headerLength > buffer.byteLength) return null;
  // Version 1 had padding at 29 and only PNG.
  const codec = version === 1 ? 0 : view.getUint8(29);
  if (!(codec in CODEC_TYPES)) return null;
  return {
    flags: view.getUint8(5),
    headerLength,
    seq: view.getUint32(8, true),
    index: view.getUint32(12, true),
    x: view.getUint16(16, true),
    y: view.getUint16(18, true),
    width: view.getUint16(20, true),
    height: view.getUint16(22, true),
    layerWidth: view.getUint16(24, true),
    layerHeight: view.getUint16(26, true),
    scale: view.getUint8(28),
    codec,
    type: CODEC_TYPES[codec],
  };
}

/** The tile scale to ask for at a devicePixelRatio: whole pixels per point, 1...3. */
export const tileScale = (dpr) => Math.min(3, Math.max(1, Math.round(dpr || 1)));

const sameNumbers = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length === b.length
  && a.every((v, i) => Math.abs(v - b[i]) < 1e-6);

/** Whether two curtain effects fold the same way (bounds, frame, drag point, folds). */
export const sameEffect = (a, b) => !!a && !!b && a.folds === b.folds
  && sameNumbers(a.bounds, b.bounds) && sameNumbers(a.frame ?? a.bounds, b.frame ?? b.bounds)
  && sameNumbers(a.drag, b.drag);

/**
 * Whether the set `current` may replace effect group `op` in the frame with sequence
 * `frameSeq`: same group and bounds, not from a later frame, and either folded exactly as
 * this frame (`current.effect`, a held drag) or not older than `maxLag` frames.
 */
export function rasterApplies(current, frameSeq, op, maxLag = MAX_LAG_FRAMES) {
  if (!current || !op?.effect || !Number.isInteger(frameSeq)) return false;
  if (current.group !== op.id || frameSeq < current.seq) return false;
  if (!sameNumbers(current.bounds, op.effect.bounds)) return false;
  return sameEffect(current.effect, op.effect) || frameSeq - current.seq <= maxLag;
}

export class TileLayer {
  /**
   * @param env {createCanvas(w, h), decode(blob) -> Promise<ImageBitmap>, onSwap(current, done)}
   */
  constructor(env = {}) {
    this.createCanvas = env.createCanvas ?? ((w, h) => new OffscreenCanvas(w, h));
    this.decode = env.decode ?? ((blob) => createImageBitmap(blob));
    this.onSwap = env.onSwap ?? (() => {});
    this.effectOf = env.effectOf ?? (() => null); // the curtain effect of frame seq, if known
    // Called with a set's seq once it is swapped in and drawn (`afterDraw`): the `tiles-ack`.
    this.onAck = env.onAck ?? (() => {});
    this.afterDraw = env.afterDraw ?? ((fn) => (globalThis.requestAnimationFrame ?? setTimeout)(() => fn()));
    this.now = env.now ?? (() => performance.now());
    this.reset();
  }

  /** The frame lag past which the current set is stale at `now` (ms): none while sets come. */
  maxLag(now = this.now()) {
    return this.swappedAt !== null && now - this.swappedAt <= STALLED_MS ? Infinity : MAX_LAG_FRAMES;
  }

  /** Forgets everything (tiles turned off or on again, another session). */
  reset() {
    this.pending = [];
    this.chain = Promise.resolve();
    this.front = null;
    this.current = null; // {image, bounds, seq, group}
    this.swappedAt = null; // when the last set was swapped in (ms, `now`)
    this.generation = (this.generation ?? 0) + 1;
    this.decoded = CODEC_TYPES.map(() => 0); // tiles decoded, by codec byte
    this.failed = 0; // tiles the browser could not decode
    this.lowered = 0; // sets swapped in below the scale asked for
  }

  /**
   * Acks set `seq` once the frame after its swap is drawn (`afterDraw` runs after the
   * display's own animation frame). Every set is acked, a failed tile or an effect turned
   * off included: a set never acked would stop the stream.
   */
  acknowledge(seq, generation) {
    this.afterDraw(() => { if (generation === this.generation) this.onAck(seq); });
  }

  /** One binary message: starts decoding its tile (PNG, JPEG or WebP). */
  tile(buffer) {
    const header = parseTileHeader(buffer);
    if (!header) return false;
    const blob = new Blob([new Uint8Array(buffer, header.headerLength)], { type: header.type });
    this.pending.push({ header, image: this.decode(blob) });
    return true;
  }

  /** A `tiles-done`: once its tiles are decoded, draws them and swaps the front layer. */
  done(message) {
    const tiles = this.pending;
    this.pending = [];
    const generation = this.generation;
    this.chain = this.chain.then(async () => {
      const images = await Promise.all(tiles.map((t) => t.image.catch(() => null)));
      // A set of tiles turned off and on again: the server's ack for it is gone too.
      if (generation !== this.generation) return;
      this.acknowledge(message.seq, generation);
      tiles.forEach(({ header }, i) => {
        if (images[i]) this.decoded[header.codec] += 1; else this.failed += 1;
      });
      this.swappedAt = this.now();
      if (!message.layer) {
        this.current = null;
        this.onSwap(null, message);
        return;
      }
      const first = tiles[0]?.header;
      const [w, h] = first ? [first.layerWidth, first.layerHeight]
        : [Math.round(message.layer[2] * message.scale), Math.round(message.layer[3] * message.scale)];
      if (!this.front || this.front.width !== w || this.front.height !== h) this.front = this.createCanvas(w, h);
      // Straight into the layer the display draws from: this runs in one task, so no frame is
      // drawn between two tiles of a set (a second layer and a whole-layer copy a set cost the
      // page more than the tiles themselves).
      const ctx = this.front.getContext('2d');
      tiles.forEach(({ header }, i) => {
        ctx.clearRect(header.x, header.y, header.width, header.height);
        if (images[i]) ctx.drawImage(images[i], header.x, header.y);
        images[i]?.close?.();
      });
      // A lowered set (scale < fullScale) is a smaller image for the same bounds in points:
      // drawn into them, it is scaled up.
      this.current = {
        image: this.front, bounds: message.layer, seq: message.seq, group: message.group,
        effect: this.effectOf(message.seq), scale: message.scale, fullScale: message.fullScale ?? message.scale,
      };
      if (this.current.scale < this.current.fullScale) this.lowered += 1;
      this.onSwap(this.current, message);
    });
    return this.chain;
  }
}
