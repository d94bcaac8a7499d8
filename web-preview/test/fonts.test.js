import test from 'node:test';
import assert from 'node:assert/strict';
import { fontString, fileFamily, fileFontURL, FileFontCache } from '../js/fonts.js';
import { OPS } from '../js/ops.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A FontFace stand-in whose load resolves, or rejects for names in `failing`. */
function fakeFaces(failing = []) {
  const made = [];
  class FakeFace {
    constructor(family, src, descriptors) {
      Object.assign(this, { family, src, descriptors });
      made.push(this);
    }
    load() { return failing.some((name) => this.src.includes(name)) ? Promise.reject(new Error('404')) : Promise.resolve(this); }
  }
  return { FakeFace, made };
}

test('a component font is named by its file, for any weight, and served from /userfonts/', () => {
  const font = { family: 'brand', weight: 700, size: 15, file: 'fonts/DejaVuSans.ttf' };
  assert.equal(fontString(font), '15px "morph-file:fonts/DejaVuSans.ttf", sans-serif');
  assert.equal(fileFamily('fonts/DejaVuSans.ttf'), 'morph-file:fonts/DejaVuSans.ttf');
  assert.equal(fileFontURL('fonts/DejaVuSans.ttf'), '/userfonts/fonts/DejaVuSans.ttf');
  for (const bad of ['../x.ttf', 'fonts/x.otf', '.hidden.ttf', 'a/../b.ttf', 'x"y.ttf', 42]) assert.equal(fileFontURL(bad), null, String(bad));
});

test('the cache loads each file once, says ready only once loaded, and asks for a redraw', async () => {
  const { FakeFace, made } = fakeFaces(['Broken']);
  const added = [];
  const ready = [];
  const cache = new FileFontCache({ fontSet: { add: (f) => added.push(f), delete: () => {} }, FontFaceClass: FakeFace, onReady: (f) => ready.push(f) });
  assert.equal(cache.ready('fonts/A.ttf'), false);
  assert.equal(cache.ready('fonts/A.ttf'), false); // still loading: one face, not two
  assert.equal(cache.ready('fonts/Broken.ttf'), false);
  assert.equal(cache.ready('../bad.ttf'), false);
  await settle();
  assert.equal(made.length, 2);
  assert.deepEqual(made[0].descriptors, { weight: '1 1000' });
  assert.equal(made[0].src, 'url(/userfonts/fonts/A.ttf)');
  assert.equal(cache.ready('fonts/A.ttf'), true);
  assert.equal(cache.ready('fonts/Broken.ttf'), false);
  assert.deepEqual(ready, ['fonts/A.ttf']);
  assert.deepEqual(added.map((f) => f.family), ['morph-file:fonts/A.ttf']);
});

test('refresh loads every file again; the cache keeps at most its limit', async () => {
  const { FakeFace, made } = fakeFaces();
  const removed = [];
  const cache = new FileFontCache({ fontSet: { add: () => {}, delete: (f) => removed.push(f.family) }, FontFaceClass: FakeFace, limit: 2 });
  for (const name of ['a', 'b', 'c']) cache.ready(`${name}.ttf`);
  await settle();
  assert.equal(cache.entries.size, 2);
  assert.deepEqual(removed, ['morph-file:a.ttf']);
  cache.refresh();
  assert.equal(cache.ready('b.ttf'), false);
  await settle();
  assert.equal(cache.ready('b.ttf'), true);
  assert.equal(made.length, 4);
});

test('text in a component font is not drawn until its file has loaded', () => {
  const calls = [];
  const ctx = new Proxy({}, {
    get: (target, key) => (key in target ? target[key] : (...args) => calls.push([key, ...args])),
    set: (target, key, value) => { target[key] = value; return true; },
  });
  const op = { op: 'text', id: 't', color: [0, 0, 0, 1], font: { family: 'brand', weight: 400, size: 15, file: 'f.ttf' },
               lines: [{ x: 1, y: 2, text: 'AV' }] };
  let loaded = false;
  OPS.text(ctx, op, { fonts: { ready: () => loaded } });
  assert.deepEqual(calls, []);
  loaded = true;
  OPS.text(ctx, op, { fonts: { ready: () => loaded } });
  assert.deepEqual(calls, [['fillText', 'AV', 1, 2]]);
  assert.equal(ctx.font, '15px "morph-file:f.ttf", sans-serif');
});
