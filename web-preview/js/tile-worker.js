// Server tiles decoded and assembled off the page's main thread (tiles.js, TileLayer's
// `worker`): at each `tiles-done` the page moves the set's binary tile messages here, and
// gets back one ImageBitmap of the whole layer (moved, not copied), which it swaps in.
// On a 4× CPU-throttled page, making a Blob of each message, decoding it and drawing it into
// the layer took more of the main thread than its frames did, and a set waited behind them.

import { parseTileHeader, SetAssembler } from './tiles.js';

/**
 * The worker's message handler, posting answers through `post(message, transfer)`.
 * Messages: {type: 'set', buffers (its tile messages), message: {seq, layer, scale} (of its
 * `tiles-done`), generation}, answered with {type: 'set', seq, generation, image, decoded,
 * failed} (image null for a set without a layer), and {type: 'reset', generation} (tiles off
 * and on, another session: sets from before it are not answered).
 */
export function tileWorker(post, env = {}) {
  const assembler = new SetAssembler(env);
  const snapshot = env.snapshot ?? ((canvas) => createImageBitmap(canvas));
  let generation = 0;
  let chain = Promise.resolve();
  return ({ type, ...data }) => {
    if (type === 'reset') {
      generation = data.generation;
      assembler.reset();
    } else if (data.generation !== generation) {
      // From before the last reset: the page no longer waits for it.
    } else if (type === 'set') {
      for (const buffer of data.buffers) {
        const header = parseTileHeader(buffer);
        if (header) assembler.tile(header, buffer);
      }
      const tiles = assembler.take();
      chain = chain.then(async () => {
        const images = await SetAssembler.decodeAll(tiles);
        if (data.generation !== generation) {
          images.forEach((image) => image?.close?.());
          return;
        }
        const layer = assembler.draw(tiles, images, data.message);
        // A copy of the layer: the next set draws only its changed tiles into the layer.
        const image = layer ? await snapshot(layer) : null;
        const { decoded, failed } = assembler;
        post({ type: 'set', seq: data.message.seq, generation: data.generation, image, decoded: [...decoded], failed },
          image ? [image] : []);
      });
    }
  };
}

// Run as a worker (not when a test imports it).
if (typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope) {
  const handle = tileWorker((message, transfer) => globalThis.postMessage(message, transfer));
  globalThis.onmessage = (event) => handle(event.data);
}
