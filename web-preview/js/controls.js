// The side panel's controls. Markup lives in index.html; this file only binds it to
// intents (`actions`), so main.js decides what each intent sends.

export const VIEWPORTS = Object.freeze({
  'iPhone 15 (390 × 844)': [390, 844],
  'iPhone 15 Pro Max (430 × 932)': [430, 932],
  'iPhone SE (375 × 667)': [375, 667],
  'iPad mini (744 × 1133)': [744, 1133],
});

/** The curtain's fold count range (its seed's Stepper, 1...8). */
export const FOLDS = Object.freeze({ min: 1, max: 8 });

/** Controls every component has: viewport, join, environment, record/replay. */
export const COMMON_CONTROLS = Object.freeze([
  'viewport', 'join-id', 'reduce-motion', 'dynamic-type', 'record', 'refresh-recordings',
]);

/**
 * What the panel offers per component: the controls that mean something for it (each is
 * the id of the control; its row in index.html carries `data-control` with that id) and a
 * one-line hint in the seed's own words. The curtain has no progress to scrub (its drag is
 * the scrubber) and no spring to damp; only the curtain has folds and an effect to render
 * on the server.
 */
export const COMPONENT_PANELS = Object.freeze({
  'morph-container': Object.freeze({
    controls: Object.freeze(['scrub', 'damping', 'interpolation']),
    hint: 'Tap the card to expand or collapse it.',
  }),
  'hero-card': Object.freeze({
    controls: Object.freeze(['scrub']),
    hint: 'Tap the card to open it; the × closes it.',
  }),
  curtain: Object.freeze({
    controls: Object.freeze(['folds', 'server-tiles']),
    hint: 'Try swiping from the right!',
  }),
  probe: Object.freeze({
    controls: Object.freeze(['scrub']),
    hint: 'A diagnostic dot: tap to animate it, scrub to place it.',
  }),
});

/** Every control some component has and another lacks, in panel order. */
export const COMPONENT_CONTROLS = Object.freeze(['scrub', 'damping', 'interpolation', 'folds', 'server-tiles']);

/**
 * The ids of the controls the panel shows for `component`: the common ones, then its own.
 * A component this page does not know (a newer server) keeps every control, since hiding
 * one could hide the only way to drive it.
 */
export function visibleControls(component) {
  const own = COMPONENT_PANELS[component]?.controls ?? COMPONENT_CONTROLS;
  return [...COMMON_CONTROLS, ...COMPONENT_CONTROLS.filter((id) => own.includes(id))];
}

/** The one-line hint under the picker, '' for a component this page does not know. */
export function componentHint(component) {
  return COMPONENT_PANELS[component]?.hint ?? '';
}

const $ = (root, id) => root.querySelector(`#${id}`);

export class Controls {
  /**
   * @param root document (or a subtree holding the panel)
   * @param actions { openComponent(name), viewport(size), join(id), scrub(progress|null),
   *   set(key, value), environment(fields), record(action), refreshRecordings(), replay(name),
   *   loadFile(text, name), markEffects(on), offlineToggle(), offlineSeek(i) }
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.recording = false;
    this.scrubbing = false;
    this.bind();
  }

  el(id) { return $(this.root, id); }

  bind() {
    const a = this.actions;
    const component = this.el('component');
    component.addEventListener('change', () => {
      this.showComponent(component.value);
      a.openComponent(component.value);
    });

    const viewport = this.el('viewport');
    viewport.replaceChildren(...Object.keys(VIEWPORTS).map((name) => new Option(name, name)));
    viewport.addEventListener('change', () => a.viewport(VIEWPORTS[viewport.value]));

    this.el('message-dismiss').addEventListener('click', () => this.error(''));
    this.el('join-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const id = this.el('join-id').value.trim();
      if (id) a.join(id);
    });

    // Scrubbing holds the component at a progress; letting go hands control back. From the
    // keyboard, arrows hold it and leaving the slider (Tab, Escape) lets go, so the held
    // state can be looked at between key presses.
    const scrubber = this.el('scrub');
    const output = this.el('scrub-value');
    scrubber.addEventListener('input', () => {
      this.scrubbing = true;
      output.value = Number(scrubber.value).toFixed(2);
      a.scrub(Number(scrubber.value));
    });
    const release = () => {
      if (!this.scrubbing) return;
      this.scrubbing = false;
      output.value = 'live';
      a.scrub(null);
    };
    scrubber.addEventListener('pointerup', release);
    scrubber.addEventListener('pointercancel', release);
    scrubber.addEventListener('keydown', (e) => { if (e.key === 'Escape') release(); });
    scrubber.addEventListener('blur', release);

    const damping = this.el('damping');
    damping.addEventListener('input', () => {
      this.el('damping-value').value = Number(damping.value).toFixed(2);
      a.set('dampingFraction', Number(damping.value));
    });

    // On: the seed's progress-driven fades; off: SwiftUI's rule (schemas/morph-container.md).
    const interpolation = this.el('interpolation');
    interpolation.addEventListener('change', () => {
      a.set('interpolation', interpolation.checked ? 'progress' : 'swiftui');
    });

    const folds = this.el('folds');
    const setFolds = (n) => {
      const value = Math.max(FOLDS.min, Math.min(FOLDS.max, n));
      this.showFolds(value);
      a.set('folds', value);
    };
    /** One step up (+1) or down (-1), as the stepper's buttons (the mirror's slider keys). */
    this.stepFolds = (step) => {
      const current = Number(folds.value);
      if (Math.max(FOLDS.min, Math.min(FOLDS.max, current + step)) !== current) setFolds(current + step);
    };
    this.el('folds-down').addEventListener('click', () => setFolds(Number(folds.value) - 1));
    this.el('folds-up').addEventListener('click', () => setFolds(Number(folds.value) + 1));
    // Arrow keys step from either button, like a spin button; Home/End go to the ends.
    const stepKeys = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 };
    this.el('folds-stepper').addEventListener('keydown', (e) => {
      const current = Number(folds.value);
      const next = e.key in stepKeys ? current + stepKeys[e.key]
        : e.key === 'Home' ? FOLDS.min : e.key === 'End' ? FOLDS.max : null;
      if (next === null) return;
      e.preventDefault();
      if (Math.max(FOLDS.min, Math.min(FOLDS.max, next)) !== current) setFolds(next);
    });

    // A role="switch" checkbox states its aria-checked (ARIA requires it on a switch); it
    // follows `checked` on every change, and setSwitch keeps it when a message sets one.
    for (const toggle of this.root.querySelectorAll('input[role="switch"]')) {
      toggle.setAttribute('aria-checked', String(toggle.checked));
      toggle.addEventListener('change', () => toggle.setAttribute('aria-checked', String(toggle.checked)));
    }

    const reduceMotion = this.el('reduce-motion');
    reduceMotion.addEventListener('change', () => a.environment({ reduceMotion: reduceMotion.checked }));
    const dynamicType = this.el('dynamic-type');
    dynamicType.addEventListener('change', () => a.environment({ dynamicType: dynamicType.value }));

    this.el('record').addEventListener('click', () => a.record(this.recording ? 'stop' : 'start'));
    this.el('refresh-recordings').addEventListener('click', () => a.refreshRecordings());

    const serverTiles = this.el('server-tiles');
    serverTiles?.addEventListener('change', () => a.serverTiles?.(serverTiles.checked));

    const markEffects = this.el('mark-effects');
    markEffects.addEventListener('change', () => a.markEffects(markEffects.checked));

    const file = this.el('frames-file');
    file.addEventListener('change', async () => {
      const f = file.files?.[0];
      if (f) a.loadFile(await f.text(), f.name);
    });
    this.el('offline-play').addEventListener('click', () => a.offlineToggle());
    const timeline = this.el('offline-timeline');
    timeline.addEventListener('input', () => a.offlineSeek(Number(timeline.value)));
  }

  /** Current environment as the controls show it (ENV in protocol.md). */
  environment() {
    return {
      reduceMotion: this.el('reduce-motion').checked,
      dynamicType: this.el('dynamic-type').value,
      colorScheme: 'light',
    };
  }

  /**
   * Shows the rows of the controls that apply to `component`, hides the rest (the elements
   * stay, with their ids), and puts its hint under the picker.
   */
  showComponent(component) {
    const visible = new Set(visibleControls(component));
    for (const row of this.root.querySelectorAll('[data-control]')) {
      row.hidden = !visible.has(row.dataset.control);
    }
    const hint = this.el('component-hint');
    hint.textContent = componentHint(component);
    hint.hidden = !hint.textContent;
    const body = this.root.body ?? this.root.ownerDocument?.body;
    if (body) body.dataset.panel = component;
  }

  /** Shows a fold count; an end button is disabled, and focus it held moves to the other. */
  showFolds(value) {
    this.el('folds').value = String(value);
    const down = this.el('folds-down');
    const up = this.el('folds-up');
    const focused = down.ownerDocument.activeElement;
    down.disabled = value <= FOLDS.min;
    up.disabled = value >= FOLDS.max;
    if (focused === down && down.disabled) up.focus();
    if (focused === up && up.disabled) down.focus();
  }

  /** Sets a switch and its aria-checked together. */
  setSwitch(id, on) {
    const toggle = this.el(id);
    toggle.checked = Boolean(on);
    toggle.setAttribute('aria-checked', String(toggle.checked));
  }

  viewportSize() { return VIEWPORTS[this.el('viewport').value]; }
  component() { return this.el('component').value; }

  setComponents(names) {
    const select = this.el('component');
    const current = select.value;
    select.replaceChildren(...names.map((n) => new Option(n, n)));
    if (names.includes(current)) select.value = current;
    this.showComponent(select.value);
  }

  showSession(session) {
    this.el('session-id').textContent = session.session;
    if (session.component) {
      this.el('component').value = session.component;
      this.showComponent(session.component);
    }
    const env = session.environment ?? {};
    if (env.reduceMotion !== undefined) this.setSwitch('reduce-motion', env.reduceMotion);
    if (env.dynamicType) this.el('dynamic-type').value = env.dynamicType;
    const config = session.configuration ?? {};
    if (typeof config.folds === 'number') this.showFolds(config.folds);
    if (typeof config.dampingFraction === 'number') {
      this.el('damping').value = String(config.dampingFraction);
      this.el('damping-value').value = config.dampingFraction.toFixed(2);
    }
    if (typeof config.interpolation === 'string') {
      this.setSwitch('interpolation', config.interpolation === 'progress');
    }
  }

  setRecording(state, name) {
    this.recording = state === 'started';
    const button = this.el('record');
    button.textContent = this.recording ? 'Stop recording' : 'Record';
    button.setAttribute('aria-pressed', String(this.recording));
    this.el('record-status').textContent = this.recording ? `● ${name}` : (name ? `saved ${name}` : '');
  }

  setRecordings(items) {
    const list = this.el('recordings');
    const doc = list.ownerDocument;
    if (!items.length) {
      const empty = doc.createElement('li');
      empty.className = 'empty';
      empty.textContent = 'No recordings yet';
      list.replaceChildren(empty);
      return;
    }
    list.replaceChildren(...items.map((item) => {
      const li = doc.createElement('li');
      const name = doc.createElement('span');
      name.className = 'rec-name';
      name.textContent = item.name;
      name.title = `${item.component}, ${item.bytes} bytes`;
      const meta = doc.createElement('span');
      meta.className = 'rec-meta';
      meta.textContent = `${item.component} · ${formatBytes(item.bytes)}`;
      const play = doc.createElement('button');
      play.type = 'button';
      play.textContent = 'Replay';
      play.addEventListener('click', () => this.actions.replay(item.name));
      li.append(name, meta, play);
      return li;
    }));
  }

  setConnection(state, detail = '') {
    const pill = this.el('connection');
    pill.dataset.state = state;
    pill.textContent = detail ? `${state} · ${detail}` : state;
  }

  setOffline(count) {
    this.root.body?.classList.add('offline');
    const timeline = this.el('offline-timeline');
    timeline.max = String(Math.max(0, count - 1));
    timeline.disabled = count < 2;
    this.el('offline-count').textContent = `${count} frame${count === 1 ? '' : 's'}`;
  }

  setOfflineIndex(index, playing) {
    this.el('offline-timeline').value = String(index);
    this.el('offline-index').value = String(index);
    this.el('offline-play').textContent = playing ? 'Pause' : 'Play';
  }

  /** Shows `text` in the error banner until dismissed or replaced; '' hides it. */
  error(text) {
    const el = this.el('message');
    this.el('message-text').textContent = text;
    el.hidden = !text;
  }
}

export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
