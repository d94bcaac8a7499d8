// morph.v1 messages: builders for what the page sends, validators for everything on the
// wire (schemas/protocol.md). Pure: no DOM, no socket, so node --test runs it as is.
// Validators return a list of problems (empty = valid) instead of throwing, so a single
// malformed frame is reported and dropped without taking the page down.

export const PROTOCOL = 'morph.v1';

export const DYNAMIC_TYPES = Object.freeze(
  ['xS', 'S', 'M', 'L', 'xL', 'xxL', 'xxxL', 'AX1', 'AX2', 'AX3', 'AX4', 'AX5']);
export const ERROR_CODES = Object.freeze([
  'bad-json', 'bad-message', 'unknown-type', 'unsupported-version', 'unknown-component',
  'unknown-session', 'no-session', 'bad-event', 'not-found', 'too-large', 'busy',
  'rate-limited', 'server-error', 'not-allowed']);
export const POINTER_KINDS = Object.freeze(['pointerDown', 'pointerMove', 'pointerUp']);

// ---------------------------------------------------------------------------------------
// Builders (client -> server). Keys in the order protocol.md lists them; optional fields
// are omitted when absent rather than sent as null.

export const hello = (client = 'web-preview') => ({ type: 'hello', protocol: PROTOCOL, client });

export function open({ component, configuration, environment, viewport, session } = {}) {
  const message = { type: 'open', component };
  if (configuration !== undefined) message.configuration = configuration;
  if (environment !== undefined) message.environment = environment;
  if (viewport !== undefined) message.viewport = viewport;
  if (session !== undefined) message.session = session;
  return message;
}

export const join = (session) => ({ type: 'join', session });

/**
 * True when a connection whose `session` answer gave `access` may send input `event`: the
 * opener (no `access`) anything, a joiner with "drive" all but `set` and `environment`, a
 * joiner with "watch" nothing (protocol.md, "Session control").
 */
export function mayDrive(access, event) {
  if (access === undefined) return true;
  return access === 'drive' && event.kind !== 'set' && event.kind !== 'environment';
}
// With an id the server answers `ack` (after the line is on disk while recording).
export const input = (event, id) => (id === undefined ? { type: 'input', event } : { type: 'input', event, id });
export const record = (action) => ({ type: 'record', action });
export const recordings = () => ({ type: 'recordings' });
export const replay = (name, session) => (session === undefined ? { type: 'replay', name } : { type: 'replay', name, session });
/** Sends a recording's JSONL text to be replayed on the server as a timeline session. */
export const replayRecording = (text, session) => (session === undefined
  ? { type: 'replay', recording: text } : { type: 'replay', recording: text, session });
/** Plays, pauses or seeks (to a 0-based frame) the connection's timeline session. */
export function timeline(action, frame) {
  const message = { type: 'timeline', action };
  if (action === 'seek') message.frame = frame;
  return message;
}
/** Asks for the next frame in full: a frame delta came whose base this page does not hold. */
export const resync = () => ({ type: 'resync' });
/**
 * Opts this connection in (scale 1...3) or out of server-rendered curtain tiles; with `ack`
 * the server sends each set only after `tilesAck` of the one before.
 */
export const tiles = (enabled, scale = 2, ack = false) => (ack
  ? { type: 'tiles', enabled, scale, ack } : { type: 'tiles', enabled, scale });
/** The set whose `tiles-done` carried `seq` is drawn: the server may send the next one. */
export const tilesAck = (seq) => ({ type: 'tiles-ack', seq });
/** The page drew frame `seq` (a connection opened with `acks=1`; protocol.md, "Acknowledged frames"). */
export const frameAck = (seq) => ({ type: 'frame-ack', seq });

export function ping(id, t) {
  const message = { type: 'ping', id };
  if (t !== undefined) message.t = t;
  return message;
}

// Events. `t` is left out: the server stamps arrival time (protocol.md, EVENT).
export const tap = (x, y) => ({ kind: 'tap', x, y });
export const pointer = (kind, id, x, y) => ({ kind, pointer: id, x, y });
export const scrub = (progress) => ({ kind: 'scrub', progress });
export const set = (key, value) => ({ kind: 'set', key, value });

/** Environment event with any subset of reduceMotion, dynamicType, colorScheme, size. */
export function environment(fields) {
  const event = { kind: 'environment' };
  for (const key of ['reduceMotion', 'dynamicType', 'colorScheme', 'size']) {
    if (fields[key] !== undefined) event[key] = fields[key];
  }
  return event;
}

// ---------------------------------------------------------------------------------------
// Validators.

const isNumber = (v) => typeof v === 'number' && Number.isFinite(v);
const isString = (v) => typeof v === 'string';
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isSize = (v) => Array.isArray(v) && v.length === 2 && v.every(isNumber) && v.every((n) => n >= 0);

function checker(message) {
  const problems = [];
  const need = (key, test, what) => {
    if (!(key in message)) problems.push(`missing ${key}`);
    else if (!test(message[key])) problems.push(`${key} must be ${what}`);
  };
  const may = (key, test, what) => {
    if (key in message && !test(message[key])) problems.push(`${key} must be ${what}`);
  };
  return { problems, need, may };
}

export function validateEnvironment(env) {
  if (!isObject(env)) return ['environment must be an object'];
  const problems = [];
  if ('reduceMotion' in env && typeof env.reduceMotion !== 'boolean') problems.push('reduceMotion must be a boolean');
  if ('dynamicType' in env && !DYNAMIC_TYPES.includes(env.dynamicType)) problems.push('dynamicType is not a known size');
  if ('colorScheme' in env && !['light', 'dark'].includes(env.colorScheme)) problems.push('colorScheme must be light or dark');
  return problems;
}

export function validateEvent(event) {
  if (!isObject(event)) return ['event must be an object'];
  const { problems, need, may } = checker(event);
  may('t', (t) => isNumber(t) && t >= 0, 'a non-negative number');
  switch (event.kind) {
    case 'tap':
      need('x', isNumber, 'a number'); need('y', isNumber, 'a number');
      break;
    case 'pointerDown': case 'pointerMove': case 'pointerUp':
      need('pointer', Number.isInteger, 'an integer');
      need('x', isNumber, 'a number'); need('y', isNumber, 'a number');
      break;
    case 'scrub':
      need('progress', (p) => p === null || (isNumber(p) && p >= 0 && p <= 1), 'null or 0...1');
      break;
    case 'set':
      need('key', (k) => isString(k) && k.length > 0, 'a non-empty string');
      need('value', (v) => isNumber(v) || typeof v === 'boolean' || isString(v), 'a number, boolean or string');
      break;
    case 'environment':
      problems.push(...validateEnvironment(event));
      may('size', isSize, '[w, h]');
      break;
    default:
      problems.push(`unknown event kind ${JSON.stringify(event.kind)}`);
  }
  return problems;
}

const clientValidators = {
  hello(m, { need }) { need('protocol', isString, 'a string'); need('client', isString, 'a string'); },
  open(m, { need, may, problems }) {
    need('component', isString, 'a string');
    may('configuration', isObject, 'an object');
    if ('environment' in m) problems.push(...validateEnvironment(m.environment));
    may('viewport', isSize, '[w, h]');
    may('session', isString, 'a string');
  },
  join(m, { need }) { need('session', isString, 'a string'); },
  input(m, { need, problems }) {
    need('event', isObject, 'an object');
    if (isObject(m.event)) problems.push(...validateEvent(m.event));
    if ('id' in m && !isNumber(m.id)) problems.push('id must be a number');
  },
  record(m, { need }) { need('action', (a) => a === 'start' || a === 'stop', '"start" or "stop"'); },
  recordings() {},
  resync() {},
  replay(m, { need, may, problems }) {
    if ('recording' in m) { if (!isString(m.recording)) problems.push('recording must be a string'); } else need('name', isString, 'a string');
    may('session', isString, 'a string');
  },
  timeline(m, { need, problems }) {
    need('action', (a) => ['play', 'pause', 'seek'].includes(a), '"play", "pause" or "seek"');
    if (m.action === 'seek' && !(Number.isInteger(m.frame) && m.frame >= 0)) problems.push('seek needs a frame >= 0');
  },
  ping(m, { need, may }) { need('id', isNumber, 'a number'); may('t', isNumber, 'a number'); },
  tiles(m, { need, may }) {
    need('enabled', (e) => typeof e === 'boolean', 'a boolean');
    may('scale', (s) => s === 1 || s === 2 || s === 3, '1, 2 or 3');
    may('ack', (a) => typeof a === 'boolean', 'a boolean');
  },
  'tiles-ack'(m, { need }) {
    need('seq', (s) => Number.isInteger(s) && s >= 0 && s <= 0xffffffff, 'an integer in 0...2^32-1');
  },
  'frame-ack'(m, { need }) {
    need('seq', (s) => Number.isSafeInteger(s) && s >= 1, 'an integer in 1...2^53-1');
  },
};

/** A component's panel (protocol.md, Panels): its extra controls' ids and an optional hint. */
const isEdge = (t) => isObject(t) && isString(t.from) && isString(t.event) && isString(t.to);
const isMachineGraph = (m) => isObject(m) && Array.isArray(m.states) && m.states.length > 0 && m.states.every(isString)
  && Array.isArray(m.transitions) && m.transitions.every(isEdge);
const isPanel = (p) => isObject(p) && Array.isArray(p.controls) && p.controls.every(isString)
  && (!('hint' in p) || isString(p.hint)) && (!('machine' in p) || isMachineGraph(p.machine));

const serverValidators = {
  welcome(m, { need, may }) {
    need('protocol', isString, 'a string');
    need('server', isString, 'a string');
    need('components', (c) => Array.isArray(c) && c.every(isString), 'a list of names');
    need('fps', (f) => isNumber(f) && f > 0, 'a positive number');
    may('panels', (p) => isObject(p) && Object.values(p).every(isPanel), 'an object of name: {controls, hint?, machine?}');
    may('systemColors', (c) => isObject(c) && Object.values(c).every((schemes) => isObject(schemes)
      && Object.values(schemes).every((rgba) => Array.isArray(rgba) && rgba.length === 4 && rgba.every(isNumber))),
    'an object of name: {light, dark: [r, g, b, a]}');
  },
  components(m, { need }) {
    need('components', (c) => Array.isArray(c) && c.every(isString), 'a list of names');
    need('panels', (p) => isObject(p) && Object.values(p).every(isPanel), 'an object of name: {controls, hint?, machine?}');
  },
  session(m, { need, may, problems }) {
    need('session', isString, 'a string');
    need('component', isString, 'a string');
    may('configuration', isObject, 'an object');
    if ('environment' in m) problems.push(...validateEnvironment(m.environment));
    may('viewport', isSize, '[w, h]');
    may('state', isString, 'a string');
    may('timeline', (t) => isObject(t) && Number.isInteger(t.frames) && t.frames >= 1 && isNumber(t.fps) && t.fps > 0
      && (!('events' in t) || (Array.isArray(t.events) && t.events.every((f) => Number.isInteger(f) && f >= 0))),
      '{frames, fps, events?}');
    may('access', (a) => a === 'watch' || a === 'drive', '"watch" or "drive"');
  },
  frame(m, { need, problems }) {
    need('session', isString, 'a string');
    need('seq', (s) => Number.isInteger(s) && s >= 1, 'an integer >= 1');
    need('serverTime', isNumber, 'a number');
    need('state', isString, 'a string');
    need('dropped', (d) => Number.isInteger(d) && d >= 0, 'an integer >= 0');
    // A delta (frames.js) is checked as the list it gives, once applied.
    if ('delta' in m) {
      need('base', (s) => Number.isInteger(s) && s >= 1, 'an integer >= 1');
      need('delta', (d) => isObject(d) && Array.isArray(d.ops) && Array.isArray(d.accessibility), 'a display list delta');
      return;
    }
    need('list', isObject, 'a display list');
    if (isObject(m.list)) problems.push(...validateDisplayList(m.list).map((p) => `list: ${p}`));
  },
  recording(m, { need }) {
    need('state', (s) => s === 'started' || s === 'stopped', '"started" or "stopped"');
    need('name', isString, 'a string');
  },
  recordings(m, { need }) {
    need('items', (items) => Array.isArray(items) && items.every((i) =>
      isObject(i) && isString(i.name) && isString(i.component) && Number.isInteger(i.bytes)),
    'a list of {name, component, bytes}');
  },
  ack(m, { need }) { need('id', isNumber, 'a number'); },
  pong(m, { need, may }) {
    need('id', isNumber, 'a number'); may('t', isNumber, 'a number');
    need('serverTime', isNumber, 'a number');
  },
  error(m, { need, may }) {
    need('code', isString, 'a string'); need('message', isString, 'a string');
    may('request', isString, 'a string');
  },
  springs(m, { need }) {
    need('session', isString, 'a string');
    need('springs', (s) => isObject(s) && Object.values(s).every((forms) => isObject(forms)
      && Object.values(forms).every(isNumber)), 'an object of field: {response, dampingFraction, duration, bounce}');
  },
  'component-file'(m, { need, may }) {
    need('component', isString, 'a string');
    need('file', isString, 'a string');
    need('status', (s) => s === 'loaded' || s === 'error' || s === 'removed', '"loaded", "error" or "removed"');
    may('renamedFrom', isString, 'a string');
    may('panel', isPanel, '{controls, hint?, machine?}');
    if (m.status === 'error') {
      need('kind', isString, 'a string');
      need('message', isString, 'a string');
      for (const key of ['line', 'column']) need(key, (n) => Number.isInteger(n) && n >= 1, 'an integer >= 1');
    }
  },
  'tiles-done'(m, { need, problems }) {
    need('session', isString, 'a string');
    need('seq', (s) => Number.isInteger(s) && s >= 1, 'an integer >= 1');
    need('scale', (s) => s === 1 || s === 2 || s === 3, '1, 2 or 3');
    need('tiles', (n) => Number.isInteger(n) && n >= 0, 'an integer >= 0');
    if (!(m.layer === null || (Array.isArray(m.layer) && m.layer.length === 4 && m.layer.every(isNumber)))) {
      problems.push('layer must be [x, y, w, h] or null');
    }
  },
};

function validateWith(table, message) {
  if (!isObject(message)) return ['message must be a JSON object'];
  const keys = Object.keys(message);
  if (keys[0] !== 'type') return ['first key must be type'];
  const validator = table[message.type];
  if (!validator) return [`unknown type ${JSON.stringify(message.type)}`];
  const c = checker(message);
  validator(message, c);
  return c.problems;
}

/** Problems with a client -> server message (empty when valid). */
export const validateClientMessage = (message) => validateWith(clientValidators, message);
/** Problems with a server -> client message (empty when valid). */
export const validateServerMessage = (message) => validateWith(serverValidators, message);

/** Parses one text message from the server; returns {message} or {problems}. */
export function parseServerMessage(text) {
  let message;
  try { message = JSON.parse(text); } catch { return { problems: ['not JSON'] }; }
  const problems = validateServerMessage(message);
  return problems.length ? { problems, message } : { message };
}

// ---------------------------------------------------------------------------------------
// Display list sanity (display-list.md). Not a full schema check: enough that the renderer
// never trips over a list, and that tests catch a list that does not follow the format.

const ROLES = ['button', 'text', 'header', 'image', 'group', 'adjustable'];
const PATH_ARITY = { M: 2, L: 2, C: 6, Q: 4, Z: 0 };
const isColor = (c) => Array.isArray(c) && c.length === 4 && c.every((v) => isNumber(v) && v >= 0 && v <= 1);

export function validatePath(path) {
  if (!Array.isArray(path)) return ['path must be an array'];
  const problems = [];
  path.forEach((cmd, i) => {
    if (!Array.isArray(cmd) || !(cmd[0] in PATH_ARITY)) problems.push(`path[${i}] unknown command`);
    else if (cmd.length !== PATH_ARITY[cmd[0]] + 1 || !cmd.slice(1).every(isNumber)) problems.push(`path[${i}] ${cmd[0]} wants ${PATH_ARITY[cmd[0]]} numbers`);
  });
  return problems;
}

function validatePaint(paint) {
  if (!isObject(paint)) return ['paint must be an object'];
  if (paint.type === 'solid') return isColor(paint.color) ? [] : ['solid paint needs a colour'];
  if (paint.type === 'linear') {
    const problems = [];
    const isPoint = (p) => Array.isArray(p) && p.length === 2 && p.every(isNumber);
    if (!isPoint(paint.from) || !isPoint(paint.to)) problems.push('linear paint needs from and to');
    if (!Array.isArray(paint.stops) || paint.stops.length === 0) problems.push('linear paint needs stops');
    else {
      let last = -Infinity;
      for (const s of paint.stops) {
        if (!isObject(s) || !isNumber(s.offset) || s.offset < 0 || s.offset > 1 || !isColor(s.color)) problems.push('bad gradient stop');
        else if (s.offset < last) problems.push('gradient stops must ascend');
        else last = s.offset;
      }
    }
    return problems;
  }
  return [`unknown paint type ${JSON.stringify(paint.type)}`];
}

export function validateOp(op) {
  if (!isObject(op) || Object.keys(op)[0] !== 'op') return ['op must be an object whose first key is op'];
  const problems = [];
  const isTransform = (t) => Array.isArray(t) && t.length === 6 && t.every(isNumber);
  switch (op.op) {
    case 'push':
      if (!isString(op.id)) problems.push('push needs an id');
      if ('transform' in op && !isTransform(op.transform)) problems.push('transform must be 6 numbers');
      if ('opacity' in op && !(isNumber(op.opacity) && op.opacity >= 0 && op.opacity <= 1)) problems.push('opacity must be 0...1');
      if ('clip' in op) problems.push(...validatePath(op.clip));
      if ('shadow' in op) {
        const s = op.shadow;
        if (!isObject(s) || !isColor(s.color) || !isNumber(s.radius) || s.radius < 0 || !Array.isArray(s.offset) || s.offset.length !== 2) problems.push('bad shadow');
      }
      if ('effect' in op) {
        const e = op.effect;
        if (!isObject(e) || !isString(e.kind)) problems.push('bad effect');
      }
      break;
    case 'pop':
      break;
    case 'fill':
      if (!isString(op.id)) problems.push('fill needs an id');
      problems.push(...validatePath(op.path), ...validatePaint(op.paint));
      if ('rule' in op && !['nonzero', 'evenodd'].includes(op.rule)) problems.push('rule must be nonzero or evenodd');
      break;
    case 'stroke':
      if (!isString(op.id)) problems.push('stroke needs an id');
      problems.push(...validatePath(op.path));
      if (!isColor(op.color)) problems.push('stroke needs a colour');
      if (!(isNumber(op.width) && op.width >= 0)) problems.push('stroke needs a width');
      if ('cap' in op && !['butt', 'round', 'square'].includes(op.cap)) problems.push('bad cap');
      if ('join' in op && !['miter', 'round', 'bevel'].includes(op.join)) problems.push('bad join');
      break;
    case 'text':
      if (!isString(op.id)) problems.push('text needs an id');
      if (!isObject(op.font) || !isString(op.font.family) || ![400, 500, 600, 700].includes(op.font.weight) || !isNumber(op.font.size)) problems.push('bad font');
      if (!isColor(op.color)) problems.push('text needs a colour');
      if (!Array.isArray(op.lines) || !op.lines.every((l) => isObject(l) && isNumber(l.x) && isNumber(l.y) && isString(l.text))) problems.push('bad lines');
      break;
    case 'image':
      if (!isString(op.id)) problems.push('image needs an id');
      if (!isString(op.source) || !op.source) problems.push('image needs a source');
      if (!(Array.isArray(op.rect) && op.rect.length === 4 && op.rect.every(isNumber) && op.rect[2] >= 0 && op.rect[3] >= 0)) problems.push('image needs a rect [x, y, w, h]');
      if ('interpolation' in op && !['none', 'low', 'medium', 'high'].includes(op.interpolation)) problems.push('bad interpolation');
      break;
    default:
      problems.push(`unknown op ${JSON.stringify(op.op)}`);
  }
  return problems;
}

export function validateDisplayList(list) {
  if (!isObject(list)) return ['display list must be an object'];
  const problems = [];
  if (list.format !== 'morph.display-list') problems.push('format must be morph.display-list');
  if (list.version !== 1) problems.push('version must be 1');
  if (!isString(list.component)) problems.push('component must be a string');
  if (!isSize(list.size)) problems.push('size must be [w, h]');
  if (!isNumber(list.time)) problems.push('time must be a number');
  if (!isColor(list.background)) problems.push('background must be a colour');
  if (!Array.isArray(list.ops)) problems.push('ops must be an array');
  else {
    let depth = 0;
    list.ops.forEach((op, i) => {
      for (const p of validateOp(op)) problems.push(`ops[${i}]: ${p}`);
      if (op?.op === 'push') depth += 1;
      if (op?.op === 'pop') {
        if (depth === 0) problems.push(`ops[${i}]: pop without push`);
        else depth -= 1;
      }
    });
    if (depth > 0) problems.push(`${depth} group(s) left open`);
  }
  if (!Array.isArray(list.accessibility)) problems.push('accessibility must be an array');
  else list.accessibility.forEach((e, i) => {
    if (!isObject(e) || !isString(e.id) || !ROLES.includes(e.role) || !isString(e.label) ||
      !(Array.isArray(e.frame) && e.frame.length === 4 && e.frame.every(isNumber))) problems.push(`accessibility[${i}] is malformed`);
  });
  return problems;
}
