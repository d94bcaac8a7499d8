// The options panel generated from a component's configuration schema (config-schema.js):
// one labelled control per field, drawn into a container the markup leaves empty. Edits
// go out through `onChange(key, value)` (main.js sends them as `set` events); values that
// arrive (a `session` message, a link, Reset) come in through `setValues`.

import { defaultsOf, fieldProblem, hexOf, rgbaOf } from './config-schema.js';

/** An integer field with bounds this close together gets a −/+ stepper, as a SwiftUI Stepper. */
const STEPPER_SPAN = 20;
/** How long after the last key a text field's value applies (a pause, not every key). */
const TEXT_DEBOUNCE_MS = 250;

const isStepper = (f) => f.kind === 'integer' && f.min !== null && f.max !== null && f.max - f.min <= STEPPER_SPAN;

/** Decimal places a number field shows: finer for small ranges. */
function decimals(field) {
  if (field.kind === 'integer') return 0;
  const span = (field.max ?? field.min ?? 1) - (field.min ?? field.exclusiveMin ?? 0);
  return Math.abs(span) <= 2 || Math.abs(field.default ?? 10) < 2 ? 2 : 1;
}

export class ConfigPanel {
  /**
   * @param container element the rows are drawn into (emptied on every `show`)
   * @param onChange (key, value) for every edit the person makes
   */
  constructor(container, onChange) {
    this.container = container;
    this.doc = container.ownerDocument;
    this.onChange = onChange;
    this.fields = [];
    this.current = {};
    this.views = new Map(); // key -> { show(value) }
  }

  /** Draws the fields of one component with `values` over the defaults. */
  show(fields, values = {}) {
    this.fields = fields;
    this.views.clear();
    this.current = { ...defaultsOf(fields), ...values };
    this.container.replaceChildren(...fields.map((field) => this.row(field)));
    for (const field of fields) this.views.get(field.key)?.show(this.current[field.key]);
  }

  /** Shows values that came from elsewhere (the server, a link); sends nothing. */
  setValues(values) {
    for (const [key, value] of Object.entries(values ?? {})) {
      if (!this.views.has(key)) continue;
      this.current[key] = value;
      this.views.get(key).show(value);
    }
  }

  /** Every field's value as shown: the defaults, then what was set. */
  values() {
    return { ...this.current };
  }

  field(key) { return this.fields.find((f) => f.key === key); }

  /** Bounds of a numeric field, for the accessibility mirror's slider. */
  range(key) {
    const f = this.field(key);
    return f && f.min !== null && f.max !== null ? { min: f.min, max: f.max } : null;
  }

  /** Steps an integer field by `delta` within its bounds (the mirror's slider keys). */
  step(key, delta) {
    const f = this.field(key);
    if (!f || typeof this.current[key] !== 'number') return;
    this.edit(f, this.clamp(f, this.current[key] + delta));
  }

  /**
   * Every field that has a default and shows something else goes back to it. Returns the
   * keys changed.
   */
  reset() {
    const changed = [];
    for (const field of this.fields) {
      if (field.default === undefined) continue;
      if (JSON.stringify(this.current[field.key]) === JSON.stringify(field.default)) continue;
      this.edit(field, field.default);
      changed.push(field.key);
    }
    return changed;
  }

  clamp(field, value) {
    let v = value;
    if (field.min !== null) v = Math.max(field.min, v);
    if (field.max !== null) v = Math.min(field.max, v);
    return v;
  }

  /** A value the person chose: shown, remembered and sent, unless the schema refuses it. */
  edit(field, value) {
    if (fieldProblem(field, value)) return false;
    if (JSON.stringify(this.current[field.key]) === JSON.stringify(value)) return true;
    this.current[field.key] = value;
    this.views.get(field.key)?.show(value);
    this.onChange(field.key, value);
    return true;
  }

  // ---------------------------------------------------------------------------------------
  // Rows. Every control is named (aria-label or its <label>), so axe finds none unlabelled.

  el(tag, props = {}, ...children) {
    const node = this.doc.createElement(tag);
    for (const [name, value] of Object.entries(props)) {
      if (name === 'class') node.className = value;
      else if (name === 'text') node.textContent = value;
      else if (name in node && !name.includes('-')) node[name] = value;
      else node.setAttribute(name, value);
    }
    node.append(...children);
    return node;
  }

  row(field) {
    const build = isStepper(field) ? this.stepperRow
      : ({ number: this.numberRow, integer: this.numberRow, color: this.colorRow, colors: this.colorListRow,
        enum: this.enumRow, string: this.textRow, boolean: this.switchRow })[field.kind] ?? this.jsonRow;
    const row = build.call(this, field);
    row.dataset.field = field.key;
    if (field.description) row.title = field.description;
    return row;
  }

  stepperRow(field) {
    const name = field.label.toLowerCase();
    const down = this.el('button', { id: `${field.key}-down`, type: 'button', 'aria-label': `Fewer ${name}`, text: '−' });
    const up = this.el('button', { id: `${field.key}-up`, type: 'button', 'aria-label': `More ${name}`, text: '+' });
    const output = this.el('output', { id: field.key, 'aria-live': 'polite', 'aria-label': field.label });
    const stepper = this.el('span', { id: `${field.key}-stepper`, class: 'stepper', role: 'group', 'aria-label': field.label },
      down, output, up);
    const set = (n) => this.edit(field, this.clamp(field, n));
    down.addEventListener('click', () => set(this.current[field.key] - 1));
    up.addEventListener('click', () => set(this.current[field.key] + 1));
    // Arrow keys step from either button, like a spin button; Home/End go to the ends.
    const keys = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 };
    stepper.addEventListener('keydown', (e) => {
      const now = this.current[field.key];
      const next = e.key in keys ? now + keys[e.key] : e.key === 'Home' ? field.min : e.key === 'End' ? field.max : null;
      if (next === null) return;
      e.preventDefault();
      set(next);
    });
    this.views.set(field.key, {
      show: (value) => {
        output.value = String(value);
        const focused = this.doc.activeElement;
        down.disabled = value <= field.min;
        up.disabled = value >= field.max;
        // Focus on a button that just hit its end moves to the other one.
        if (focused === down && down.disabled) up.focus();
        if (focused === up && up.disabled) down.focus();
      },
    });
    return this.el('div', { class: 'row' }, this.el('span', { text: field.label }), stepper);
  }

  numberRow(field) {
    const places = decimals(field);
    const step = field.kind === 'integer' ? '1' : String(10 ** -places);
    const output = this.el('output', { id: `config-${field.key}-value` });
    const number = this.el('input', {
      id: `config-${field.key}`, type: 'number', step, 'aria-label': field.label, class: 'number',
    });
    const bounded = field.min !== null && field.max !== null;
    const slider = bounded
      ? this.el('input', { id: `config-${field.key}-slider`, type: 'range', min: String(field.min), max: String(field.max),
        step, 'aria-label': `${field.label} slider` })
      : null;
    const lower = field.min ?? field.exclusiveMin;
    if (lower !== null) number.min = String(lower);
    if (field.max !== null) number.max = String(field.max);
    const take = (input) => {
      const value = Number(input.value);
      const ok = input.value !== '' && this.edit(field, field.kind === 'integer' ? Math.round(value) : value);
      number.setAttribute('aria-invalid', String(!ok));
    };
    number.addEventListener('change', () => take(number));
    slider?.addEventListener('input', () => take(slider));
    this.views.set(field.key, {
      show: (value) => {
        if (typeof value !== 'number') return;
        if (this.doc.activeElement !== number) number.value = String(value);
        if (slider) slider.value = String(value);
        output.value = value.toFixed(places);
        number.setAttribute('aria-invalid', 'false');
      },
    });
    const line = this.el('span', { class: 'line' }, this.el('span', { text: field.label }), output);
    return this.el('div', { class: 'stack' }, line, ...(slider ? [slider] : []), number);
  }

  /**
   * A colour's inputs: a named-colour select (when the schema allows names), a picker and an
   * alpha input, ids from `id`. `onValue` gets `[r,g,b,a]` or a name; `show` takes either.
   */
  colourInputs(id, label, names, onValue) {
    const picker = this.el('input', { id, type: 'color', 'aria-label': `${label} colour` });
    const alpha = this.el('input', {
      id: `${id}-alpha`, type: 'number', min: '0', max: '1', step: '0.01', class: 'alpha', 'aria-label': `${label} alpha`,
    });
    const named = names.length
      ? this.el('select', { id: `${id}-name`, 'aria-label': `${label} named colour` },
        new Option('custom', ''), ...names.map((n) => new Option(n, n)))
      : null;
    const fromInputs = () => rgbaOf(picker.value, Math.min(1, Math.max(0, Number(alpha.value) || 0)));
    picker.addEventListener('input', () => onValue(fromInputs()));
    alpha.addEventListener('change', () => onValue(fromInputs()));
    named?.addEventListener('change', () => onValue(named.value || fromInputs()));
    const show = (value) => {
      const isName = typeof value === 'string';
      if (named) named.value = isName ? value : '';
      if (Array.isArray(value)) {
        picker.value = hexOf(value);
        alpha.value = String(value[3]);
      }
      picker.disabled = isName;
      alpha.disabled = isName;
    };
    return { node: this.el('span', { class: 'color-inputs' }, ...(named ? [named] : []), picker, alpha), show };
  }

  colorRow(field) {
    const inputs = this.colourInputs(`config-${field.key}`, field.label, field.names, (v) => this.edit(field, v));
    this.views.set(field.key, { show: inputs.show });
    return this.el('div', { class: 'row color' }, this.el('span', { text: field.label }), inputs.node);
  }

  /** A list of colours (the hero card's gradient): one colour row each, remove and add. */
  colorListRow(field) {
    const list = this.el('div', { class: 'color-list' });
    const add = this.el('button', { id: `config-${field.key}-add`, type: 'button', text: `Add ${field.label.toLowerCase()}` });
    let items = [];
    const value = () => this.current[field.key] ?? [];
    const replace = (index, colour) => this.edit(field, value().map((c, i) => (i === index ? colour : c)));
    const build = (count) => {
      items = Array.from({ length: count }, (_, index) => {
        const name = `${field.label} ${index + 1}`;
        const inputs = this.colourInputs(`config-${field.key}-${index}`, name, field.names, (c) => replace(index, c));
        const remove = this.el('button', { type: 'button', class: 'remove', 'aria-label': `Remove ${name.toLowerCase()}`, text: '×' });
        remove.disabled = count <= (field.minItems ?? 0);
        remove.addEventListener('click', () => this.edit(field, value().filter((_, i) => i !== index)));
        return { node: this.el('div', { class: 'row' }, this.el('span', { text: String(index + 1) }), inputs.node, remove), inputs };
      });
      list.replaceChildren(...items.map((item) => item.node));
    };
    add.addEventListener('click', () => this.edit(field, [...value(), value().at(-1) ?? [0, 0, 0, 1]]));
    this.views.set(field.key, {
      show: (colours) => {
        // Rebuilt only when the count changes, so a picker being dragged keeps its element.
        if (!Array.isArray(colours)) return;
        if (colours.length !== items.length) build(colours.length);
        colours.forEach((colour, index) => items[index].inputs.show(colour));
      },
    });
    return this.el('div', { class: 'stack' },
      this.el('span', { class: 'line' }, this.el('span', { text: field.label })), list, add);
  }

  enumRow(field) {
    const select = this.el('select', { id: `config-${field.key}` }, ...field.options.map((o) => new Option(String(o), String(o))));
    select.addEventListener('change', () => this.edit(field, field.options.find((o) => String(o) === select.value)));
    this.views.set(field.key, { show: (value) => { select.value = String(value); } });
    return this.el('label', { class: 'row' }, this.el('span', { text: field.label }), select);
  }

  /**
   * Text applies as it is typed, TEXT_DEBOUNCE_MS after the last key; an emptied field waits
   * for Enter or leaving it, so clearing a title to type another does not blank it meanwhile.
   */
  textRow(field) {
    const input = this.el('input', { id: `config-${field.key}`, type: 'text', autocomplete: 'off', spellcheck: false });
    let timer = 0;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      if (input.value !== '') timer = setTimeout(() => this.edit(field, input.value), TEXT_DEBOUNCE_MS);
    });
    input.addEventListener('change', () => {
      clearTimeout(timer);
      this.edit(field, input.value);
    });
    this.views.set(field.key, {
      show: (value) => { if (this.doc.activeElement !== input) input.value = value ?? ''; },
    });
    return this.el('label', { class: 'row' }, this.el('span', { text: field.label }), input);
  }

  switchRow(field) {
    const input = this.el('input', { id: `config-${field.key}`, type: 'checkbox', role: 'switch' });
    input.addEventListener('change', () => this.edit(field, input.checked));
    this.views.set(field.key, {
      show: (value) => { input.checked = Boolean(value); input.setAttribute('aria-checked', String(input.checked)); },
    });
    return this.el('label', { class: 'row switch' }, this.el('span', { text: field.label }), input);
  }

  jsonRow(field) {
    const area = this.el('textarea', {
      id: `config-${field.key}`, rows: 2, spellcheck: false, class: 'json', 'aria-describedby': `config-${field.key}-problem`,
    });
    // Why a value was not sent (two entries with one key, say), beside the text.
    const problem = this.el('span', { id: `config-${field.key}-problem`, class: 'problem', role: 'status' });
    const show = (text) => { problem.textContent = text; area.setAttribute('aria-invalid', String(text !== '')); };
    area.addEventListener('change', () => {
      let value;
      try { value = JSON.parse(area.value); } catch { return show('is not JSON'); }
      show(fieldProblem(field, value));
      if (problem.textContent === '') this.edit(field, value);
    });
    this.views.set(field.key, {
      show: (value) => { area.value = value === undefined ? '' : JSON.stringify(value); show(''); },
    });
    return this.el('label', { class: 'stack' },
      this.el('span', { class: 'line' }, this.el('span', { text: `${field.label} (JSON)` })), area, problem);
  }
}
