// The options panel generated from a component's configuration schema (config-schema.js):
// one labelled control per field, drawn into a container the markup leaves empty. Edits
// go out through `onChange(key, value)` (main.js sends them as `set` events); values that
// arrive (a `session` message, a link, Reset) come in through `setValues`.

import {
  cssColour, defaultChanges, defaultsOf, fieldProblem, followsNewDefault, hexOf, resolvedColour, rgbaOf, springForm,
  springInForm,
} from './config-schema.js';

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
    // Keys the person changed here, or that arrived (a session, a link) off their default: a
    // reloaded file's new default does not replace these.
    this.edited = new Set();
    // System colour names as the server resolves them (`welcome`), and the session's scheme:
    // what a named colour's swatch and alpha show.
    this.systemColors = {};
    this.scheme = 'light';
    // Each spring field's value in every form, as the server last sent it (`springs`).
    this.springs = {};
  }

  /** The session's spring fields in both forms (the server's `springs` message). */
  setSprings(springs) {
    this.springs = springs ?? {};
    this.redraw();
  }

  /** The server's resolved system colours (`welcome`'s `systemColors`). */
  setSystemColors(colours) {
    this.systemColors = colours ?? {};
    this.redraw();
  }

  /** The session's colour scheme: named colours show as they draw in it. */
  setScheme(scheme) {
    if (scheme === this.scheme) return;
    this.scheme = scheme;
    this.redraw();
  }

  /** Every row shown again from the current values (a named colour's resolution changed). */
  redraw() {
    for (const field of this.fields) this.views.get(field.key)?.show(this.current[field.key]);
  }

  /** Draws the fields of one component with `values` over the defaults. */
  show(fields, values = {}) {
    const defaults = defaultsOf(fields);
    this.edited = new Set(Object.keys(values).filter((key) => key in defaults
      && JSON.stringify(values[key]) !== JSON.stringify(defaults[key])));
    this.drawFields(fields, values);
  }

  /**
   * The same component's fields from its reloaded file: values kept, and each changed default
   * applied (shown and sent) where the field still shows the old default and was not edited.
   * Returns the changes, each with `applied` and the value `kept` otherwise.
   */
  reload(fields) {
    const values = this.values();
    const changes = defaultChanges(this.fields, fields);
    this.drawFields(fields, values);
    return changes.map((change) => {
      const applied = followsNewDefault(change, values[change.key], this.edited)
        && this.edit(this.field(change.key), change.to, { edited: false });
      return { ...change, applied, kept: applied ? undefined : values[change.key] };
    });
  }

  drawFields(fields, values) {
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
      this.edited.delete(field.key);
      if (JSON.stringify(this.current[field.key]) === JSON.stringify(field.default)) continue;
      this.edit(field, field.default, { edited: false });
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

  /**
   * A value chosen: shown, remembered and sent, unless the schema refuses it. The person's
   * choices mark the field edited; Reset and a reload's new default do not.
   */
  edit(field, value, { edited = true } = {}) {
    if (fieldProblem(field, value)) return false;
    if (edited) this.edited.add(field.key);
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
      : ({ number: this.numberRow, integer: this.numberRow, spring: this.springRow, color: this.colorRow, colors: this.colorListRow,
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
    // The colour as drawn, alpha over a checkerboard: a name's from the server, in the scheme.
    const swatch = this.el('span', { id: `${id}-swatch`, class: 'swatch', role: 'img' });
    const fromInputs = () => rgbaOf(picker.value, Math.min(1, Math.max(0, Number(alpha.value) || 0)));
    picker.addEventListener('input', () => onValue(fromInputs()));
    alpha.addEventListener('change', () => onValue(fromInputs()));
    named?.addEventListener('change', () => onValue(named.value || fromInputs()));
    const show = (value) => {
      const isName = typeof value === 'string';
      if (named) named.value = isName ? value : '';
      const rgba = resolvedColour(value, this.systemColors, this.scheme);
      if (rgba) {
        picker.value = hexOf(rgba);
        alpha.value = String(rgba[3]);
      }
      picker.disabled = isName;
      alpha.disabled = isName;
      swatch.style.setProperty('--swatch', rgba ? cssColour(rgba) : 'transparent');
      const said = rgba ? `${hexOf(rgba)} at ${Math.round(rgba[3] * 100)} % alpha` : 'no value from the server';
      swatch.setAttribute('aria-label', `${label}: ${isName ? `${value} in ${this.scheme}, ` : ''}${said}`);
      swatch.title = swatch.getAttribute('aria-label');
    };
    return { node: this.el('span', { class: 'color-inputs' }, ...(named ? [named] : []), swatch, picker, alpha), show };
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

  /**
   * A spring edited as a whole: the form (SwiftUI's two) and its two numbers. Switching form
   * sends the same spring in the other form, as the server converted it (`springs`); until the
   * server has sent the value shown, the form menu waits (disabled).
   */
  springRow(field) {
    const form = this.el('select', { id: `config-${field.key}-form`, 'aria-label': `${field.label} form` },
      ...field.forms.map((f, index) => new Option(f.title, String(index))));
    const inputs = [0, 1].map((part) => this.el('input', {
      id: `config-${field.key}-${part}`, type: 'number', step: '0.01', class: 'number spring-part',
    }));
    const labels = inputs.map((input) => this.el('label', { for: input.id }));
    const value = () => this.current[field.key];
    const take = () => {
      const chosen = field.forms[Number(form.value)];
      const next = Object.fromEntries(chosen.keys.map((key, part) => [key, Number(inputs[part].value)]));
      const ok = inputs.every((input) => input.value !== '') && this.edit(field, next);
      for (const input of inputs) input.setAttribute('aria-invalid', String(!ok));
    };
    for (const input of inputs) input.addEventListener('change', take);
    form.addEventListener('change', () => {
      const converted = springInForm(field, value(), this.springs[field.key], Number(form.value));
      if (converted) this.edit(field, converted);
      else this.views.get(field.key).show(value());
    });
    this.views.set(field.key, {
      show: (spring) => {
        const index = springForm(field, spring);
        if (index < 0) return;
        const chosen = field.forms[index];
        form.value = String(index);
        chosen.keys.forEach((key, part) => {
          labels[part].textContent = chosen.labels[part];
          const { min, max } = chosen.bounds[part];
          inputs[part].min = min === null ? '' : String(min);
          inputs[part].max = max === null ? '' : String(max);
          if (this.doc.activeElement !== inputs[part]) inputs[part].value = String(spring[key]);
          inputs[part].setAttribute('aria-invalid', 'false');
        });
        // The other form is known only once the server has sent this very spring.
        form.disabled = !field.forms.every((_, other) => springInForm(field, spring, this.springs[field.key], other));
      },
    });
    const parts = [0, 1].map((part) => this.el('span', { class: 'spring-part-row' }, labels[part], inputs[part]));
    return this.el('div', { class: 'stack spring', role: 'group', 'aria-label': field.label },
      this.el('span', { class: 'line' }, this.el('span', { text: field.label }), form), ...parts);
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
