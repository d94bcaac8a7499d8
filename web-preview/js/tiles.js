// Server-rendered curtain tiles (protocol.md, "Raster tiles"): binary MTIL messages carry
// tiles of the effect layer, PNG at rest and JPEG or WebP while the curtain moves (the header
// names the codec; the browser decodes all three; a tile may come in two parts, each drawn at
// its own rectangle); `tiles-done` closes a set. A set below
// the scale asked for (the server's fallback while moving) is drawn into the same bounds. A
// set's tiles are decoded and drawn into a layer in a worker (`tile-worker.js`; on the main
// thread where there is none), and the layer is swapped in only when the whole set is in it,
// in one task, so a frame never shows half a set.
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

/**
 * Decodes a set's tiles as they come and draws them into one layer canvas that keeps the
 * tiles a set leaves unchanged. The page's TileLayer runs one on its main thread where no
 * worker can, and `tile-worker.js` runs one off it.
 */
export class SetAssembler {
  /** @param env {createCanvas(w, h), decode(blob) -> Promise<ImageBitmap>} */
  constructor(env = {}) {
    this.createCanvas = env.createCanvas ?? ((w, h) => new OffscreenCanvas(w, h));
    this.decode = env.decode ?? ((blob) => createImageBitmap(blob));
    this.reset();
  }

  reset() {
    this.pending = [];
    this.layer = null;
    this.decoded = CODEC_TYPES.map(() => 0); // tiles decoded, by codec byte
    this.failed = 0; // tiles the browser could not decode
  }

  /** One tile message (its parsed header): starts decoding its tile (PNG, JPEG or WebP). */
  tile(header, buffer) {
    const blob = new Blob([new Uint8Array(buffer, header.headerLength)], { type: header.type });
    this.pending.push({ header, image: this.decode(blob) });
  }

  /** The tiles of the set a `tiles-done` closes (those since the last call). */
  take() {
    const tiles = this.pending;
    this.pending = [];
    return tiles;
  }

  /** The decoded images of `tiles`, null for a tile that failed. */
  static decodeAll(tiles) {
    return Promise.all(tiles.map((t) => t.image.catch(() => null)));
  }

  /**
   * Draws a set's decoded tiles into the layer, all in one task, and returns it (null for a
   * set without a layer: the effect is gone). The images are closed.
   */
  draw(tiles, images, message) {
    tiles.forEach(({ header }, i) => {
      if (images[i]) this.decoded[header.codec] += 1; else this.failed += 1;
    });
    if (!message.layer) {
      images.forEach((image) => image?.close?.());
      return null;
    }
    const first = tiles[0]?.header;
    const [w, h] = first ? [first.layerWidth, first.layerHeight]
      : [Math.round(message.layer[2] * message.scale), Math.round(message.layer[3] * message.scale)];
    if (!this.layer || this.layer.width !== w || this.layer.height !== h) this.layer = this.createCanvas(w, h);
    const ctx = this.layer.getContext('2d');
    tiles.forEach(({ header }, i) => {
      ctx.clearRect(header.x, header.y, header.width, header.height);
      if (images[i]) ctx.drawImage(images[i], header.x, header.y);
      images[i]?.close?.();
    });
    return this.layer;
  }
}

/**
 * Runs `fn` in a task after the next animation frame is done, its drawing and the commit of
 * its canvas included. A set's ack sent from the frame itself (a callback of it) brought the
 * next set while that frame still held the main thread: a 4× throttled page's frame that
 * draws a new set takes 30–70 ms, and the next set's tiles and `tiles-done` waited for it
 * (25–56 ms from the ack to the first tile handled, against 14 ms on a page that keeps up).
 * The server renders the newest frame when the ack comes, so acking later costs no latency.
 */
export function afterNextFrame(fn) {
  const frame = globalThis.requestAnimationFrame ?? ((callback) => setTimeout(callback));
  frame(() => setTimeout(fn));
}

export class TileLayer {
  /**
   * @param env {createCanvas(w, h), decode(blob) -> Promise<ImageBitmap>, onSwap(current, done),
   * worker: a `tile-worker.js` Worker (or one alike) that decodes and assembles sets off the
   * main thread; without one, both happen here}
   */
  constructor(env = {}) {
    this.assembler = new SetAssembler(env);
    this.worker = env.worker ?? null;
    if (this.worker) {
      this.worker.onmessage = (event) => this.assembled(event.data);
      this.worker.onerror = (event) => this.workerFailed(event);
    }
    this.onSwap = env.onSwap ?? (() => {});
    this.effectOf = env.effectOf ?? (() => null); // the curtain effect of frame seq, if known
    // Called with a set's seq once it is swapped in and drawn (`afterDraw`): the `tiles-ack`.
    this.onAck = env.onAck ?? (() => {});
    this.afterDraw = env.afterDraw ?? afterNextFrame;
    this.now = env.now ?? (() => performance.now());
    this.log = env.log ?? console;
    this.reset();
  }

  /** Whether a set is on its way: a tile of it came, and it is not swapped in yet. */
  get assembling() { return this.inFlight > 0 || this.outgoing.length > 0 || this.assembler.pending.length > 0; }

  /** Where sets are decoded and assembled: 'worker' or 'page' (its main thread). */
  get decodedIn() { return this.worker ? 'worker' : 'page'; }

  /** The frame lag past which the current set is stale at `now` (ms): none while sets come. */
  maxLag(now = this.now()) {
    return this.swappedAt !== null && now - this.swappedAt <= STALLED_MS ? Infinity : MAX_LAG_FRAMES;
  }

  /** Forgets everything (tiles turned off or on again, another session). */
  reset() {
    this.assembler.reset();
    this.chain = Promise.resolve();
    this.replies?.forEach((resolve) => resolve(null));
    this.replies = []; // the worker's sets to come, oldest first: each `done()`'s resolver
    this.outgoing = []; // the tile messages of the set to come, for the worker
    this.inFlight = 0; // sets closed by a `tiles-done` and not swapped in yet
    this.current = null; // {image, bounds, seq, group}
    this.swappedAt = null; // when the last set was swapped in (ms, `now`)
    this.generation = (this.generation ?? 0) + 1;
    this.worker?.postMessage({ type: 'reset', generation: this.generation });
    this.decoded = CODEC_TYPES.map(() => 0); // tiles decoded, by codec byte
    this.failed = 0; // tiles the browser could not decode
    this.lowered = 0; // sets swapped in below the scale asked for
  }

  /**
   * Acks set `seq` once the frame after its swap is drawn (`afterDraw`: after the next
   * animation frame, the display's drawing in it included). Every set is acked, a failed tile or an effect turned
   * off included: a set never acked would stop the stream.
   */
  acknowledge(seq, generation) {
    this.afterDraw(() => { if (generation === this.generation) this.onAck(seq); });
  }

  /**
   * One binary message: starts decoding its tile (PNG, JPEG or WebP). With a worker the
   * set's messages are moved to it (transferred, not copied) together with its `tiles-done`:
   * making a Blob of each and decoding it cost the main thread of a 4× throttled page more
   * than drawing its frames, and a message posted per tile still cost ~1.3 ms each there.
   */
  tile(buffer) {
    const header = parseTileHeader(buffer);
    if (!header) return false;
    if (this.worker) this.outgoing.push(buffer);
    else this.assembler.tile(header, buffer);
    return true;
  }

  /** A `tiles-done`: once its tiles are decoded and drawn into a layer, swaps it in. */
  done(message) {
    const generation = this.generation;
    this.inFlight += 1;
    const settled = () => { if (generation === this.generation) this.inFlight -= 1; };
    if (this.worker) {
      const assembled = new Promise((resolve) => this.replies.push(resolve));
      const { seq, layer, scale } = message;
      const buffers = this.outgoing;
      this.outgoing = [];
      this.worker.postMessage({ type: 'set', buffers, message: { seq, layer, scale }, generation }, buffers);
      this.chain = this.chain.then(async () => {
        const reply = await assembled;
        if (!reply || generation !== this.generation) {
          reply?.image?.close?.();
          return;
        }
        this.decoded = reply.decoded;
        this.failed = reply.failed;
        // A set the worker lost (it failed) is acked all the same and keeps the shown layer.
        if (reply.lost) this.acknowledge(message.seq, generation);
        else this.swap(message, this.copyIn(reply.image), generation);
      }).finally(settled);
      return this.chain;
    }
    const tiles = this.assembler.take();
    this.chain = this.chain.then(async () => {
      const images = await SetAssembler.decodeAll(tiles);
      // A set of tiles turned off and on again: the server's ack for it is gone too.
      if (generation !== this.generation) return;
      // Straight into the layer the display draws from: this runs in one task, so no frame is
      // drawn between two tiles of a set (a second layer and a whole-layer copy a set cost the
      // page more than the tiles themselves).
      const image = this.assembler.draw(tiles, images, message);
      this.decoded = this.assembler.decoded;
      this.failed = this.assembler.failed;
      this.swap(message, image, generation);
    }).finally(settled);
    return this.chain;
  }

  /** A worker's answer to the oldest `done()` waiting (a set from before a reset is dropped). */
  assembled(reply) {
    if (reply?.generation !== this.generation) {
      reply?.image?.close?.();
      return;
    }
    this.replies.shift()?.(reply);
  }

  /**
   * The worker could not load or run: the page decodes on its main thread from now on. The
   * tiles it held are gone, so the sets waiting for it are acked without a swap.
   */
  workerFailed(event) {
    event?.preventDefault?.();
    this.log.warn?.(`tiles: the decoding worker failed (${event?.message ?? 'no reason given'}); decoding on the page`);
    this.worker = null;
    // The tiles of the set still coming are decoded here.
    this.outgoing.forEach((buffer) => this.assembler.tile(parseTileHeader(buffer), buffer));
    this.outgoing = [];
    const waiting = this.replies;
    this.replies = [];
    waiting.forEach((resolve) => resolve({ generation: this.generation, lost: true, decoded: this.decoded, failed: this.failed }));
  }

  /**
   * The worker's layer copied into the page's own (the bitmap is closed): drawn from a page
   * canvas, a frame cost a 4× throttled page ~50 ms less than drawn from the moved bitmap.
   */
  copyIn(image) {
    if (!image) return null;
    if (!this.front || this.front.width !== image.width || this.front.height !== image.height) {
      this.front = this.assembler.createCanvas(image.width, image.height);
    }
    const ctx = this.front.getContext('2d');
    ctx.clearRect(0, 0, image.width, image.height);
    ctx.drawImage(image, 0, 0);
    image.close?.();
    return this.front;
  }

  /** Swaps in a set's layer (`image`, null for none) and acks the set once drawn. */
  swap(message, image, generation) {
    this.acknowledge(message.seq, generation);
    this.swappedAt = this.now();
    if (!image) {
      this.current = null;
      this.onSwap(null, message);
      return;
    }
    // A lowered set (scale < fullScale) is a smaller image for the same bounds in points:
    // drawn into them, it is scaled up.
    this.current = {
      image, bounds: message.layer, seq: message.seq, group: message.group,
      effect: this.effectOf(message.seq), scale: message.scale, fullScale: message.fullScale ?? message.scale,
    };
    if (this.current.scale < this.current.fullScale) this.lowered += 1;
    this.onSwap(this.current, message);
  }
}
