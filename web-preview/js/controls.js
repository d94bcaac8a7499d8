// The side panel's controls. Markup lives in index.html; this file only binds it to
// intents (`actions`), so main.js decides what each intent sends.

import { customViewport, rotated } from './zoom.js';

export const VIEWPORTS = Object.freeze({
  'iPhone 15 (390 × 844)': [390, 844],
  'iPhone 15 Pro Max (430 × 932)': [430, 932],
  'iPhone SE (375 × 667)': [375, 667],
  'iPad mini (744 × 1133)': [744, 1133],
});

/** Controls every component has: viewport, join, environment, record/replay. */
export const COMMON_CONTROLS = Object.freeze([
  'viewport', 'custom-size', 'zoom', 'join-id', 'reduce-motion', 'dynamic-type', 'color-scheme', 'variants-link', 'record',
  'refresh-recordings',
]);

/**
 * The controls some component has and another lacks, in panel order: each is the id of the
 * control, and its row in index.html carries `data-control` with that id. Which a component
 * has, and its one-line hint, come from the server: `welcome`'s `panels` (protocol.md,
 * Panels), derived from the component's file, so this page names no component.
 */
export const COMPONENT_CONTROLS = Object.freeze(['scrub', 'server-tiles']);

/**
 * The ids of the controls the panel shows for a component whose panel is `panel` (`{controls,
 * hint}` from the server): the common ones, then its own. Without a panel (a server that sends
 * none, or a component it knows none for) every control stays, since hiding one could hide
 * the only way to drive it.
 */
export function visibleControls(panel) {
  const own = Array.isArray(panel?.controls) ? panel.controls : COMPONENT_CONTROLS;
  return [...COMMON_CONTROLS, ...COMPONENT_CONTROLS.filter((id) => own.includes(id))];
}

/** The one-line hint under the picker, '' when the panel has none. */
export function componentHint(panel) {
  return typeof panel?.hint === 'string' ? panel.hint : '';
}

const $ = (root, id) => root.querySelector(`#${id}`);

export class Controls {
  /**
   * @param root document (or a subtree holding the panel)
   * @param actions { openComponent(name), viewport(size), join(id), scrub(progress|null),
   *   environment(fields), record(action), refreshRecordings(), replay(name),
   *   replayFile(text, name), timeline(action, frame), resetConfiguration(),
   *   exportConfiguration(), copyLink(), loadFile(text, name), markEffects(on), deviceFrame(on),
   *   offlineToggle(), offlineSeek(i) }
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.recording = false;
    this.scrubbing = false;
    // Panels by component name, from `welcome`; null until it came (nothing to fit yet).
    this.panels = null;
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
    // Landscape is the viewport turned; a typed size is one more custom entry.
    const choose = (size) => {
      this.setViewportSize(size);
      a.viewport(size);
    };
    this.el('rotate').addEventListener('click', () => choose(rotated(this.viewportSize())));
    this.el('custom-size').addEventListener('submit', (event) => {
      event.preventDefault();
      const size = customViewport(this.el('custom-width').value, this.el('custom-height').value);
      if (typeof size === 'string') this.error(`Custom size: ${size}`);
      else choose(size);
    });
    const zoom = this.el('zoom');
    zoom.addEventListener('change', () => a.zoom?.(zoom.value));

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
    const colorScheme = this.el('color-scheme');
    colorScheme.addEventListener('change', () => a.environment({ colorScheme: colorScheme.value }));

    this.el('record').addEventListener('click', () => a.record(this.recording ? 'stop' : 'start'));
    this.el('refresh-recordings').addEventListener('click', () => a.refreshRecordings());
    this.el('config-reset').addEventListener('click', () => a.resetConfiguration());
    this.el('config-export').addEventListener('click', () => a.exportConfiguration());
    this.el('copy-link').addEventListener('click', () => a.copyLink());
    this.bindReplayDrop();
    this.bindTimeline();

    const serverTiles = this.el('server-tiles');
    serverTiles?.addEventListener('change', () => a.serverTiles?.(serverTiles.checked));

    const markEffects = this.el('mark-effects');
    markEffects.addEventListener('change', () => a.markEffects(markEffects.checked));
    const deviceFrame = this.el('device-frame-toggle');
    deviceFrame?.addEventListener('change', () => a.deviceFrame?.(deviceFrame.checked));

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
      colorScheme: this.el('color-scheme').value,
    };
  }

  /**
   * Shows the rows of the controls that apply to `component`, hides the rest (the elements
   * stay, with their ids), and puts its hint under the picker. Before `welcome` the page knows
   * no panel, so the markup's rows stay as they are until it comes.
   */
  showComponent(component) {
    if (this.panels === null) return;
    const panel = Object.hasOwn(this.panels, component) ? this.panels[component] : undefined;
    const visible = new Set(visibleControls(panel));
    for (const row of this.root.querySelectorAll('[data-control]')) {
      row.hidden = !visible.has(row.dataset.control);
    }
    const hint = this.el('component-hint');
    hint.textContent = componentHint(panel);
    hint.hidden = !hint.textContent;
    const body = this.root.body ?? this.root.ownerDocument?.body;
    if (body) body.dataset.panel = component;
  }

  /** A component's panel changed (its file loaded again); refits the panel if it is shown. */
  setPanel(component, panel) {
    this.panels = { ...this.panels, [component]: panel };
    if (this.component() === component) this.showComponent(component);
  }

  /** Sets a switch and its aria-checked together. */
  setSwitch(id, on) {
    const toggle = this.el(id);
    toggle.checked = Boolean(on);
    toggle.setAttribute('aria-checked', String(toggle.checked));
  }

  /** The zoom menu's value (zoom.js ZOOMS). */
  zoom() { return this.el('zoom').value; }

  viewportSize() {
    const select = this.el('viewport');
    return VIEWPORTS[select.value] ?? select.value.split('×').map(Number);
  }

  /** Selects the viewport `[w, h]`, adding a custom entry when no preset has that size. */
  setViewportSize(size) {
    const select = this.el('viewport');
    const preset = Object.keys(VIEWPORTS).find((name) => VIEWPORTS[name][0] === size[0] && VIEWPORTS[name][1] === size[1]);
    if (preset) { select.value = preset; return; }
    const value = `${size[0]}×${size[1]}`;
    if (![...select.options].some((o) => o.value === value)) select.append(new Option(`Custom (${size[0]} × ${size[1]})`, value));
    select.value = value;
  }

  /** A line under the options panel (export, reset, a link copied). */
  status(id, text) { this.el(id).textContent = text; }

  /**
   * "Reloaded — defaults changed" with each changed field (none hides it): its old and new
   * default, and whether the new one applied or the person's value was kept.
   */
  showDefaultChanges(changes) {
    const box = this.el('config-defaults');
    box.hidden = changes.length === 0;
    box.replaceChildren();
    if (!changes.length) return;
    const doc = this.root.ownerDocument ?? this.root;
    const text = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
    const items = changes.map((c) => {
      const item = doc.createElement('li');
      item.textContent = `${c.label}: ${text(c.from)} → ${text(c.to)}, `
        + (c.applied ? 'applied' : `kept your ${text(c.kept)}`);
      return item;
    });
    const title = doc.createElement('strong');
    title.textContent = 'Reloaded — defaults changed';
    const list = doc.createElement('ul');
    list.append(...items);
    box.append(title, list);
  }

  /**
   * The file input that sends a recording to the server for replay, and drops anywhere on
   * the page: a recording (its first line a `morph.recording` header) goes to the server,
   * any other file is played offline as display lists (as "Load frames").
   */
  bindReplayDrop() {
    const zone = this.el('replay-drop');
    const input = this.el('replay-file');
    const page = this.root.documentElement ?? this.root;
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      if (file) this.actions.replayFile(await file.text(), file.name);
    });
    page.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('dragging'); });
    page.addEventListener('dragleave', (e) => { if (!e.relatedTarget) zone.classList.remove('dragging'); });
    page.addEventListener('drop', async (e) => {
      e.preventDefault(); // the browser would otherwise leave the page to show the file
      zone.classList.remove('dragging');
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      const text = await file.text();
      if (isRecording(text)) this.actions.replayFile(text, file.name);
      else this.actions.loadFile(text, file.name);
    });
  }

  /** Play/pause, one frame back or forward, and the scrubber of a server-side replay. */
  bindTimeline() {
    const a = this.actions;
    const scrub = this.el('timeline-scrub');
    this.el('timeline-play').addEventListener('click', () => a.timeline(this.timelinePlaying ? 'pause' : 'play'));
    this.el('timeline-back').addEventListener('click', () => a.timeline('seek', Number(scrub.value) - 1));
    this.el('timeline-forward').addEventListener('click', () => a.timeline('seek', Number(scrub.value) + 1));
    // Past the still stretch to the next frame an input lands on (else the last frame).
    this.el('timeline-next-event').addEventListener('click', () => {
      a.timeline('seek', nextEventFrame(this.timelineEvents, Number(scrub.value), Number(scrub.max)));
    });
    scrub.addEventListener('input', () => a.timeline('seek', Number(scrub.value)));
  }

  /** Shows the timeline for a replay of `frames` frames (null hides it). */
  showTimeline(timeline) {
    const box = this.el('timeline');
    box.hidden = !timeline;
    if (!timeline) return;
    this.el('timeline-scrub').max = String(Math.max(0, timeline.frames - 1));
    this.timelineEvents = timeline.events ?? [];
    this.showEventMarkers(eventMarkers(this.timelineEvents, timeline.frames, timeline.fps));
    this.setTimelineFrame(timeline.frame ?? 0, timeline.playing ?? false, timeline.frames);
  }

  /**
   * A tick under the scrubber at each run of input frames, titled with its frames and times;
   * a click seeks to the run's first frame. Placed through a custom property the stylesheet
   * turns into a position along the slider's track.
   */
  showEventMarkers(markers) {
    const strip = this.el('timeline-markers');
    strip.replaceChildren(...markers.map((marker) => {
      const tick = (this.root.ownerDocument ?? this.root).createElement('button');
      tick.type = 'button';
      tick.className = 'event-marker';
      tick.title = marker.title;
      tick.setAttribute('aria-label', marker.title);
      tick.dataset.frame = String(marker.frame);
      tick.style.setProperty('--at', String(marker.at));
      tick.addEventListener('click', () => this.actions.timeline('seek', Number(tick.dataset.frame)));
      return tick;
    }));
    strip.hidden = markers.length === 0;
  }

  setTimelineFrame(frame, playing, frames) {
    this.timelinePlaying = playing;
    const scrub = this.el('timeline-scrub');
    scrub.value = String(frame);
    const total = frames ?? Number(scrub.max) + 1;
    this.el('timeline-frame').value = `${frame + 1} / ${total}`;
    this.el('timeline-play').textContent = playing ? 'Pause' : 'Play';
    this.el('timeline-back').disabled = frame <= 0;
    this.el('timeline-forward').disabled = frame >= total - 1;
    this.el('timeline-next-event').disabled = frame >= total - 1;
  }
  component() { return this.el('component').value; }

  /** The picker's components (`welcome`) and their panels by name (none: every control, no hint). */
  setComponents(names, panels = {}) {
    const select = this.el('component');
    const current = select.value;
    select.replaceChildren(...names.map((n) => new Option(n, n)));
    if (names.includes(current)) select.value = current;
    this.panels = { ...panels };
    this.showComponent(select.value);
  }

  showSession(session) {
    this.el('session-id').textContent = session.session;
    if (session.component) {
      this.el('component').value = session.component;
      this.showComponent(session.component);
    }
    this.setEnvironment(session.environment ?? {});
  }

  /** Shows an environment's fields in the panel (those it has; the rest stay). */
  setEnvironment(env) {
    if (env.reduceMotion !== undefined) this.setSwitch('reduce-motion', env.reduceMotion);
    if (env.dynamicType) this.el('dynamic-type').value = env.dynamicType;
    if (env.colorScheme) this.el('color-scheme').value = env.colorScheme;
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
      // morphd serves the record directory's *.jsonl at /recordings/ (same origin).
      const download = doc.createElement('a');
      download.href = `recordings/${encodeURIComponent(item.name)}`;
      download.download = item.name;
      download.textContent = 'Download';
      download.setAttribute('aria-label', `Download ${item.name}`);
      const actions = doc.createElement('span');
      actions.className = 'rec-actions';
      actions.append(download, play);
      li.append(name, meta, actions);
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

/**
 * The frame "Next event" goes to from `frame`: the first of `events` (frames that apply an
 * input, ascending) after it, else `last`.
 */
export function nextEventFrame(events, frame, last) {
  return (events ?? []).find((f) => f > frame && f <= last) ?? last;
}

/** True when `text` starts with a `morph.recording` header line (recording.md). */
export function isRecording(text) {
  const first = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  try { return JSON.parse(first)?.format === 'morph.recording'; } catch { return false; }
}

export function formatBytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The timeline's event markers: one per run of input frames (a drag's moves land on
 * consecutive frames and make one marker, not one each), at the run's first frame, `at` its
 * place along the scrubber (0…1), and a title in the timeline's 1-based frame numbers with the
 * times they play at. Frames outside the replay are left out.
 */
export function eventMarkers(events, frames, fps) {
  const last = Math.max(0, (frames ?? 0) - 1);
  const inside = [...new Set((events ?? []).filter((f) => Number.isInteger(f) && f >= 0 && f <= last))]
    .sort((a, b) => a - b);
  const runs = [];
  for (const frame of inside) {
    const run = runs.at(-1);
    if (run && frame === run.last + 1) run.last = frame;
    else runs.push({ frame, last: frame });
  }
  const seconds = (frame) => (fps > 0 ? `${(frame / fps).toFixed(2)} s` : '');
  return runs.map(({ frame, last: end }) => ({
    frame,
    last: end,
    at: last > 0 ? frame / last : 0,
    title: end === frame
      ? `Input at frame ${frame + 1}${fps > 0 ? ` (${seconds(frame)})` : ''}`
      : `Inputs on frames ${frame + 1}–${end + 1}${fps > 0 ? ` (${seconds(frame)} – ${seconds(end)})` : ''}`,
  }));
}
