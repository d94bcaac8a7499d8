// The inspector's reading of a display list (schemas/display-list.md): the tree of ids its
// push/pop nesting makes, a node's properties at this frame (its frame in viewport points, its
// opacity, colour, font and text), which node is under a point, the recent history of the
// properties being plotted, and where the machine graph's states go. Pure: no DOM, so node
// --test runs it; text widths come from a `measure(text, font)` the page gives (its canvas).

import { IDENTITY, multiply, pathBounds, transformBounds } from './ops.js';

/** How far back a plotted property's curve reaches, in seconds of session time. */
export const HISTORY_SECONDS = 5;

/** The numbers a node offers to plot, in table order. */
export const PLOTTABLE = Object.freeze(['x', 'y', 'width', 'height', 'opacity']);

const round = (v) => Math.round(v * 100) / 100;

/** A rough width for text when the page gives no measure (tests): 0.55 em a character. */
const roughMeasure = (text, font) => String(text).length * 0.55 * Math.abs(font?.size ?? 0);

function union(a, b) {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** An op's own box in its group's coordinates: [x0, y0, x1, y1], or null. */
function localBox(op, measure) {
  switch (op.op) {
    // A stroke's frame is its path's, as MorphKit resolves a scene's frames (the line's
    // width is a property of its own).
    case 'fill': case 'stroke': return pathBounds(op.path);
    case 'image': {
      const [x, y, w, h] = op.rect ?? [0, 0, 0, 0];
      return [x, y, x + w, y + h];
    }
    case 'text': {
      // A line's origin is its baseline's start: ascent ≈ 0.97 em above, descent ≈ 0.25 em below (Inter).
      const size = Math.abs(op.font?.size ?? 0);
      let box = null;
      for (const line of op.lines ?? []) {
        const width = (line.runs ?? [line]).reduce((sum, run) => sum + measure(run.text ?? '', run.font ?? op.font), 0);
        box = union(box, [line.x, line.y - 0.97 * size, line.x + width, line.y + 0.25 * size]);
      }
      return box;
    }
    default: return null;
  }
}

/**
 * Every node of `list` as a tree: `{id, kind, index, children}` where `kind` is `group`,
 * `effect` or the drawing op's name and `index` its op's position. A list's root holds the
 * top-level nodes.
 */
export function sceneTree(list) {
  const root = { id: '', kind: 'root', index: -1, children: [] };
  const stack = [root];
  (list?.ops ?? []).forEach((op, index) => {
    const parent = stack[stack.length - 1];
    if (op.op === 'pop') {
      if (stack.length > 1) stack.pop();
      return;
    }
    const node = { id: op.id ?? '', kind: op.op === 'push' ? (op.effect ? 'effect' : 'group') : op.op, index, children: [] };
    parent.children.push(node);
    if (op.op === 'push') stack.push(node);
  });
  return root;
}

/**
 * Every node's reading at this frame, by op index: `{id, kind, box (viewport [x0, y0, x1,
 * y1] or null), opacity (cumulative), op}`. A group's box is its clip's when it has one (in
 * its own coordinates, under its transform), else the union of its children's.
 */
export function readNodes(list, measure = roughMeasure) {
  const nodes = new Map();
  const stack = [{ matrix: IDENTITY, opacity: 1, index: -1, box: null, clip: null }];
  const close = () => {
    const group = stack.pop();
    const node = nodes.get(group.index);
    node.box = group.clip ?? group.box;
    const parent = stack[stack.length - 1];
    parent.box = union(parent.box, node.box);
  };
  (list?.ops ?? []).forEach((op, index) => {
    const parent = stack[stack.length - 1];
    if (op.op === 'pop') {
      if (stack.length > 1) close();
      return;
    }
    if (op.op === 'push') {
      const matrix = op.transform ? multiply(parent.matrix, op.transform) : parent.matrix;
      const opacity = parent.opacity * (op.opacity ?? 1);
      const clip = op.clip ? transformBounds(matrix, pathBounds(op.clip))
        : op.effect?.bounds ? transformBounds(matrix, rectBox(op.effect.bounds)) : null;
      nodes.set(index, { id: op.id ?? '', kind: op.effect ? 'effect' : 'group', box: null, opacity, op });
      stack.push({ matrix, opacity, index, box: null, clip });
      return;
    }
    const box = transformBounds(parent.matrix, localBox(op, measure));
    nodes.set(index, { id: op.id ?? '', kind: op.op, box, opacity: parent.opacity, op });
    parent.box = union(parent.box, box);
  });
  while (stack.length > 1) close(); // a list cut short: close what it left open
  return nodes;
}

const rectBox = ([x, y, w, h]) => [x, y, x + w, y + h];

/** The first node with `id` in `nodes` (readNodes), or null. */
function nodeWithID(nodes, id) {
  for (const node of nodes.values()) if (node.id === id) return node;
  return null;
}

/**
 * What the inspector shows of node `id` at this frame, or null when the list has no such node:
 * `{id, kind, x, y, width, height, opacity, transform?, color?, paint?, font?, text?}`,
 * numbers rounded to hundredths; the frame is in viewport points.
 */
export function nodeProperties(list, id, measure = roughMeasure) {
  const node = nodeWithID(readNodes(list, measure), id);
  if (!node) return null;
  const [x0, y0, x1, y1] = node.box ?? [0, 0, 0, 0];
  const properties = {
    id, kind: node.kind, x: round(x0), y: round(y0), width: round(x1 - x0), height: round(y1 - y0),
    opacity: round(node.opacity),
  };
  const { op } = node;
  if (op.transform) properties.transform = op.transform.map(round);
  if (op.color) properties.color = op.color.map(round);
  if (op.paint?.type === 'solid') properties.color = op.paint.color.map(round);
  else if (op.paint) properties.paint = op.paint.type;
  if (op.op === 'stroke') properties.lineWidth = round(op.width);
  if (op.font) properties.font = `${op.font.family} ${op.font.weight} ${op.font.size}`;
  if (op.lines) properties.text = op.lines.map((line) => line.text ?? (line.runs ?? []).map((r) => r.text).join('')).join('\n');
  return properties;
}

/**
 * The id of the node drawn on top at viewport point `point` ({x, y}): the last drawing op
 * whose box holds it and that shows (opacity above 0), else the innermost group whose box
 * holds it; null over nothing.
 */
export function hitTest(list, point, measure = roughMeasure) {
  const inside = (box) => box && point.x >= box[0] && point.x <= box[2] && point.y >= box[1] && point.y <= box[3];
  let group = null;
  let drawn = null;
  for (const node of readNodes(list, measure).values()) {
    if (node.opacity <= 0 || !inside(node.box)) continue;
    if (node.kind === 'group' || node.kind === 'effect') group = node.id;
    else drawn = node.id;
  }
  return drawn ?? group;
}

/** The last HISTORY_SECONDS of the plotted properties of one node: `{t, value}` by name. */
export class PropertyHistory {
  constructor(seconds = HISTORY_SECONDS) {
    this.seconds = seconds;
    this.clear();
  }

  clear() { this.series = new Map(); }

  /** Adds `properties`' plottable values at session time `time`; a time going back (a new session) starts over. */
  add(time, properties, names = PLOTTABLE) {
    for (const name of names) {
      const value = properties?.[name];
      if (typeof value !== 'number') continue;
      let points = this.series.get(name);
      if (!points) this.series.set(name, (points = []));
      if (points.length && time < points[points.length - 1].t) points.length = 0;
      points.push({ t: time, value });
      while (points.length && points[0].t < time - this.seconds) points.shift();
    }
  }

  /** The points of `name`, oldest first. */
  points(name) { return this.series.get(name) ?? []; }
}

/**
 * Where a machine graph's states go (on a circle, the initial state at the top, clockwise in
 * file order) and its edges grouped by (from, to) with their events: `{states: [{name, x,
 * y}], edges: [{from, to, events, loop}]}` in a `size` × `size` box.
 */
export function machineLayout(machine, size = 280) {
  const centre = size / 2;
  const radius = machine.states.length > 1 ? size / 2 - 48 : 0;
  const states = machine.states.map((name, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / machine.states.length;
    return { name, x: round(centre + radius * Math.cos(angle)), y: round(centre + radius * Math.sin(angle)) };
  });
  const edges = [];
  for (const { from, event, to } of machine.transitions) {
    let edge = edges.find((e) => e.from === from && e.to === to);
    if (!edge) edges.push((edge = { from, to, events: [], loop: from === to }));
    if (!edge.events.includes(event)) edge.events.push(event);
  }
  return { states, edges };
}
