// Frame deltas (frames.js) against the Swift encoder's own output: the goldens under
// Tests/MorphKitTests/__Goldens__/DisplayListDeltaTests are the first frames of recorded
// sessions as a viewer that asked for deltas receives them, each with the SHA-256 of the
// full list it stands for.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FrameDeltas, applyDelta } from '../js/frames.js';
import { parseServerMessage, validateDisplayList } from '../js/protocol.js';
import { renderList } from '../js/ops.js';
import { RecordingContext, layerFactory } from './recording-context.js';

const here = dirname(fileURLToPath(import.meta.url));
const goldens = join(here, '..', '..', 'Tests', 'MorphKitTests', '__Goldens__', 'DisplayListDeltaTests');
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const drawing = (list) => {
  const ctx = new RecordingContext();
  const layers = layerFactory(ctx.calls);
  const [w, h] = list.size;
  renderList(ctx, list, { scale: 2, pixelWidth: w * 2, pixelHeight: h * 2, createLayer: layers.create });
  // As text: a gradient carries its own addColorStop function, never equal between two.
  return JSON.stringify(ctx.calls);
};

const files = readdirSync(goldens).filter((name) => name.endsWith('.jsonl') && !name.includes('.actual.'));

test('delta goldens exist for every component', () => {
  assert.deepEqual(files.sort(), ['container-double-tap.jsonl', 'curtain-flick-reveals.jsonl', 'hero-open-close.jsonl']);
});

for (const name of files) {
  test(`${name}: every delta applies to the full list's exact bytes and draws the same`, () => {
    const lines = readFileSync(join(goldens, name), 'utf8').trim().split('\n');
    const deltas = new FrameDeltas();
    let applied = 0;
    for (const line of lines) {
      const { message, problems } = parseServerMessage(line);
      assert.equal(problems, undefined, `${problems}`);
      const full = deltas.accept(message);
      assert.ok(full, `seq ${message.seq}: base ${message.base} not held`);
      assert.equal(full.seq, message.seq);
      assert.equal('delta' in full || 'base' in full, false);
      // JSON.stringify writes members in order and numbers as shortest round trips, as the
      // canonical writer does: the same text is the same bytes morphd would have sent.
      assert.equal(sha256(JSON.stringify(full.list)), message.sha256, `seq ${message.seq}`);
      assert.deepEqual(validateDisplayList(full.list), []);
      if (message.delta) applied += 1;
    }
    assert.ok(applied >= lines.length - 2, `${applied} of ${lines.length} frames were deltas`);
  });
}

test('lists built from deltas draw as fresh copies of them do', () => {
  // Applied lists share their unchanged ops (and the paths inside, which ops.js caches
  // bounds for) with the frames before: drawn in turn, each must issue the calls that a
  // list parsed on its own does.
  for (const name of files) {
    const deltas = new FrameDeltas();
    for (const line of readFileSync(join(goldens, name), 'utf8').trim().split('\n')) {
      const { list } = deltas.accept(JSON.parse(line));
      assert.equal(drawing(list), drawing(JSON.parse(JSON.stringify(list))), name);
    }
  }
});

test('a delta whose base is not held gives nothing to draw', () => {
  const lines = readFileSync(join(goldens, 'curtain-flick-reveals.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const deltas = new FrameDeltas();
  assert.equal(deltas.accept(lines[1]), null, 'no base at all');
  assert.ok(deltas.accept(lines[0]));
  assert.equal(deltas.accept(lines[2]), null, 'frame 2 skipped: the base is frame 1, not 2');
  assert.equal(deltas.accept({ ...lines[1], session: 'other00000000000' }), null, 'another session');
  assert.ok(deltas.accept(lines[1]), 'the right base still applies');
  deltas.reset();
  assert.equal(deltas.accept(lines[2]), null, 'a new connection holds nothing');
});

test('malformed runs are refused', () => {
  const base = { ops: [{ op: 'pop' }], accessibility: [] };
  for (const ops of [[[0, 2]], [[-1, 1]], [[0]], [[0, 0]], [[0.5, 1]], 'x']) {
    assert.equal(applyDelta({ ops, accessibility: [] }, base), null, JSON.stringify(ops));
  }
  assert.deepEqual(applyDelta({ a: 1, ops: [[0, 1], { op: 'x' }], accessibility: [] }, base),
    { a: 1, ops: [{ op: 'pop' }, { op: 'x' }], accessibility: [] });
});
