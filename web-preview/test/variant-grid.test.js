import test from 'node:test';
import assert from 'node:assert/strict';
import {
  MAX_CELLS, cellLabel, parseViewport, readVariants, variantCells, variantsLink,
} from '../js/variant-grid.js';
import { DYNAMIC_TYPES } from '../js/protocol.js';

const read = (query) => readVariants(new URLSearchParams(query));

test('an address without axes asks for one cell: the component\'s own viewport, L, light, motion on', () => {
  const { component, configuration, axes, problems } = read('');
  assert.equal(component, undefined);
  assert.equal(configuration, undefined);
  assert.deepEqual(axes, { viewport: [null], dynamicType: ['L'], colorScheme: ['light'], reduceMotion: [false] });
  assert.deepEqual(problems, []);
  const cells = variantCells(axes);
  assert.equal(cells.length, 1);
  assert.equal(cells[0].label, 'L · light');
});

test('each axis is a comma-separated list; repeats count once; the cells are every combination', () => {
  const { axes, problems } = read('component=curtain&dynamicType=L,AX3,L&colorScheme=light,dark&viewport=390x844');
  assert.deepEqual(problems, []);
  assert.deepEqual(axes.dynamicType, ['L', 'AX3']);
  const cells = variantCells(axes);
  assert.deepEqual(cells.map((c) => c.label), ['L · light', 'L · dark', 'AX3 · light', 'AX3 · dark']);
  assert.deepEqual(cells[3].environment, { dynamicType: 'AX3', colorScheme: 'dark', reduceMotion: false });
  assert.deepEqual(cells[3].viewport, [390, 844]);
});

test('viewports and Reduce Motion vary as axes too, named in the labels only when they vary', () => {
  const { axes } = read('viewport=390x844,375x667&reduceMotion=0,1');
  const cells = variantCells(axes);
  assert.deepEqual(cells.map((c) => c.label), [
    '390 × 844 · motion', '390 × 844 · Reduce Motion', '375 × 667 · motion', '375 × 667 · Reduce Motion',
  ]);
  assert.equal(cellLabel(cells[0], { ...axes, reduceMotion: [false] }), '390 × 844');
});

test('values the protocol does not know are left out and named, never silently dropped', () => {
  const { axes, problems } = read('dynamicType=L,Huge&colorScheme=sepia&viewport=0x10,abc&reduceMotion=maybe&config=[1]');
  assert.deepEqual(axes.dynamicType, ['L']);
  assert.deepEqual(axes.colorScheme, ['light']);
  assert.deepEqual(axes.viewport, [null]);
  assert.deepEqual(axes.reduceMotion, [false]);
  assert.deepEqual(problems, [
    'config is not a JSON object: every cell opens with the defaults',
    'viewport: unknown value "0x10"', 'viewport: unknown value "abc"',
    'dynamicType: unknown value "Huge"', 'colorScheme: unknown value "sepia"', 'reduceMotion: unknown value "maybe"',
  ]);
});

test('more cells than MAX_CELLS is an error naming how many were asked for', () => {
  const sizes = DYNAMIC_TYPES.slice(0, 7).join(',');
  const { axes } = read(`dynamicType=${sizes}&colorScheme=light,dark`);
  assert.ok(7 * 2 > MAX_CELLS);
  assert.throws(() => variantCells(axes), { name: 'RangeError', message: `14 variants asked for; at most ${MAX_CELLS} at once: choose fewer values` });
  const { axes: fits } = read(`dynamicType=${DYNAMIC_TYPES.slice(0, 6).join(',')}&colorScheme=light,dark`);
  assert.equal(variantCells(fits).length, MAX_CELLS);
});

test('parseViewport reads WxH in points within 1…4096', () => {
  assert.deepEqual(parseViewport('390x844'), [390, 844]);
  assert.deepEqual(parseViewport('390.5x844'), [390.5, 844]);
  assert.equal(parseViewport('390 x 844'), null);
  assert.equal(parseViewport('5000x10'), null);
  assert.equal(parseViewport('-1x10'), null);
});

test('the main page links a component to its variants: its size beside AX3, light and dark', () => {
  const href = variantsLink('http://127.0.0.1:8080/?session=abc&debug=1', {
    component: 'hero-card', configuration: { title: 'Hi' }, viewport: [375, 667],
    environment: { dynamicType: 'S', reduceMotion: true },
  });
  const url = new URL(href);
  assert.equal(url.pathname, '/variants.html');
  assert.equal(url.searchParams.get('session'), null);
  assert.equal(url.searchParams.get('debug'), '1');
  const { component, configuration, axes } = readVariants(url.searchParams);
  assert.equal(component, 'hero-card');
  assert.deepEqual(configuration, { title: 'Hi' });
  assert.deepEqual(axes, { viewport: [[375, 667]], dynamicType: ['S', 'AX3'], colorScheme: ['light', 'dark'], reduceMotion: [true] });
  const atAX3 = readVariants(new URL(variantsLink('http://h/', { environment: { dynamicType: 'AX3' } })).searchParams);
  assert.deepEqual(atAX3.axes.dynamicType, ['AX3', 'L']);
});
