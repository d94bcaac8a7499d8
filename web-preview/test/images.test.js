import test from 'node:test';
import assert from 'node:assert/strict';
import { ImageCache, imageURL } from '../js/images.js';
import { renderList } from '../js/ops.js';
import { validateOp } from '../js/protocol.js';
import { RecordingContext, layerFactory } from './recording-context.js';

const list = (ops) => ({
  format: 'morph.display-list', version: 1, component: 'bottom-sheet', size: [100, 50], time: 0,
  background: [1, 1, 1, 1], ops, accessibility: [],
});

/** A loader stand-in: remembers each request; `finish(i, picture)` completes one. */
function fakeLoader() {
  const requests = [];
  return {
    requests,
    load: (url, done) => requests.push({ url, done }),
    finish: (i, picture) => requests[i].done(picture),
  };
}

function draw(ops, images) {
  const ctx = new RecordingContext('main');
  renderList(ctx, list(ops), {
    scale: 2, pixelWidth: 200, pixelHeight: 100, createLayer: layerFactory(ctx.calls).create, images,
  });
  return ctx.calls;
}

test('sources map to morphd /images/ URLs or stay data URIs; anything else is refused', () => {
  assert.equal(imageURL('images/nearby-map.png'), '/images/images/nearby-map.png');
  assert.equal(imageURL('data:image/png;base64,iVBORw0K'), 'data:image/png;base64,iVBORw0K');
  for (const bad of ['../x.png', '/etc/passwd', 'a/.hidden.png', 'x.gif', 'data:text/html,hi', 'a//b.png', '', 7]) {
    assert.equal(imageURL(bad), null, String(bad));
  }
});

test('a picture is fetched once, drawn nothing until it arrives, then asks for one redraw', () => {
  const loader = fakeLoader();
  const ready = [];
  const images = new ImageCache({ load: loader.load, onReady: (source) => ready.push(source) });
  const op = { op: 'image', id: 'map', source: 'images/map.png', rect: [10, 5, 40, 20] };

  const before = draw([op], images);
  assert.equal(before.filter((c) => c[1] === 'drawImage').length, 0);
  draw([op], images); // a second frame while loading: no second request
  assert.deepEqual(loader.requests.map((r) => r.url), ['/images/images/map.png']);
  assert.deepEqual(ready, []);

  const picture = { width: 480, height: 270 };
  loader.finish(0, picture);
  assert.deepEqual(ready, ['images/map.png']);
  const after = draw([op], images);
  const drawn = after.filter((c) => c[1] === 'drawImage');
  assert.deepEqual(drawn, [['main', 'drawImage', picture, 10, 5, 40, 20]]);
  // Smoothing per interpolation (default medium), then back to the canvas defaults.
  const index = after.findIndex((c) => c[1] === 'drawImage');
  assert.deepEqual(after.slice(index - 2, index + 3).map((c) => c.slice(1)), [
    ['imageSmoothingEnabled=', true], ['imageSmoothingQuality=', 'medium'], ['drawImage', picture, 10, 5, 40, 20],
    ['imageSmoothingEnabled=', true], ['imageSmoothingQuality=', 'low'],
  ]);
  assert.equal(loader.requests.length, 1);
});

test('interpolation none turns smoothing off for that picture only', () => {
  const loader = fakeLoader();
  const images = new ImageCache({ load: loader.load });
  images.get('p.png');
  loader.finish(0, { width: 4, height: 2 });
  const calls = draw([{ op: 'image', id: 'p', source: 'p.png', rect: [0, 0, 16, 8], interpolation: 'none' }], images);
  const index = calls.findIndex((c) => c[1] === 'drawImage');
  assert.deepEqual(calls[index - 1].slice(1), ['imageSmoothingEnabled=', false]);
  assert.deepEqual(calls[index + 1].slice(1), ['imageSmoothingEnabled=', true]);
});

test('a failed or refused picture is not fetched again and draws nothing', () => {
  const loader = fakeLoader();
  const ready = [];
  const images = new ImageCache({ load: loader.load, onReady: (s) => ready.push(s) });
  images.get('gone.png');
  loader.finish(0, null);
  assert.equal(images.get('gone.png'), null);
  assert.equal(images.get('../up.png'), null);
  assert.equal(loader.requests.length, 1);
  assert.deepEqual(ready, []);
  const calls = draw([{ op: 'image', id: 'g', source: 'gone.png', rect: [0, 0, 10, 10] }], images);
  assert.equal(calls.filter((c) => c[1] === 'drawImage').length, 0);
});

test('the cache keeps at most its limit, dropping the least recently drawn', () => {
  const loader = fakeLoader();
  const images = new ImageCache({ load: loader.load, limit: 2 });
  for (const name of ['a.png', 'b.png']) images.get(name);
  loader.finish(0, { id: 'a' });
  loader.finish(1, { id: 'b' });
  images.get('a.png'); // a is now the most recent
  images.get('c.png');
  loader.finish(2, { id: 'c' });
  assert.deepEqual([...images.entries.keys()], ['a.png', 'c.png']);
});

test('an opacity group over one picture needs no layer (its bounds are the rect)', () => {
  const loader = fakeLoader();
  const images = new ImageCache({ load: loader.load });
  images.get('p.png');
  loader.finish(0, { width: 1, height: 1 });
  const calls = draw([
    { op: 'push', id: 'pic', opacity: 0.5, clip: [['M', 0, 0], ['L', 10, 0], ['L', 10, 10], ['L', 0, 10], ['Z']] },
    { op: 'image', id: 'pic.image', source: 'p.png', rect: [-5, 0, 20, 10] },
    { op: 'pop' },
  ], images);
  assert.ok(calls.some((c) => c[1] === 'clip'));
  assert.ok(calls.some((c) => c[1] === 'globalAlpha=' && c[2] === 0.5));
  assert.equal(calls.filter((c) => c[0] !== 'main').length, 0);
});

test('the protocol check accepts image ops and names what is wrong', () => {
  assert.deepEqual(validateOp({ op: 'image', id: 'a', source: 'a.png', rect: [0, 0, 1, 1], interpolation: 'high' }), []);
  assert.deepEqual(validateOp({ op: 'image', id: 'a', source: 'a.png', rect: [0, 0, -1, 1], interpolation: 'cubic' }), [
    'image needs a rect [x, y, w, h]', 'bad interpolation',
  ]);
});

test('refresh fetches each picture again at its next draw, drawing the old one meanwhile', () => {
  const loader = fakeLoader();
  const ready = [];
  const images = new ImageCache({ load: loader.load, onReady: (s) => ready.push(s) });
  images.get('a.png');
  images.get('gone.png');
  loader.finish(0, { version: 1 });
  loader.finish(1, null);
  images.refresh();
  assert.deepEqual(images.get('a.png'), { version: 1 }); // the old picture until the new one
  assert.equal(images.get('a.png').version, 1);
  assert.equal(images.get('gone.png'), null); // a failed one is tried again too
  assert.deepEqual(loader.requests.map((r) => r.url).slice(2), ['/images/a.png', '/images/gone.png']);
  loader.finish(2, { version: 2 });
  assert.deepEqual(images.get('a.png'), { version: 2 });
  assert.deepEqual(ready, ['a.png', 'a.png']);
});
