// The accessibility mirror's trait -> ARIA mapping, against ARIA 1.1 written out here: the
// roles that exist, the attributes each role requires, and where a name is prohibited.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  ADJUST_KEYS, HEADING_LEVEL, MANAGED_ATTRIBUTES, ROLE_MAP, ariaAttributes, frameCentre, readingOrder,
  sliderRange,
} from '../js/a11y.js';
import { FOLDS } from '../js/controls.js';

// WAI-ARIA 1.1 (§5.4) concrete roles; `paragraph` is not one (ARIA 1.2 added it, and
// assistive technology and audits of 1.1 reject it).
const ARIA_ROLES = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'button',
  'cell', 'checkbox', 'columnheader', 'combobox', 'complementary', 'contentinfo', 'definition',
  'dialog', 'directory', 'document', 'feed', 'figure', 'form', 'grid', 'gridcell', 'group',
  'heading', 'img', 'link', 'list', 'listbox', 'listitem', 'log', 'main', 'marquee', 'math',
  'menu', 'menubar', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'navigation', 'none',
  'note', 'option', 'presentation', 'progressbar', 'radio', 'radiogroup', 'region', 'row',
  'rowgroup', 'rowheader', 'scrollbar', 'search', 'searchbox', 'separator', 'slider',
  'spinbutton', 'status', 'switch', 'tab', 'table', 'tablist', 'tabpanel', 'term', 'textbox',
  'timer', 'toolbar', 'tooltip', 'tree', 'treegrid', 'treeitem']);
// Required states and properties (ARIA 1.1 "Required States and Properties" per role).
const REQUIRED = { slider: ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'], heading: ['aria-level'] };
// HTML elements whose implicit role the explicit one would repeat (ARIA in HTML forbids it).
const IMPLICIT = { button: 'button' };

const TRAITS = ['button', 'text', 'header', 'image', 'group', 'adjustable'];
const sample = (role) => ({ id: role, role, label: `${role} label`, value: role === 'adjustable' ? '4' : '', frame: [0, 0, 10, 10] });

test('a11y: every trait maps to an ARIA 1.1 role (or none) with the attributes that role requires', () => {
  assert.deepEqual(Object.keys(ROLE_MAP).sort(), [...TRAITS].sort());
  for (const trait of TRAITS) {
    const { tag, role } = ROLE_MAP[trait];
    const attrs = ariaAttributes(sample(trait), FOLDS);
    if (role) assert.ok(ARIA_ROLES.has(role), `${trait} -> ${role} is not an ARIA 1.1 role`);
    assert.equal(attrs.role, role ?? undefined, trait);
    if (attrs.role) assert.notEqual(attrs.role, IMPLICIT[tag], `${trait}: role ${attrs.role} repeats <${tag}>'s implicit role`);
    for (const name of REQUIRED[role] ?? []) assert.ok(name in attrs, `${trait} (${role}) lacks ${name}`);
    for (const name of Object.keys(attrs)) assert.ok(MANAGED_ATTRIBUTES.includes(name), `${name} is not managed`);
  }
});

test('a11y: the trait table, element by element', () => {
  assert.deepEqual(ROLE_MAP.button, { tag: 'button', role: null });
  assert.deepEqual(ariaAttributes({ role: 'button', label: 'Close' }), { 'aria-label': 'Close' });
  // Static text: no role and no aria-label (prohibited on a generic element): named by content.
  assert.deepEqual(ariaAttributes({ role: 'text', label: 'Lisbon' }), {});
  assert.deepEqual(ariaAttributes({ role: 'header', label: 'Settings' }),
    { role: 'heading', 'aria-label': 'Settings', 'aria-level': String(HEADING_LEVEL) });
  assert.deepEqual(ariaAttributes({ role: 'image', label: 'Tram' }), { role: 'img', 'aria-label': 'Tram' });
  assert.deepEqual(ariaAttributes({ role: 'group', label: 'Card' }), { role: 'group', 'aria-label': 'Card' });
  assert.deepEqual(ariaAttributes({ role: 'adjustable', label: 'Number of Folds (4)', value: '4' }, FOLDS), {
    role: 'slider', 'aria-label': 'Number of Folds (4)', 'aria-valuenow': '4', 'aria-valuemin': '1',
    'aria-valuemax': '8', 'aria-valuetext': '4', tabindex: '0',
  });
  // An unknown trait (a newer server) is a named group, never a role ARIA lacks.
  assert.deepEqual(ariaAttributes({ role: 'tabBar', label: 'Tabs' }), { role: 'group', 'aria-label': 'Tabs' });
});

test('a11y: a slider range comes from the element, else the page, else the value; now stays inside', () => {
  assert.deepEqual(sliderRange({ value: '3', min: 0, max: 10 }, FOLDS), { now: 3, min: 0, max: 10 });
  assert.deepEqual(sliderRange({ value: '3' }, FOLDS), { now: 3, min: 1, max: 8 });
  assert.deepEqual(sliderRange({ value: '3' }), { now: 3, min: 3, max: 3 });
  assert.deepEqual(sliderRange({ value: '12' }, FOLDS), { now: 12, min: 1, max: 12 });
  // A value that is not a number: aria-valuenow 0 (required and numeric), the text read as valuetext.
  assert.deepEqual(sliderRange({ value: 'Open' }, { min: 0, max: 1 }), { now: 0, min: 0, max: 1 });
  assert.equal(ariaAttributes({ role: 'adjustable', label: 'Curtain', value: 'Open' }, { min: 0, max: 1 })['aria-valuetext'], 'Open');
});

test('a11y: slider keys step as VoiceOver swipes; an activation presses the frame centre', () => {
  assert.deepEqual({ ...ADJUST_KEYS }, { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 });
  assert.deepEqual(frameCentre([20, 20, 120, 80]), { x: 80, y: 60 });
});

test('a11y: reading order is top to bottom, then leading to trailing, not drawing order', () => {
  const el = (id, x, y) => ({ id, role: 'text', label: id, frame: [x, y, 40, 20] });
  // The hero card draws its card over the rows (last), yet VoiceOver reads it after "Today".
  const drawn = [el('today', 20, 78), el('row.1', 20, 375), el('row.2', 20, 444), el('card', 20, 135)];
  assert.deepEqual(readingOrder(drawn).map((e) => e.id), ['today', 'card', 'row.1', 'row.2']);
  // Level tops (to the point) read leading first; equal frames keep the list's order.
  const line = [el('b', 200, 50.3), el('a', 20, 49.8), el('c', 20, 50), el('d', 20, 10)];
  assert.deepEqual(readingOrder(line).map((e) => e.id), ['d', 'a', 'c', 'b']);
  assert.deepEqual(readingOrder(undefined), []);
});
