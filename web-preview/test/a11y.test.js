// The accessibility mirror's trait -> ARIA mapping, against ARIA 1.1 written out here: the
// roles that exist, the attributes each role requires, and where a name is prohibited.
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  ADJUST_KEYS, AccessibilityMirror, HEADING_LEVEL, MANAGED_ATTRIBUTES, ROLE_MAP, ariaAttributes, frameCentre,
  readingOrder,
  sliderRange,
} from '../js/a11y.js';
// The curtain's folds range as its schema states it (the page reads it from there).
const FOLDS = Object.freeze({ min: 1, max: 8 });

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

// A minimal DOM (what AccessibilityMirror touches), to follow its nodes without a browser.
class FakeNode {
  constructor(doc, tag) {
    Object.assign(this, { ownerDocument: doc, tagName: tag.toUpperCase(), parentNode: null, children: [] });
    Object.assign(this, { attributes: new Map(), dataset: {}, style: {}, listeners: {}, textContent: '' });
    doc.moves = doc.moves ?? [];
  }
  get firstChild() { return this.children[0] ?? null; }
  get nextSibling() {
    const siblings = this.parentNode?.children ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  append(child) { this.insertBefore(child, null); }
  insertBefore(child, before) {
    if (child.parentNode) { child.ownerDocument.moves.push(child.dataset.id); child.remove(); }
    const at = before ? this.children.indexOf(before) : this.children.length;
    this.children.splice(at, 0, child);
    child.parentNode = this;
  }
  remove() {
    if (!this.parentNode) return;
    this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1);
    this.parentNode = null;
  }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  hasAttribute(name) { return this.attributes.has(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  addEventListener(type, fn) { this.listeners[type] = fn; }
}

function fakeMirror(options) {
  const doc = { createElement: (tag) => new FakeNode(doc, tag) };
  const root = new FakeNode(doc, 'div');
  const taps = [];
  const mirror = new AccessibilityMirror(root, (point) => taps.push(point), options);
  const ids = () => root.children.map((n) => n.dataset.id);
  return { doc, root, taps, mirror, ids };
}

const at = (id, role, y, extra = {}) => ({ id, role, label: id, frame: [20, y, 100, 30], ...extra });

test('a11y mirror: nodes in reading order; a new element goes in place and existing nodes stay put', () => {
  const { doc, root, mirror, ids } = fakeMirror();
  mirror.update([at('today', 'text', 78), at('row.1', 'text', 375), at('card', 'button', 135)]);
  assert.deepEqual(ids(), ['today', 'card', 'row.1']);
  const card = root.children[1];
  assert.equal(card.tagName, 'BUTTON');
  assert.equal(card.getAttribute('role'), null);
  doc.moves.length = 0;
  // Expanding: the card goes, a close button and a title arrive above the row.
  mirror.update([at('today', 'text', 78), at('row.1', 'text', 375), at('title', 'text', 247), at('close', 'button', 149)]);
  assert.deepEqual(ids(), ['today', 'close', 'title', 'row.1']);
  assert.deepEqual(doc.moves, ['close', 'title'], 'only the new nodes were placed; today and row.1 never moved');
  // The same elements again: nothing moves (focus on any node survives).
  doc.moves.length = 0;
  mirror.update([at('close', 'button', 149), at('today', 'text', 78), at('title', 'text', 247), at('row.1', 'text', 375)]);
  assert.deepEqual(doc.moves, []);
});

test('a11y mirror: a slider gets its range, steps on arrow keys, taps on Enter; stale attributes go', () => {
  const steps = [];
  const { root, taps, mirror } = fakeMirror({ ranges: { folds: FOLDS }, adjust: (id, step) => steps.push([id, step]) });
  mirror.update([at('folds', 'adjustable', 100, { label: 'Number of Folds (4)', value: '4' })]);
  const node = root.children[0];
  assert.deepEqual(Object.fromEntries(node.attributes), {
    role: 'slider', 'aria-label': 'Number of Folds (4)', 'aria-valuenow': '4', 'aria-valuemin': '1',
    'aria-valuemax': '8', 'aria-valuetext': '4', tabindex: '0',
  });
  const key = (k) => node.listeners.keydown({ key: k, preventDefault() {} });
  key('ArrowUp'); key('ArrowLeft'); key('Enter');
  assert.deepEqual(steps, [['folds', 1], ['folds', -1]]);
  assert.deepEqual(taps, [{ x: 70, y: 115 }]);
  // The value goes empty: aria-valuetext goes with it, the required trio stays.
  mirror.update([at('folds', 'adjustable', 100, { label: 'Number of Folds' })]);
  assert.equal(node.hasAttribute('aria-valuetext'), false);
  assert.equal(node.getAttribute('aria-valuenow'), '0');
  assert.equal(node.getAttribute('aria-valuemin'), '0');
  // A role change rebuilds the node: text drops role and name.
  mirror.update([at('folds', 'text', 100)]);
  assert.notEqual(root.children[0], node);
  assert.deepEqual(Object.fromEntries(root.children[0].attributes), {});
});
