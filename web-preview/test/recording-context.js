// A stand-in for CanvasRenderingContext2D that records every call and property write, so
// tests can state the exact drawing the ops table produces. Only what ops.js uses.

const METHODS = [
  'save', 'restore', 'setTransform', 'transform', 'beginPath', 'moveTo', 'lineTo',
  'bezierCurveTo', 'quadraticCurveTo', 'closePath', 'clip', 'fill', 'stroke', 'fillRect',
  'clearRect', 'fillText', 'drawImage',
];
const PROPERTIES = [
  'fillStyle', 'strokeStyle', 'lineWidth', 'lineCap', 'lineJoin', 'font', 'textAlign',
  'textBaseline', 'globalAlpha', 'shadowColor', 'shadowBlur', 'shadowOffsetX', 'shadowOffsetY', 'letterSpacing',
  'imageSmoothingEnabled', 'imageSmoothingQuality'];

export class RecordingContext {
  constructor(label = 'main', log = []) {
    this.label = label;
    this.calls = log; // shared between a main context and its layers, in call order
    this.canvas = { label };
    this.depth = 0;
    this.values = {};
    for (const name of METHODS) {
      this[name] = (...args) => {
        if (name === 'save') this.depth += 1;
        if (name === 'restore') this.depth -= 1;
        if (this.depth < 0) throw new Error(`${label}: restore without save`);
        this.calls.push([label, name, ...args]);
      };
    }
    for (const name of PROPERTIES) {
      Object.defineProperty(this, name, {
        get: () => this.values[name],
        set: (v) => { this.values[name] = v; this.calls.push([label, `${name}=`, v]); },
      });
    }
  }

  createLinearGradient(x0, y0, x1, y1) {
    const gradient = { kind: 'linear', args: [x0, y0, x1, y1], stops: [] };
    gradient.addColorStop = (offset, color) => gradient.stops.push([offset, color]);
    this.calls.push([this.label, 'createLinearGradient', x0, y0, x1, y1]);
    return gradient;
  }

  /**
   * A stand-in measurement: 10 px per code point, so tests can state where the next piece of
   * a mixed-font line starts. Recorded like a call.
   */
  measureText(text) {
    this.calls.push([this.label, 'measureText', text]);
    return { width: Array.from(text).length * 10 };
  }

  /** Calls made on this context only, without the label column. */
  own() { return this.calls.filter((c) => c[0] === this.label).map((c) => c.slice(1)); }
}

/** A layer factory for renderList that records into the same log; layers are named. */
export function layerFactory(log) {
  let n = 0;
  const made = [];
  const create = (w, h) => {
    n += 1;
    const ctx = new RecordingContext(`layer${n}`, log);
    ctx.canvas = { label: `layer${n}`, width: w, height: h };
    const layer = { canvas: ctx.canvas, ctx };
    made.push(layer);
    return layer;
  };
  return { create, made };
}
