// The debug hook: test state is written only with ?debug=1, and only through debug.js.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDebug } from '../js/debug.js';

const js = join(dirname(fileURLToPath(import.meta.url)), '..', 'js');

test('without ?debug=1 nothing is written', () => {
  for (const search of ['', '?component=curtain', '?debug=0', '?debug=true']) {
    const element = { dataset: {} };
    const debug = createDebug(search);
    debug.mark(element, 'framesDrawn', 3);
    assert.equal(debug.enabled, false, search);
    assert.deepEqual(element.dataset, {}, search);
  }
});

test('with ?debug=1 values are written as strings and null removes them', () => {
  const element = { dataset: {} };
  const debug = createDebug('?frames=a.json&debug=1');
  assert.equal(debug.enabled, true);
  debug.mark(element, 'framesDrawn', 3);
  debug.mark(element, 'fontsSettled', false);
  debug.mark(element, 'session', 'ab12');
  assert.deepEqual(element.dataset, { framesDrawn: '3', fontsSettled: 'false', session: 'ab12' });
  debug.mark(element, 'session', null);
  assert.deepEqual(element.dataset, { framesDrawn: '3', fontsSettled: 'false' });
});

// data-* the page itself needs (the a11y mirror's ids and values, the connection pill's
// state and the panel's component, which style.css reads) stay; everything else goes
// through the hook.
const FUNCTIONAL = new Map([
  ['a11y.js', ['id', 'hint', 'value']],
  ['controls.js', ['panel', 'state', 'frame']], // `frame`: the replay frame an event marker seeks to
  ['config-panel.js', ['field']], // which configuration key a generated row edits
  ['inspector-panel.js', ['id']], // which node a button of the inspector's tree picks
]);

test('no module but debug.js writes test state into data-* attributes', () => {
  const offenders = [];
  for (const name of readdirSync(js).filter((n) => n.endsWith('.js') && n !== 'debug.js')) {
    const source = readFileSync(join(js, name), 'utf8');
    for (const match of source.matchAll(/\.dataset\.(\w+)\s*=(?!=)/g)) {
      if (!(FUNCTIONAL.get(name) ?? []).includes(match[1])) offenders.push(`${name}: dataset.${match[1]}`);
    }
    if (/\.dataset\[/.test(source)) offenders.push(`${name}: dataset[...]`);
  }
  assert.deepEqual(offenders, []);
});
