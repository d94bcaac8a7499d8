import test from 'node:test';
import assert from 'node:assert/strict';
import {
  COMMON_CONTROLS, COMPONENT_CONTROLS, COMPONENT_PANELS, componentHint, isRecording, visibleControls,
} from '../js/controls.js';

test('a dropped file is a recording when its first line is a morph.recording header', () => {
  assert.ok(isRecording('{"format":"morph.recording","version":1}\n{"t":0,"kind":"tap","x":1,"y":1}\n'));
  assert.ok(isRecording('{"format":"morph.recording","version":2}'));
  assert.ok(!isRecording('{"format":"morph.display-list","version":1}\n'));
  assert.ok(!isRecording('[{"format":"morph.recording"}]'));
  assert.ok(!isRecording('not json'));
});

const own = (component) => visibleControls(component).filter((id) => !COMMON_CONTROLS.includes(id));

test('each component shows only the controls that apply to it', () => {
  assert.deepEqual(own('morph-container'), ['scrub']);
  assert.deepEqual(own('hero-card'), ['scrub']);
  assert.deepEqual(own('curtain'), ['server-tiles']);
});

test('every component keeps the common controls, first', () => {
  for (const component of ['morph-container', 'hero-card', 'curtain', 'probe', 'newer-thing']) {
    const ids = visibleControls(component);
    assert.deepEqual(ids.slice(0, COMMON_CONTROLS.length), [...COMMON_CONTROLS], component);
    for (const id of ['viewport', 'reduce-motion', 'dynamic-type', 'record']) assert.ok(ids.includes(id), `${component}: ${id}`);
    assert.equal(new Set(ids).size, ids.length, `${component}: no duplicates`);
  }
});

test('the curtain and the expanding cards share no component control', () => {
  const curtain = new Set(own('curtain'));
  for (const card of ['morph-container', 'hero-card']) {
    assert.deepEqual(own(card).filter((id) => curtain.has(id)), [], card);
  }
});

test('a component the page does not know keeps every control and has no hint', () => {
  assert.deepEqual(own('something-new'), [...COMPONENT_CONTROLS]);
  assert.equal(componentHint('something-new'), '');
  assert.deepEqual(own(undefined), [...COMPONENT_CONTROLS]);
});

test('component controls come out in panel order whatever order a panel lists them', () => {
  for (const name of Object.keys(COMPONENT_PANELS)) {
    const ids = own(name);
    const order = ids.map((id) => COMPONENT_CONTROLS.indexOf(id));
    assert.ok(order.every((i) => i >= 0), `${name}: only known controls`);
    assert.deepEqual(order, [...order].sort((a, b) => a - b), name);
  }
});

test('hints speak the seeds\' words', () => {
  assert.equal(componentHint('curtain'), 'Try swiping from the right!');
  assert.match(componentHint('morph-container'), /tap the card to expand/i);
  assert.match(componentHint('morph-container'), /collapse/i);
  assert.match(componentHint('hero-card'), /tap the card to open/i);
  assert.match(componentHint('hero-card'), /×/);
});
