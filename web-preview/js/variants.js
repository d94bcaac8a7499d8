// Wiring of the variants page (variants.html): a session per cell on this page's morphd, each
// drawn by its own Display, and one pointer on any cell sent to every session, so a drag at AX3
// in dark mode plays beside the same drag at L in light. What the cells are: variant-grid.js.
//
// Each cell's session is a normal one (`open` with the cell's environment and viewport), so a
// reconnect rejoins it; the cells share the component and its configuration. Sessions start
// at slightly different moments, but the same input events reach every session within one
// message round, so the grid moves together. `?debug=1` marks each cell's state and frames
// drawn as data-* attributes on its figure (browser tests).

import * as protocol from './protocol.js';
import { Socket, closeWhenPageHides, liveServerURL, newSessionID, withSession } from './socket.js';
import { FrameDeltas } from './frames.js';
import { Display } from './display.js';
import { DeviceFrame } from './device-frame.js';
import { attachPointerInput } from './input.js';
import { loadInter } from './fonts.js';
import { createDebug } from './debug.js';
import { readVariants, variantCells } from './variant-grid.js';

const params = new URLSearchParams(location.search);
const debug = createDebug(location.search);
const grid = document.getElementById('grid');
const banner = document.getElementById('message');
const heading = document.getElementById('component-name');

/** Shows `text` in the banner until dismissed (or hides it for ''). */
function showError(text) {
  document.getElementById('message-text').textContent = text;
  banner.hidden = text === '';
}
document.getElementById('message-dismiss').addEventListener('click', () => showError(''));

/** One cell: its session, socket and canvas. */
class Cell {
  constructor(spec, index, base, variants, sendAll) {
    this.spec = spec;
    this.id = newSessionID();
    this.opened = false;
    this.frameDeltas = new FrameDeltas();
    this.figure = document.createElement('figure');
    this.figure.className = 'cell';
    this.figure.id = `cell-${index}`;
    const caption = document.createElement('figcaption');
    const label = document.createElement('span');
    label.textContent = spec.label;
    this.stateText = document.createElement('span');
    this.stateText.className = 'cell-state';
    this.stateText.textContent = '—';
    caption.append(label, this.stateText);
    this.frame = document.createElement('div');
    this.frame.className = 'device';
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('aria-hidden', 'true');
    const overlay = document.createElement('canvas');
    overlay.className = 'device-frame';
    overlay.setAttribute('aria-hidden', 'true');
    this.frame.append(this.canvas, overlay);
    this.figure.append(caption, this.frame);
    this.deviceFrame = new DeviceFrame(overlay);
    this.display = new Display(this.canvas, {
      markEffects: false,
      onDraw: (list, stats) => {
        // Drawn: the server may send this cell the next frame (protocol.md, "Acknowledged frames").
        const seq = this.frameSeq.get(list);
        if (seq !== undefined && seq > this.lastAcked) {
          this.lastAcked = seq;
          this.socket.send(protocol.frameAck(seq));
        }
        this.deviceFrame.update(list.size, this.display.dpr, stats ? this.canvas : null);
        debug.mark(this.figure, 'framesDrawn', String(this.display.drawn));
        debug.mark(this.figure, 'fontsSettled', String(fontsSettled));
      },
    });
    // Until the session says, a cell without a viewport of its own is sized like an iPhone 15.
    this.size = spec.viewport ?? [390, 844];
    this.display.resize(this.size, devicePixelRatio || 1);
    attachPointerInput(this.canvas, () => this.display.viewport, sendAll, () => this.display.bleed);
    // Each cell acknowledges the frames it draws: a grid of a dozen sessions draws each cell
    // more slowly than one page, and gets fewer, newer frames instead of a backlog.
    this.frameSeq = new WeakMap(); // display list -> its frame's seq
    this.lastAcked = 0;
    this.socket = new Socket(() => withSession(base, this.id, true, true), {
      open: () => {
        this.frameDeltas.reset();
        this.socket.send(protocol.hello('web-preview variants'));
      },
      message: (text) => this.receive(text),
      close: () => this.setState('reconnecting'),
    });
    this.variants = variants;
  }

  setState(state) {
    this.stateText.textContent = state;
    debug.mark(this.figure, 'state', state);
  }

  receive(text) {
    const { message, problems } = protocol.parseServerMessage(text);
    if (problems) {
      console.warn('morph.v1: dropped a malformed message:', problems.join('; '));
      return;
    }
    const m = message;
    if (m.type === 'welcome') {
      if (this.opened) {
        this.socket.send(protocol.join(this.id)); // a reconnect: the session outlives the socket
        return;
      }
      const component = this.variants.component ?? m.components[0];
      heading.textContent = component;
      document.title = `${component} · Morph variants`;
      this.socket.send(protocol.open({
        component,
        configuration: this.variants.configuration,
        environment: { ...this.spec.environment },
        viewport: this.spec.viewport ?? undefined,
        session: this.id,
      }));
    } else if (m.type === 'session') {
      this.opened = true;
      this.id = m.session;
      this.lastAcked = 0; // the connection's window starts anew with each session it joins
      debug.mark(this.figure, 'session', m.session);
      if (m.state) this.setState(m.state);
      if (m.viewport && (m.viewport[0] !== this.size[0] || m.viewport[1] !== this.size[1])) {
        this.size = m.viewport;
        this.display.resize(this.size, devicePixelRatio || 1);
        fit();
      }
    } else if (m.type === 'frame') {
      const frame = this.frameDeltas.accept(m);
      if (!frame) {
        this.socket.send(protocol.resync());
        return;
      }
      this.setState(frame.state);
      this.frameSeq.set(frame.list, frame.seq);
      this.display.show(frame.list);
    } else if (m.type === 'error') {
      showError(`${this.spec.label}: ${m.code}: ${m.message}`);
    }
  }

  send(message) { return this.socket.send(message); }
}

let fontsSettled = false;
const cells = [];

/** Scales every cell so the grid fits the window (never above 1: a point stays a CSS px),
 * with as many columns as give the cells the largest scale. */
function fit() {
  if (!cells.length) return;
  const widest = Math.max(...cells.map((c) => c.size[0]));
  const tallest = Math.max(...cells.map((c) => c.size[1]));
  const gap = 16;
  const captionHeight = 24;
  const availableWidth = window.innerWidth - 2 * gap;
  const availableHeight = window.innerHeight - grid.getBoundingClientRect().top - gap;
  let best = { columns: 1, scale: 0 };
  for (let columns = 1; columns <= cells.length; columns += 1) {
    const rows = Math.ceil(cells.length / columns);
    const scale = Math.min(1,
      (availableWidth - (columns - 1) * gap) / (columns * widest),
      (availableHeight - rows * (captionHeight + gap)) / (rows * tallest));
    if (scale > best.scale) best = { columns, scale };
  }
  const { columns, scale } = best;
  grid.style.gridTemplateColumns = `repeat(${columns}, max-content)`;
  for (const cell of cells) {
    const [w, h] = cell.size;
    cell.frame.style.width = `${Math.floor(w * scale)}px`;
    cell.frame.style.height = `${Math.floor(h * scale)}px`;
    cell.frame.style.setProperty('--scale', String(scale));
  }
  debug.mark(document.body, 'scale', scale.toFixed(3));
}

function start() {
  const variants = readVariants(params);
  let specs;
  try {
    specs = variantCells(variants.axes);
  } catch (error) {
    showError(error.message);
    return;
  }
  if (variants.problems.length) showError(`ignored: ${variants.problems.join('; ')}`);
  const base = liveServerURL(params.get('ws'), location, (question) => window.confirm(question));
  if (!base) {
    showError(`not connecting to ${params.get('ws')}: only this page's own server, or one you confirm`);
    return;
  }
  // The same event to every cell: one pointer drives the grid.
  const sendAll = (event) => {
    for (const cell of cells) cell.send(protocol.input(event));
  };
  specs.forEach((spec, index) => cells.push(new Cell(spec, index, base, variants, sendAll)));
  grid.append(...cells.map((cell) => cell.figure));
  debug.mark(document.body, 'cells', String(cells.length));
  fit();
  window.addEventListener('resize', fit);
  for (const cell of cells) cell.socket.connect();
  // Leaving the page ends the cells' sessions; shown again from the back/forward cache, each
  // cell opens a fresh one.
  closeWhenPageHides(window, () => cells.map((cell) => cell.socket), () => {
    for (const cell of cells) {
      cell.opened = false;
      cell.id = newSessionID();
      cell.socket.connect();
    }
  });
}

loadInter(document.fonts, document.baseURI).then(() => {
  fontsSettled = true;
  for (const cell of cells) {
    cell.deviceFrame.invalidate();
    cell.display.redraw();
  }
});

start();
