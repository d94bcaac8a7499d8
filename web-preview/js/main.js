// Wiring: socket <-> protocol <-> display, input, a11y mirror, controls, HUD.
//
// Live mode (default): connect to morphd on this host, hello, then join the session in
// `?session=` or open the component in `?component=` (or the picker's) under a fresh id the
// page proposes. Every connection carries its session's id (`ws://host/?session=ID`) so a
// router can place it (deploy/): opening, joining or replaying another session connects
// anew under that id, and a dropped connection (1006: the server died) means the session is
// gone, so the page says so and opens a fresh one. Offline mode
// (`?frames=URL`, or a file loaded in the panel): play display lists from JSON/JSONL
// with no server; `?index=N` holds frame N (browser tests), `?autoplay=0` waits.
// `?ws=ws://host:port/` points live mode at a server: the page's own origin at once, any
// other only after the person confirms (it would get their inputs), and the CSP
// (connect-src 'self') still refuses it unless the page is served with a wider policy.
// `?config=JSON&viewport=WxH` open the session with that configuration and viewport (what
// "Copy link" writes, with `session` to join; a link whose session is gone opens a new one).
// `?debug=1` exposes the page's state as data-* attributes for browser tests (debug.js).
// `?tileWorker=0` decodes server tiles on the main thread, as where no worker can (to compare).

import * as protocol from './protocol.js';
import { Socket, closeWhenPageHides, liveServerURL, newSessionID, withSession } from './socket.js';
import { FrameDeltas } from './frames.js';
import { Display } from './display.js';
import { DeviceFrame } from './device-frame.js';
import { activationEvents, attachPointerInput } from './input.js';
import { Hud } from './hud.js';
import { AccessibilityMirror } from './a11y.js';
import { Controls } from './controls.js';
import { ConfigPanel } from './config-panel.js';
import { configurationDocument, fieldsFromSchema, setValue } from './config-schema.js';
import { MAX_MESSAGE_BYTES, linkFor, readLink } from './link.js';
import { parseFrames, Player } from './replay.js';
import { loadInter } from './fonts.js';
import { TileLayer, rasterApplies, tileScale } from './tiles.js';
import { createDebug } from './debug.js';
import { variantsLink } from './variant-grid.js';
import { InspectorPanel } from './inspector-panel.js';
import { stageScale } from './zoom.js';

const params = new URLSearchParams(location.search);
const body = document.body;
const canvas = document.getElementById('canvas');
const a11yRoot = document.getElementById('a11y');
const placeholder = document.getElementById('placeholder');
const debug = createDebug(location.search);
const mark = (key, value) => debug.mark(body, key, value);
const link = readLink(params);

const app = {
  socket: null,
  deltaFrames: 0, // frames that came as deltas (marked for the browser tests)
  lastAcked: 0, // the last frame seq acknowledged in this session (frame-ack)
  resyncs: 0, // deltas whose base was not held
  session: null, // last `session` message
  // The session this connection is for, and what to do with it after `welcome`:
  // { id, action: 'join' } or { id, action: 'open', component } or { id, action: 'replay', name }.
  target: null,
  player: null,
  pingId: 0,
  pingTimer: 0,
  fontsSettled: false,
  tiles: false, // server tiles asked for (the checkbox)
  loweredDrawn: 0, // frames drawn from a set below the scale asked for
  schemas: new Map(), // component -> Promise of its configuration fields ([] without a schema)
  timeline: null, // {frames, fps, playing} while the session is a replayed recording
};
const frameDeltas = new FrameDeltas(); // the last full list, for frame deltas
const frameSeq = new WeakMap(); // display list -> its frame's seq, for choosing tiles or WebGL
const frameState = new WeakMap(); // display list -> its frame's machine state, for the inspector
const recentEffects = new Map(); // seq -> curtain effect of that frame (last 240 frames)
const effectIn = (list) => list.ops?.find((op) => op.op === 'push' && op.effect)?.effect ?? null;

const hud = new Hud(document.querySelector('.hud'));
// The device's status bar and home indicator over the canvas: from the viewport preset,
// never part of the display list.
const deviceFrame = new DeviceFrame(document.getElementById('device-frame'));
const display = new Display(canvas, {
  markEffects: true,
  reference: params.get('renderer') === 'reference', // the simple renderer, to compare fps
  // A slow page's frame waits (up to 50 ms) for a tile set on its way, and is drawn with it.
  hold: () => app.tiles && tileLayer.assembling,
  debug: (key, value) => debug.mark(canvas, key, value), // what folded the curtain, and its cost
  // Server tiles replace the curtain group while fresh; otherwise the page folds it (WebGL).
  effectRaster(op, list) {
    const current = tileLayer.current;
    if (!app.tiles || !rasterApplies(current, frameSeq.get(list), op, tileLayer.maxLag())) return undefined;
    mark('tilesDrawnSeq', String(current.seq));
    // A lowered set (the server's fallback while moving) is drawn into the same bounds, scaled up.
    if (current.scale < current.fullScale) mark('tilesLoweredDrawn', String((app.loweredDrawn += 1)));
    return { image: current.image, bounds: current.bounds, seq: current.seq };
  },
  onDraw(list, stats) {
    a11yRoot.style.width = `${list.size[0]}px`;
    a11yRoot.style.height = `${list.size[1]}px`;
    // The status bar's ink is read from the canvas only when it was drawn (not a reused picture).
    deviceFrame.update(list.size, display.dpr, stats ? canvas : null);
    mark('deviceFrame', deviceFrame.shown);
    mirror.update(list.accessibility);
    hud.drawn(display.skipped);
    placeholder.hidden = true;
    mark('framesDrawn', String(display.drawn));
    // Drawn: the server may send the next frame (the socket was opened with acks=1).
    const seq = frameSeq.get(list);
    if (seq !== undefined && seq > app.lastAcked) {
      app.lastAcked = seq;
      send(protocol.frameAck(seq));
    }
    mark('fontsSettled', String(app.fontsSettled)); // this frame used the final faces
    mark('component', list.component);
    inspector.update(list, frameState.get(list));
    // The stage's layout is read only when the drawn size changed (a resize reads it too).
    if (list.size[0] !== zoomedViewport[0] || list.size[1] !== zoomedViewport[1]) applyZoom();
  },
});
const inspector = new InspectorPanel(document, { debug: (key, value) => mark(key, value) });
/**
 * The worker that decodes and assembles tile sets off the main thread, or null where the
 * browser has no module workers or OffscreenCanvas (the page then does both itself).
 */
function tileWorker() {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined' || params.get('tileWorker') === '0') return null;
  try {
    return new Worker(new URL('./tile-worker.js', import.meta.url), { type: 'module' });
  } catch (error) {
    console.warn(`tiles: no decoding worker (${error.message}); decoding on the page`);
    return null;
  }
}
const tileLayer = new TileLayer({
  worker: tileWorker(),
  effectOf: (seq) => recentEffects.get(seq) ?? null,
  onAck(seq) { if (app.tiles) send(protocol.tilesAck(seq)); },
  onSwap(current, done) {
    hud.tilesArrived(done);
    mark('tilesSeq', String(done.seq));
    mark('tilesServerTime', String(done.serverTime)); // the set's frame build time: tile latency
    // The latency the HUD shows for this set, before its clamp at 0 (a negative one is a bug).
    mark('tilesLatencyMs', hud.tileLatencyMs?.toFixed(1));
    mark('tilesLayer', current ? 'on' : 'off');
    mark('tilesDecoded', tileLayer.decoded.join(',')); // PNG, JPEG, WebP tiles decoded so far
    mark('tilesDecodedIn', tileLayer.decodedIn); // 'worker', or 'page' without one
    mark('tilesFailed', String(tileLayer.failed));
    mark('tilesScale', current ? `${current.scale}/${current.fullScale}` : ''); // shown / asked for
    mark('tilesLowered', String(tileLayer.lowered)); // lowered sets swapped in so far
    display.redraw();
  },
});

function sendTiles() {
  tileLayer.reset();
  send(protocol.tiles(app.tiles, tileScale(devicePixelRatio), true));
}

// The options panel, generated from the component's configuration schema; every edit is a
// `set` event, so it applies live and lands in recordings.
const configPanel = new ConfigPanel(document.getElementById('config-fields'), (key, value) => {
  sendEvent(protocol.set(key, setValue(value)));
  mark('configuration', JSON.stringify(configPanel.values()));
});

// An adjustable element `<key>.<part>` (the curtain's `folds.stepper`) adjusts configuration
// key `<key>`: its range comes from the schema and its arrow keys step the panel's field.
const fieldOf = (id) => String(id).split('.')[0];
const mirror = new AccessibilityMirror(a11yRoot, (point) => {
  for (const event of activationEvents(point)) sendEvent(event);
}, {
  ranges: new Proxy({}, { get: (_, id) => configPanel.range(fieldOf(id)) ?? undefined }),
  adjust: (id, step) => configPanel.step(fieldOf(id), step),
});

/** The configuration fields of `component`, from `/schemas/<component>.schema.json`. */
function schemaFields(component) {
  if (!app.schemas.has(component)) {
    app.schemas.set(component, fetch(new URL(`schemas/${component}.schema.json`, document.baseURI))
      .then((response) => (response.ok ? response.json() : null))
      .then((schema) => (schema ? fieldsFromSchema(schema) : []))
      .catch(() => []));
  }
  return app.schemas.get(component);
}

/** Draws the panel for `component` with `values` (the session's configuration). */
async function showConfiguration(component, values) {
  const fields = await schemaFields(component);
  if (controls.component() !== component) return; // the picker moved on meanwhile
  configPanel.show(fields, values);
  controls.showDefaultChanges([]);
  controls.status('config-status', fields.length ? '' : `No configuration schema for ${component}.`);
  mark('configFields', String(fields.length));
  mark('configuration', JSON.stringify(configPanel.values()));
}

/**
 * The shown component's file loaded again: its fields read afresh, values kept, and each
 * changed default applied where the person had not edited the field; the panel says which.
 */
async function reloadConfiguration(component) {
  const fields = await schemaFields(component);
  if (controls.component() !== component) return;
  const changes = configPanel.reload(fields);
  controls.showDefaultChanges(changes);
  mark('configFields', String(fields.length));
  mark('configuration', JSON.stringify(configPanel.values()));
  mark('defaultsChanged', changes.map((c) => `${c.key}:${c.applied ? 'applied' : 'kept'}`).join(','));
}

function downloadText(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function send(message) {
  return app.socket?.send(message) ?? false;
}

function sendEvent(event) {
  // The last event is kept for the browser tests (and for a curious person).
  mark('lastEvent', JSON.stringify(event));
  // A page that joined someone's session sends only what its opener lets joiners send.
  if (!app.session || !protocol.mayDrive(app.session.access, event)) return false;
  return send(protocol.input(event));
}

/** Connects (again) for `target`; `welcome` then carries out its action. */
function goTo(target) {
  app.target = target;
  app.session = null;
  mark('target', target.id);
  if (app.socket) app.socket.reconnect();
}

/**
 * The link to this view: the session, its component, the panel's configuration, the viewport
 * and the environment; `known` gives what a `session` message said, before the panel shows it.
 */
function currentLink(known = {}) {
  const environment = known.environment ?? controls.environment();
  return linkFor(location.href, {
    session: app.session?.session,
    component: app.session?.component ?? controls.component(),
    configuration: known.configuration ?? configPanel.values(),
    viewport: known.viewport ?? controls.viewportSize(),
    environment: { reduceMotion: environment.reduceMotion, dynamicType: environment.dynamicType, colorScheme: environment.colorScheme },
  });
}

/** Keeps the address bar on this view, so a reload reopens it even after the session ends. */
function rememberInURL(known) {
  if (!app.session || app.timeline) return;
  history.replaceState(null, '', currentLink(known));
}

/** A fresh session of the component shown, with the values its panel shows. */
function freshSession() {
  return {
    id: newSessionID(), action: 'open', component: app.session?.component ?? controls.component(),
    configuration: configPanel.values(),
  };
}

function openSession(component, configuration) {
  goTo({ id: newSessionID(), action: 'open', component, configuration });
}

/** What `welcome` does: join, open or replay (a stored or a sent recording), under the target's id. */
function startTarget() {
  const { id, action } = app.target;
  if (action === 'join') {
    send(protocol.join(id));
  } else if (action === 'replay') {
    send(protocol.replay(app.target.name, id));
  } else if (action === 'replay-recording') {
    send(protocol.replayRecording(app.target.text, id));
  } else {
    send(protocol.open({
      component: app.target.component,
      configuration: app.target.configuration,
      environment: controls.environment(),
      viewport: controls.viewportSize(),
      session: id,
    }));
  }
}

function setTimeline(frame, playing) {
  if (!app.timeline) return;
  app.timeline.playing = playing;
  app.timeline.frame = frame;
  controls.setTimelineFrame(frame, playing, app.timeline.frames);
  mark('timelineFrame', String(frame));
}

// The device at the zoom asked for: a CSS transform (the back buffer keeps its resolution),
// inside a box of the scaled size so the stage centres and scrolls it as it is shown.
const stage = document.querySelector('.stage');
const deviceBox = document.getElementById('device-box');
const device = document.getElementById('device');
let shownZoom = '';
let zoomedViewport = [0, 0];
function applyZoom() {
  const viewport = display.viewport;
  zoomedViewport = viewport;
  const padding = 64; // the stage's 32 px on each side
  const scale = stageScale(controls.zoom(), viewport, [stage.clientWidth - padding, stage.clientHeight - padding]);
  const key = `${scale}:${viewport[0]}x${viewport[1]}`;
  if (key === shownZoom) return;
  shownZoom = key;
  device.style.setProperty('--zoom', String(scale));
  deviceBox.style.width = `${viewport[0] * scale}px`;
  deviceBox.style.height = `${viewport[1] * scale}px`;
  mark('zoom', scale.toFixed(3));
}
window.addEventListener('resize', applyZoom);

const controls = new Controls(document, {
  openComponent: (name) => openSession(name),
  zoom: () => applyZoom(),
  viewport: (size) => {
    if (app.session) sendEvent(protocol.environment({ size }));
    else {
      display.resize(size, devicePixelRatio || 1);
      applyZoom();
    }
    rememberInURL({ viewport: size });
  },
  join: (id) => goTo({ id, action: 'join' }),
  scrub: (progress) => {
    sendEvent(protocol.scrub(progress));
    hud.scrubbed = progress;
    hud.render(display.skipped);
  },
  set: (key, value) => {
    sendEvent(protocol.set(key, value));
    rememberInURL();
  },
  environment: (fields) => {
    if (fields.colorScheme) configPanel.setScheme(fields.colorScheme);
    sendEvent(protocol.environment(fields));
    rememberInURL();
  },
  record: (action) => send(protocol.record(action)),
  refreshRecordings: () => send(protocol.recordings()),
  replay: (name) => goTo({ id: newSessionID(), action: 'replay', name }),
  replayFile: (text, name) => {
    const message = protocol.replayRecording(text);
    const bytes = new TextEncoder().encode(JSON.stringify(message)).length;
    if (bytes > MAX_MESSAGE_BYTES) {
      controls.error(`${name}: ${bytes} bytes to send; morphd takes messages up to ${MAX_MESSAGE_BYTES} bytes`);
      return;
    }
    mark('replayFile', name);
    goTo({ id: newSessionID(), action: 'replay-recording', text, name });
  },
  timeline: (action, frame) => {
    if (!app.timeline) return;
    if (action === 'seek') {
      const clamped = Math.max(0, Math.min(app.timeline.frames - 1, frame));
      send(protocol.timeline('seek', clamped));
      setTimeline(clamped, false);
    } else {
      send(protocol.timeline(action));
      setTimeline(app.timeline.frame ?? 0, action === 'play');
    }
  },
  resetConfiguration: () => {
    const changed = configPanel.reset();
    controls.status('config-status', changed.length ? `Reset ${changed.join(', ')}.` : 'Every field is at its default.');
  },
  exportConfiguration: () => {
    const component = app.session?.component ?? controls.component();
    const text = `${JSON.stringify(configurationDocument(component, configPanel.values()), null, 2)}\n`;
    downloadText(text, `${component}.config.json`, 'application/json');
    mark('exported', text);
    controls.status('config-status', `Saved ${component}.config.json (morph … --configuration FILE reads it).`);
  },
  copyLink: async () => {
    const url = currentLink();
    mark('link', url);
    let copied = false;
    try { await navigator.clipboard.writeText(url); copied = true; } catch { copied = false; }
    controls.status('copy-link-status', copied ? 'Link copied' : url);
  },
  serverTiles: (on) => {
    app.tiles = on;
    mark('serverTiles', String(on));
    hud.tilesOff(!on);
    sendTiles();
    display.redraw();
  },
  markEffects: (on) => { display.options.markEffects = on; display.redraw(); },
  deviceFrame: (on) => { deviceFrame.setEnabled(on); display.redraw(); },
  loadFile: (text, name) => startOffline(text, name),
  offlineToggle: () => {
    if (!app.player) return;
    if (app.player.playing) app.player.pause(); else app.player.play();
    controls.setOfflineIndex(app.player.index, app.player.playing);
  },
  offlineSeek: (index) => {
    app.player?.pause();
    app.player?.seek(index);
  },
});

// ---------------------------------------------------------------------------------------
// Live mode.

const handlers = {
  welcome(m) {
    controls.setComponents(m.components, m.panels);
    configPanel.setSystemColors(m.systemColors);
    // The page lists no components of its own: with none asked for, open the server's first.
    if (app.target.action === 'open' && !app.target.component) app.target.component = controls.component();
    controls.setConnection('connected', m.server);
    startTarget();
    send(protocol.recordings());
  },
  session(m) {
    // A new session starts its own counts and its status bar's ink is sampled afresh (a still
    // component draws once; the last component's ink must not stay on it).
    if (app.session?.session !== m.session) {
      display.skipped = 0;
      hud.scrubbed = null;
      deviceFrame.invalidate();
    }
    app.session = m;
    // The connection's window of unacknowledged frames starts anew with each session it joins.
    app.lastAcked = 0;
    // A reconnect rejoins it. An id the server assigned (the proposal was taken) is not
    // where a router would look; the page keeps using it on this server all the same.
    app.target = { id: m.session, action: 'join' };
    controls.showSession(m);
    mark('session', m.session);
    rememberInURL({ configuration: m.configuration, environment: m.environment, viewport: m.viewport });
    if (m.viewport) {
      display.resize(m.viewport, devicePixelRatio || 1);
      controls.setViewportSize(m.viewport);
      applyZoom();
    }
    app.timeline = m.timeline ? { ...m.timeline, frame: 0, playing: false } : null;
    controls.showTimeline(app.timeline);
    // A replay takes no input, nor does a joined session take configuration from a joiner:
    // its fields show the configuration, read-only.
    const readOnly = Boolean(app.timeline) || m.access !== undefined;
    configPanel.container.inert = readOnly;
    document.getElementById('config-reset').disabled = readOnly;
    mark('access', m.access ?? 'opener');
    inspector.setMachine(controls.panels?.[m.component]?.machine);
    configPanel.setScheme(m.environment?.colorScheme ?? 'light');
    configPanel.springs = {}; // this session's come next (`springs`), when it has any
    showConfiguration(m.component, m.configuration);
    if (app.tiles) sendTiles(); // a new session (or a reconnect) starts a new tile stream
  },
  frame(delta) {
    if (delta.session !== app.session?.session) return;
    // A delta goes onto the last full list; without its base nothing is drawn until the
    // full frame `resync` asks for arrives.
    const m = frameDeltas.accept(delta);
    if (!m) {
      mark('resyncs', String(++app.resyncs));
      send(protocol.resync());
      return;
    }
    if (m !== delta) {
      const problems = protocol.validateDisplayList(m.list);
      if (problems.length) {
        console.warn('morph.v1: a frame delta gave a malformed list:', problems.join('; '));
        frameDeltas.reset();
        send(protocol.resync());
        return;
      }
      mark('deltaFrames', String(++app.deltaFrames));
    }
    hud.frameArrived(m);
    frameSeq.set(m.list, m.seq);
    frameState.set(m.list, m.state);
    if (app.timeline) {
      // A replay's frame i is drawn at time i / fps; at the last frame playing stops.
      const frame = Math.min(app.timeline.frames - 1, Math.round(m.list.time * app.timeline.fps));
      setTimeline(frame, app.timeline.playing && frame < app.timeline.frames - 1);
      // What the server has drawn (a seek marks `timelineFrame` at once, its frame a tick later).
      mark('timelineShown', String(frame));
    }
    recentEffects.set(m.seq, effectIn(m.list));
    if (recentEffects.size > 240) recentEffects.delete(recentEffects.keys().next().value);
    display.show(m.list);
  },
  recording(m) {
    controls.setRecording(m.state, m.name);
    if (m.state === 'stopped') send(protocol.recordings());
  },
  recordings(m) { controls.setRecordings(m.items); },
  'tiles-done'(m) {
    if (m.session === app.session?.session && app.tiles) tileLayer.done(m);
  },
  pong(m) {
    if (typeof m.t === 'number') hud.clock.add(m.t, performance.now(), m.serverTime);
    hud.render(display.skipped);
  },
  components(m) {
    // A file came into the components folder or left it: the picker follows, the session stays.
    controls.setComponents(m.components, m.panels);
    if (app.session) controls.showSession(app.session);
    mark('components', m.components.join(','));
  },
  springs(m) {
    // The session's spring fields in both forms: what the options panel switches form with.
    if (m.session !== app.session?.session) return;
    configPanel.setSprings(m.springs);
    mark('springs', JSON.stringify(m.springs));
  },
  'component-file'(m) {
    // morphd --components: the file of the component shown loaded again (its configuration
    // fields may have changed: read its schema afresh) or has a mistake, shown with its
    // file:line:column until it loads again; the last good version keeps running meanwhile.
    // A removed file leaves this session running its last good version, but no new one opens.
    if (m.status === 'removed') {
      mark('componentFile', 'removed');
      controls.error(`${m.file} was removed: ${m.component} keeps running here as it was; new sessions of it are refused`);
      app.componentFileError = true;
      return;
    }
    app.schemas.delete(m.component);
    mark('componentFile', m.status === 'error' ? `${m.file}:${m.line}:${m.column}` : 'loaded');
    if (m.status === 'error') {
      controls.error(`${m.message} (${m.component} keeps running its last good version)`);
      app.componentFileError = true;
      return;
    }
    if (app.componentFileError) controls.error('');
    app.componentFileError = false;
    if (m.panel) controls.setPanel(m.component, m.panel);
    if (m.panel && app.session?.component === m.component) inspector.setMachine(m.panel.machine);
    if (app.session?.component === m.component) {
      reloadConfiguration(m.component);
      // Its pictures may have changed under the same names: fetch them again, and redraw.
      display.images.refresh();
      display.fonts.refresh();
      display.redraw();
    }
  },
  error(m) {
    // The banner stays until the person dismisses it or another error replaces it: a frame,
    // or the fresh session opened below, does not answer what went wrong.
    controls.error(`${m.code}: ${m.message}`);
    // A session that vanished (server restart), or a link's that is gone, is replaced by a
    // fresh one like the link asks for (its component, configuration and viewport).
    if (m.code === 'unknown-session') openSession(link.component ?? controls.component(), link.configuration);
  },
};

function onMessage(text) {
  const { message, problems } = protocol.parseServerMessage(text);
  if (problems) {
    console.warn('morph.v1: dropped a malformed message:', problems.join('; '));
    return;
  }
  handlers[message.type]?.(message);
}

function startLive() {
  mark('mode', 'live');
  const base = liveServerURL(params.get('ws'), location, (question) => window.confirm(question));
  if (!base) {
    controls.setConnection('refused', 'not connected');
    controls.error(`not connecting to ${params.get('ws')}: only this page's own server, or one you confirm`);
    mark('mode', 'refused');
    return;
  }
  // A link joins its session, or opens one with its component and configuration.
  app.target = link.session ? { id: link.session, action: 'join' }
    : { id: newSessionID(), action: 'open', component: link.component ?? (controls.component() || undefined),
      configuration: link.configuration };
  // `?deltas=0` on the page asks for full frames only.
  const deltas = params.get('deltas') !== '0';
  // `?acks=0` on the page asks for every frame, acknowledged or not.
  const acks = params.get('acks') !== '0';
  app.socket = new Socket(() => withSession(base, app.target.id, deltas, acks), {
    open() {
      frameDeltas.reset();
      controls.setConnection('connected');
      send(protocol.hello(`web-preview (${navigator.userAgent.split(' ').pop()})`));
      clearInterval(app.pingTimer);
      const pingNow = () => send(protocol.ping(++app.pingId, performance.now()));
      pingNow();
      app.pingTimer = setInterval(pingNow, 2000);
    },
    message: onMessage,
    binary: (data) => { if (app.tiles) tileLayer.tile(data); },
    close(info) {
      clearInterval(app.pingTimer);
      controls.setConnection('reconnecting', `in ${(info.retryIn / 1000).toFixed(1)} s`);
      // Dropped (1006) or going away (1001): the server that held the session is gone, and
      // the session with it. The next connection opens a fresh one (behind a router, on a
      // live server).
      const gone = app.session?.session;
      if (gone && (info.code === 1006 || info.code === 1001)) {
        controls.error(`session ${gone} is gone: its server closed the connection (${info.code}); opening a fresh session`);
        mark('sessionGone', gone);
        app.target = freshSession();
        app.session = null;
      }
    },
  });
  controls.setConnection('connecting');
  app.socket.connect();
  // Leaving the page closes its socket, so its session (and tile stream) ends on the server;
  // shown again from the back/forward cache, it opens a fresh session like the one it left.
  closeWhenPageHides(window, () => (app.socket ? [app.socket] : []), () => {
    if (!app.socket || app.socket.ws) return;
    app.target = freshSession();
    app.session = null;
    mark('restored', app.target.id);
    controls.setConnection('connecting');
    app.socket.connect();
  });
}

// ---------------------------------------------------------------------------------------
// Offline mode.

function startOffline(text, name) {
  // Parsed before anything is switched: a file that is not frames (a dropped notes.txt)
  // leaves the live session as it was, connected, and says why.
  let lists;
  try {
    lists = parseFrames(text);
    if (lists.length === 0) throw new Error('it holds no frames');
  } catch (e) {
    controls.error(`${name} is not a recording or display lists, nothing changed: ${e.message}`);
    mark('error', e.message);
    return;
  }
  app.socket?.close();
  app.socket = null;
  app.session = null;
  mark('mode', 'offline');
  controls.error(''); // a file that loads answers the error of one that did not
  controls.setConnection('offline', name);
  controls.setOffline(lists.length);
  app.player?.pause();
  app.player = new Player(lists, (list, index) => {
    display.show(list);
    controls.setOfflineIndex(index, app.player?.playing ?? false);
  }, { loop: params.get('loop') === '1' });
  const index = params.get('index');
  app.player.seek(index === null ? 0 : Number(index));
  if (index === null && params.get('autoplay') !== '0') app.player.play();
}

async function loadFramesFrom(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    startOffline(await response.text(), url);
  } catch (e) {
    controls.error(`${url}: ${e.message}`);
    mark('error', e.message);
  }
}

// ---------------------------------------------------------------------------------------

// While the inspector picks, a press on the canvas chooses the node under it and the
// component gets nothing of that pointer.
attachPointerInput(canvas, () => display.viewport, (event) => {
  if (!inspector.picking) sendEvent(event);
  else if (event.kind === 'pointerDown') inspector.pick({ x: event.x, y: event.y });
}, () => display.bleed);

// "Variants…" opens this component, configuration and viewport on the variants page, written
// when clicked so it is what the panel shows then.
document.getElementById('variants-link').addEventListener('click', (event) => {
  event.currentTarget.href = variantsLink(location.href, {
    component: app.session?.component ?? controls.component(),
    configuration: configPanel.values(),
    viewport: controls.viewportSize(),
    environment: controls.environment(),
  });
});

// Sharp at any devicePixelRatio: redraw (and resize the back buffer) when it changes,
// e.g. the window moves to another screen or the page is zoomed.
function watchResolution() {
  const query = matchMedia(`(resolution: ${devicePixelRatio || 1}dppx)`);
  query.addEventListener('change', () => { display.redraw(); watchResolution(); }, { once: true });
}
watchResolution();

if (link.viewport) controls.setViewportSize(link.viewport);
if (link.environment) controls.setEnvironment(link.environment);
display.resize(controls.viewportSize(), devicePixelRatio || 1);
applyZoom();
loadInter(document.fonts, document.baseURI).then((count) => {
  mark('fonts', String(count));
  app.fontsSettled = true;
  deviceFrame.invalidate();
  display.redraw();
});

if (params.has('frames')) loadFramesFrom(params.get('frames'));
else startLive();
