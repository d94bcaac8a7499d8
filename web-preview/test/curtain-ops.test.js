import test from 'node:test';
import assert from 'node:assert/strict';
import { renderList } from '../js/ops.js';
import { CurtainEffects } from '../js/curtain-gl.js';
import { RecordingContext, layerFactory } from './recording-context.js';

const rect = (x, y, w, h) => [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']];
const fill = (id) => ({ op: 'fill', id, path: rect(0, 0, 10, 10), paint: { type: 'solid', color: [1, 0, 0, 1] } });
const list = (ops) => ({ format: 'morph.display-list', version: 1, component: 'curtain', size: [100, 50], time: 0, background: [1, 1, 1, 1], ops, accessibility: [] });

/** An `effects` stand-in that records the ops table's calls and draws a marker on end. */
function stubEffects(log) {
  const layerCtx = new RecordingContext('fx', log);
  return {
    begin(effect, matrix) {
      log.push(['effects', 'begin', effect.drag[0], ...matrix]);
      return { ctx: layerCtx, matrix: [2, 0, 0, 2, 1, 1], layerSize: [202, 102] };
    },
    end(fx, target) {
      log.push(['effects', 'end', target.label]);
      target.drawImage('folded', 0, 0);
    },
  };
}

test('an effect group draws its content into the effect layer and the result in its place', () => {
  const ctx = new RecordingContext('main');
  const layers = layerFactory(ctx.calls);
  renderList(ctx, list([
    { op: 'push', id: 'fg', transform: [1, 0, 0, 1, 5, 0], effect: { kind: 'curtain', bounds: [0, 0, 100, 50], drag: [40, 20], folds: 4 } },
    fill('content'),
    { op: 'push', id: 'inner', opacity: 0.5, shadow: { color: [0, 0, 0, 1], radius: 2, offset: [0, 1] } },
    fill('a'), fill('b'),
    { op: 'pop' },
    { op: 'pop' },
    fill('after'),
  ]), { scale: 2, pixelWidth: 200, pixelHeight: 100, createLayer: layers.create, effects: stubEffects(ctx.calls) });

  const calls = ctx.calls;
  const begin = calls.findIndex((c) => c[1] === 'begin');
  const end = calls.findIndex((c) => c[1] === 'end');
  // begin gets the group's device matrix (scale 2, then the group's translation).
  assert.deepEqual(calls[begin], ['effects', 'begin', 40, 2, 0, 0, 2, 10, 0]);
  // The group's content goes to the effect layer, nothing of it to main.
  const between = calls.slice(begin + 1, end);
  assert.ok(between.some((c) => c[0] === 'fx' && c[1] === 'fill'), 'content on the effect layer');
  assert.ok(!between.some((c) => c[0] === 'main' && c[1] === 'fill'), 'no content on main');
  // A nested layered group inside the effect gets a layer over its content in the effect
  // layer's pixels: 10 x 10 pt at 2 px/pt from (1, 1), plus 2 px of margin, cut at 0.
  assert.deepEqual([layers.made[0].canvas.width, layers.made[0].canvas.height], [23, 23]);
  assert.ok(between.some((c) => c[0] === 'fx' && c[1] === 'drawImage'), 'nested layer composited onto the effect layer');
  // The result is drawn into main (the group's transform still set), then drawing goes on there.
  assert.deepEqual(calls[end], ['effects', 'end', 'main']);
  assert.deepEqual(calls[end + 1], ['main', 'drawImage', 'folded', 0, 0]);
  assert.ok(calls.slice(end).some((c) => c[0] === 'main' && c[1] === 'fill'), 'content after the group on main');
  assert.equal(ctx.depth, 0);
});

test('without `effects`, or when the kernel declines, the content is drawn unchanged', () => {
  const ops = [{ op: 'push', id: 'fg', effect: { kind: 'curtain', bounds: [0, 0, 100, 50], drag: [100, 20], folds: 4 } }, fill('content'), { op: 'pop' }];
  for (const effects of [undefined, new CurtainEffects({ createCanvas: () => { throw new Error('no canvas needed'); } })]) {
    const ctx = new RecordingContext('main');
    renderList(ctx, list(ops), { scale: 2, pixelWidth: 200, pixelHeight: 100, createLayer: layerFactory(ctx.calls).create, effects });
    assert.equal(ctx.calls.filter((c) => c[1] === 'fill').length, 1);
    assert.equal(ctx.depth, 0);
  }
});

test('CurtainEffects.applies: curtain kind, finite bounds, drag not at the width, not off', () => {
  const fx = new CurtainEffects();
  const effect = { kind: 'curtain', bounds: [0, 0, 390, 844], drag: [200, 300], folds: 4 };
  assert.equal(fx.applies(effect), true);
  assert.equal(fx.applies({ ...effect, drag: [390, 300] }), false);
  assert.equal(fx.applies({ ...effect, kind: 'blur' }), false);
  assert.equal(fx.applies({ ...effect, bounds: [0, 0, 0, 844] }), false);
  assert.equal(fx.applies({ ...effect, drag: [NaN, 3] }), false);
  assert.equal(new CurtainEffects({ mode: 'off' }).applies(effect), false);
});
