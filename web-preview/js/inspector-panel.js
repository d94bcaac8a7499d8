// The inspector section of the side panel: the tree of the frame's node ids, the picked node's
// properties at each drawn frame (its frame in points, opacity, colour, font, text), curves of
// the properties ticked for plotting over the last seconds, and the component's state machine
// drawn as a graph with the current state lit. What it reads from a list: inspector.js.

import { PLOTTABLE, PropertyHistory, hitTest, machineLayout, nodeProperties, sceneTree } from './inspector.js';
import { fontString } from './fonts.js';

const SVG = 'http://www.w3.org/2000/svg';
/** A curve's colour per plotted property (PLOTTABLE order). */
const CURVE_COLORS = ['#2f6fed', '#c03030', '#16753f', '#8a5a00', '#7a3fc0'];

export class InspectorPanel {
  /** @param options {debug(key, value)}: the page's test marks. */
  constructor(doc, options = {}) {
    this.doc = doc;
    this.debug = options.debug ?? (() => {});
    this.treeList = doc.getElementById('inspect-tree');
    this.table = doc.getElementById('inspect-properties');
    this.plot = doc.getElementById('inspect-plot');
    this.machineSVG = doc.getElementById('inspect-machine');
    this.pickSwitch = doc.getElementById('inspect-pick');
    // The node tree is built only while its section is open, and at once when it opens.
    this.treeBox = this.treeList.closest('details');
    this.treeBox?.addEventListener('toggle', () => {
      this.treeKey = '';
      if (this.list) this.showTree(this.list);
    });
    this.selected = null;
    this.plotted = new Set();
    this.history = new PropertyHistory();
    this.treeKey = '';
    this.list = null;
    this.machine = null;
    this.lit = null;
    // Text widths from the same fonts the canvas draws with.
    const ctx = new OffscreenCanvas(1, 1).getContext('2d');
    this.measure = (text, font) => {
      ctx.font = fontString(font);
      return ctx.measureText(text).width;
    };
  }

  /** True while a press on the canvas picks a node instead of reaching the component. */
  get picking() { return this.pickSwitch.checked; }

  /** Picks the node drawn on top at viewport point `point`. */
  pick(point) {
    if (!this.list) return;
    const id = hitTest(this.list, point, this.measure);
    if (id !== null) this.select(id);
  }

  /** Shows node `id`'s properties from now on, and starts its curves afresh. */
  select(id) {
    this.selected = id;
    this.history.clear();
    this.debug('inspected', id);
    for (const button of this.treeList.querySelectorAll('button')) {
      button.setAttribute('aria-pressed', String(button.dataset.id === id));
    }
    if (this.list) this.showProperties();
  }

  /** A drawn frame: the tree when its ids changed, the picked node's properties and curves, the lit state. */
  update(list, state) {
    this.list = list;
    this.showTree(list);
    if (this.selected !== null) this.showProperties();
    this.light(state);
  }

  showTree(list) {
    if (this.treeBox && !this.treeBox.open) return;
    const tree = sceneTree(list);
    const key = JSON.stringify(tree, ['id', 'kind', 'children']);
    if (key === this.treeKey) return;
    this.treeKey = key;
    const render = (nodes) => nodes.map((node) => {
      const item = this.doc.createElement('li');
      const button = this.doc.createElement('button');
      button.type = 'button';
      button.textContent = node.id;
      button.title = node.kind;
      button.dataset.id = node.id;
      button.setAttribute('aria-pressed', String(node.id === this.selected));
      button.addEventListener('click', () => this.select(node.id));
      item.append(button);
      if (node.children.length) {
        const list = this.doc.createElement('ul');
        list.append(...render(node.children));
        item.append(list);
      }
      return item;
    });
    this.treeList.replaceChildren(...render(tree.children));
  }

  showProperties() {
    const properties = nodeProperties(this.list, this.selected, this.measure);
    const body = this.table.tBodies[0];
    if (!properties) {
      body.replaceChildren(this.row('id', `${this.selected} (not in this frame)`));
      this.debug('inspectedFrame', null);
      return;
    }
    this.history.add(this.list.time ?? 0, properties);
    this.debug('inspectedFrame', [properties.x, properties.y, properties.width, properties.height].join(','));
    const format = (value) => (Array.isArray(value) ? `[${value.join(', ')}]` : String(value));
    body.replaceChildren(...Object.entries(properties).map(([name, value]) => this.row(name, format(value),
      PLOTTABLE.includes(name))));
    this.drawCurves();
  }

  /** A table row; a plottable one has a checkbox that adds its curve. */
  row(name, value, plottable = false) {
    const tr = this.doc.createElement('tr');
    const th = this.doc.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    const td = this.doc.createElement('td');
    td.textContent = value;
    const plot = this.doc.createElement('td');
    if (plottable) {
      const box = this.doc.createElement('input');
      box.type = 'checkbox';
      box.id = `inspect-plot-${name}`;
      box.checked = this.plotted.has(name);
      box.setAttribute('aria-label', `Plot ${name}`);
      box.addEventListener('change', () => {
        if (box.checked) this.plotted.add(name); else this.plotted.delete(name);
        this.drawCurves();
      });
      plot.append(box);
    }
    tr.append(th, td, plot);
    return tr;
  }

  /** Each ticked property's last seconds, scaled to its own range, oldest on the left. */
  drawCurves() {
    const ctx = this.plot.getContext('2d');
    const { width, height } = this.plot;
    ctx.clearRect(0, 0, width, height);
    let points = 0;
    const names = PLOTTABLE.filter((name) => this.plotted.has(name));
    names.forEach((name) => {
      const series = this.history.points(name);
      if (!series.length) return;
      points += series.length;
      const t1 = series[series.length - 1].t;
      const t0 = t1 - this.history.seconds;
      const values = series.map((p) => p.value);
      const low = Math.min(...values);
      const high = Math.max(...values);
      const span = high - low || 1;
      ctx.strokeStyle = CURVE_COLORS[PLOTTABLE.indexOf(name)];
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      series.forEach((p, i) => {
        const x = ((p.t - t0) / this.history.seconds) * (width - 4) + 2;
        const y = height - 14 - ((p.value - low) / span) * (height - 24);
        if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
      });
      ctx.stroke();
      ctx.fillStyle = ctx.strokeStyle;
      ctx.font = '10px sans-serif';
      ctx.fillText(`${name} ${low}…${high}`, 4 + 80 * names.indexOf(name), height - 2);
    });
    this.plot.setAttribute('aria-label', names.length
      ? `Curves of ${names.join(', ')} over the last ${this.history.seconds} seconds`
      : 'No property plotted: tick one in the table');
    this.debug('plotPoints', String(points));
  }

  /** Draws `machine` ({states, transitions}; null: none) as a graph. */
  setMachine(machine) {
    this.machine = machine ?? null;
    this.lit = null;
    const svg = this.machineSVG;
    svg.replaceChildren();
    svg.toggleAttribute('hidden', !machine); // an SVG element has no `hidden` property
    if (!machine) return;
    const size = 280;
    const { states, edges } = machineLayout(machine, size);
    const at = new Map(states.map((s) => [s.name, s]));
    const element = (name, attributes, text) => {
      const el = this.doc.createElementNS(SVG, name);
      for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
      if (text !== undefined) el.textContent = text;
      return el;
    };
    const defs = element('defs', {});
    const marker = element('marker', { id: 'inspect-arrow', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 6, markerHeight: 6, orient: 'auto' });
    marker.append(element('path', { d: 'M0,0 L8,4 L0,8 z', class: 'machine-arrowhead' }));
    defs.append(marker);
    svg.append(defs);
    const radius = 30;
    for (const edge of edges) {
      const a = at.get(edge.from);
      const b = at.get(edge.to);
      if (!a || !b) continue;
      const group = element('g', { class: 'machine-edge' });
      group.append(element('title', {}, `${edge.from} → ${edge.to}: ${edge.events.join(', ')}`));
      if (edge.loop) {
        group.append(element('path', {
          d: `M${a.x - 10},${a.y - radius + 2} C${a.x - 26},${a.y - radius - 30} ${a.x + 26},${a.y - radius - 30} ${a.x + 10},${a.y - radius + 2}`,
          class: 'machine-line', 'marker-end': 'url(#inspect-arrow)',
        }));
      } else {
        // Bent a little to the right of the way, so a pair of opposite edges stays apart.
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const length = Math.hypot(dx, dy) || 1;
        const [ux, uy] = [dx / length, dy / length];
        const start = [a.x + ux * radius, a.y + uy * radius];
        const end = [b.x - ux * radius, b.y - uy * radius];
        const bend = [(start[0] + end[0]) / 2 - uy * 16, (start[1] + end[1]) / 2 + ux * 16];
        group.append(element('path', {
          d: `M${start[0]},${start[1]} Q${bend[0]},${bend[1]} ${end[0]},${end[1]}`,
          class: 'machine-line', 'marker-end': 'url(#inspect-arrow)',
        }));
      }
      svg.append(group);
    }
    for (const state of states) {
      const group = element('g', { class: 'machine-state', 'data-state': state.name });
      group.append(element('circle', { cx: state.x, cy: state.y, r: radius }));
      group.append(element('text', { x: state.x, y: state.y + 4, 'text-anchor': 'middle' }, state.name));
      svg.append(group);
    }
    svg.setAttribute('aria-label', `State machine: ${machine.states.join(', ')}`);
  }

  /** Lights state `state` in the graph. */
  light(state) {
    if (!this.machine || state === this.lit) return;
    this.lit = state;
    for (const group of this.machineSVG.querySelectorAll('.machine-state')) {
      group.classList.toggle('lit', group.getAttribute('data-state') === state);
    }
    this.machineSVG.setAttribute('aria-label', `State machine: ${this.machine.states.join(', ')}; now ${state}`);
    this.debug('machineState', state);
  }
}
