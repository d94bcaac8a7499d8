import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COMMON_CONTROLS, COMPONENT_CONTROLS, componentHint, eventMarkers, isRecording, nextEventFrame, visibleControls,
} from '../js/controls.js';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

// The panels a scripted morphd sent (MorphServerTests' golden): the built-ins' derived from
// their files, the probe's stated where it is registered, none for the test's `timer`.
const welcome = JSON.parse(readFileSync(join(repo, 'Tests/MorphServerTests/__Goldens__/Protocol/server-welcome.json'), 'utf8'));
const panels = welcome.panels;

test('a dropped file is a recording when its first line is a morph.recording header', () => {
  assert.ok(isRecording('{"format":"morph.recording","version":1}\n{"t":0,"kind":"tap","x":1,"y":1}\n'));
  assert.ok(isRecording('{"format":"morph.recording","version":2}'));
  assert.ok(!isRecording('{"format":"morph.display-list","version":1}\n'));
  assert.ok(!isRecording('[{"format":"morph.recording"}]'));
  assert.ok(!isRecording('not json'));
});

const own = (panel) => visibleControls(panel).filter((id) => !COMMON_CONTROLS.includes(id));

test('each component shows only the controls its panel from the server lists', () => {
  assert.deepEqual(own(panels['morph-container']), ['scrub']);
  assert.deepEqual(own(panels['hero-card']), ['scrub']);
  assert.deepEqual(own(panels.curtain), ['server-tiles']);
  assert.deepEqual(own(panels.probe), ['scrub']);
  assert.deepEqual(own({ controls: [] }), [], 'a file with neither (the bottom sheet)');
});

test('every component keeps the common controls, first', () => {
  for (const panel of [...Object.values(panels), { controls: [] }, undefined]) {
    const ids = visibleControls(panel);
    assert.deepEqual(ids.slice(0, COMMON_CONTROLS.length), [...COMMON_CONTROLS]);
    for (const id of ['viewport', 'reduce-motion', 'dynamic-type', 'record']) assert.ok(ids.includes(id), id);
    assert.equal(new Set(ids).size, ids.length, 'no duplicates');
  }
});

test('a component without a panel keeps every control and has no hint', () => {
  assert.ok(welcome.components.includes('timer') && !('timer' in panels), 'the golden lists one without a panel');
  for (const panel of [panels.timer, undefined, null, {}, { controls: 'scrub' }]) {
    assert.deepEqual(own(panel), [...COMPONENT_CONTROLS]);
    assert.equal(componentHint(panel), '');
  }
});

test('component controls come out in panel order, and ids this page has no row for are dropped', () => {
  assert.deepEqual(own({ controls: ['server-tiles', 'scrub'] }), ['scrub', 'server-tiles']);
  assert.deepEqual(own({ controls: ['warp-drive', 'scrub'] }), ['scrub']);
});

test('hints are the component files\' words, as the server sends them', () => {
  assert.equal(componentHint(panels.curtain), 'Try swiping from the right!');
  assert.match(componentHint(panels['morph-container']), /tap the card to expand/i);
  assert.match(componentHint(panels['morph-container']), /collapse/i);
  assert.match(componentHint(panels['hero-card']), /tap the card to open/i);
  assert.match(componentHint(panels['hero-card']), /×/);
  assert.equal(componentHint({ controls: [], hint: 'Drag it.' }), 'Drag it.');
  assert.equal(componentHint({ controls: [], hint: 4 }), '');
});

test('the page\'s scripts name no component: the server lists them (issue 29)', () => {
  const names = [];
  for (const folder of ['Sources/MorphKit/BuiltIn', 'Examples/components']) {
    for (const file of readdirSync(join(repo, folder)).filter((f) => f.endsWith('.json'))) {
      names.push(JSON.parse(readFileSync(join(repo, folder, file), 'utf8')).name);
    }
  }
  names.push('probe');
  assert.ok(names.includes('bottom-sheet') && names.includes('morph-container'), names.join());
  const scripts = join(repo, 'web-preview/js');
  for (const file of readdirSync(scripts).filter((f) => f.endsWith('.js'))) {
    // Code only: comments speak of the curtain (the effect) and of probes. An effect's kind may
    // share a component's name (`effect.kind === 'curtain'`): that is the scene's kernel.
    const code = readFileSync(join(scripts, file), 'utf8')
      .replaceAll(/\/\*[\s\S]*?\*\//g, '').replaceAll(/^\s*\/\/.*$/gm, '').replaceAll(/ \/\/ .*$/gm, '')
      .replaceAll(/kind === (['"])curtain\1/g, '');
    for (const name of names) {
      // A string ('hero-card') or an object key (`curtain: {`).
      const named = new RegExp(`(['"])${name}\\1|(^|[{,\\s])${name}\\s*:`, 'm');
      assert.ok(!named.test(code), `${file} names the component ${name}`);
    }
  }
});

test('next event skips to the first input frame after the one shown, else the last frame', () => {
  assert.equal(nextEventFrame([0, 12, 12.5, 90], 0, 120), 12);
  assert.equal(nextEventFrame([0, 12, 90], 12, 120), 90);
  assert.equal(nextEventFrame([0, 12, 90], 90, 120), 120);
  assert.equal(nextEventFrame([], 5, 120), 120);
  assert.equal(nextEventFrame(undefined, 5, 120), 120);
  assert.equal(nextEventFrame([200], 5, 120), 120, 'an event past the last frame is not a place to go');
});

test('event markers: one per run of consecutive input frames, placed and titled in 1-based frames', () => {
  const markers = eventMarkers([30, 6, 7, 8, 8, 60, 120], 61, 60);
  assert.deepEqual(markers.map((m) => [m.frame, m.last]), [[6, 8], [30, 30], [60, 60]], 'sorted, deduplicated, past the end left out');
  assert.deepEqual(markers.map((m) => m.at), [0.1, 0.5, 1]);
  assert.equal(markers[0].title, 'Inputs on frames 7–9 (0.10 s – 0.13 s)');
  assert.equal(markers[1].title, 'Input at frame 31 (0.50 s)');
  assert.deepEqual(eventMarkers([0], 1, 60).map((m) => m.at), [0], 'a one-frame replay has its marker at the start');
  assert.deepEqual(eventMarkers(undefined, 10, 60), []);
  assert.deepEqual(eventMarkers([1.5, -1, 'x'], 10, 60), [], 'only whole frame indices');
});
