import test from 'node:test';
import assert from 'node:assert/strict';
import * as p from '../js/protocol.js';

test('every client builder yields a valid message whose first key is type', () => {
  const messages = [
    p.hello('tests'),
    p.open({ component: 'curtain' }),
    p.open({ component: 'hero-card', configuration: { folds: 4 }, environment: { reduceMotion: false, dynamicType: 'L', colorScheme: 'light' }, viewport: [390, 844] }),
    p.join('s1'),
    p.input(p.tap(120, 60)),
    p.input(p.pointer('pointerDown', 1, 380, 300)),
    p.input(p.pointer('pointerMove', 1, 300, 300)),
    p.input(p.pointer('pointerUp', 1, 200, 300)),
    p.input(p.scrub(0.4)),
    p.input(p.scrub(null)),
    p.input(p.set('folds', 5)),
    p.input(p.environment({ reduceMotion: true, dynamicType: 'AX1', colorScheme: 'light', size: [390, 844] })),
    p.record('start'), p.record('stop'),
    p.recordings(),
    p.replay('a.jsonl'),
    p.replayRecording('{"format":"morph.recording","version":1}\n'),
    p.timeline('play'), p.timeline('pause'), p.timeline('seek', 12),
    p.input(p.set('accent', '[1,0,0,1]')),
    p.ping(1, 12.5), p.ping(2),
    p.tiles(true, 2), p.tiles(true, 2, true), p.tiles(false), p.tilesAck(0), p.tilesAck(0xffffffff),
  ];
  for (const m of messages) {
    assert.equal(Object.keys(m)[0], 'type');
    assert.deepEqual(p.validateClientMessage(m), [], JSON.stringify(m));
  }
});

test('builders match protocol.md byte for byte', () => {
  assert.equal(JSON.stringify(p.hello('x')), '{"type":"hello","protocol":"morph.v1","client":"x"}');
  assert.equal(JSON.stringify(p.input(p.pointer('pointerDown', 1, 380, 300))),
    '{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":380,"y":300}}');
  assert.equal(JSON.stringify(p.input(p.scrub(null))), '{"type":"input","event":{"kind":"scrub","progress":null}}');
  assert.equal(JSON.stringify(p.open({ component: 'curtain', viewport: [390, 844] })),
    '{"type":"open","component":"curtain","viewport":[390,844]}');
  assert.equal(JSON.stringify(p.environment({ dynamicType: 'S', other: 1 })), '{"kind":"environment","dynamicType":"S"}');
  assert.equal(JSON.stringify(p.ping(3, 1.5)), '{"type":"ping","id":3,"t":1.5}');
  assert.equal(JSON.stringify(p.timeline('seek', 3)), '{"type":"timeline","action":"seek","frame":3}');
  assert.equal(JSON.stringify(p.timeline('play', 3)), '{"type":"timeline","action":"play"}');
  assert.equal(JSON.stringify(p.tiles(true, 2, true)), '{"type":"tiles","enabled":true,"scale":2,"ack":true}');
  assert.equal(JSON.stringify(p.tiles(true, 1)), '{"type":"tiles","enabled":true,"scale":1}');
  assert.equal(JSON.stringify(p.tilesAck(42)), '{"type":"tiles-ack","seq":42}');
  assert.equal(JSON.stringify(p.frameAck(7)), '{"type":"frame-ack","seq":7}');
});

test('frame-ack takes a whole seq from 1 (frames count from 1)', () => {
  for (const seq of [0, -1, 1.5, 2 ** 53, '3', undefined]) {
    assert.equal(p.validateClientMessage({ type: 'frame-ack', seq }).length, 1, String(seq));
  }
  assert.deepEqual(p.validateClientMessage({ type: 'frame-ack', seq: 2 ** 53 - 1 }), []);
});

test('tiles-ack takes a whole seq within the header\'s 32 bits', () => {
  for (const seq of [-1, 1.5, 2 ** 32, '3', undefined]) {
    assert.equal(p.validateClientMessage({ type: 'tiles-ack', seq }).length, 1, String(seq));
  }
  assert.deepEqual(p.validateClientMessage({ type: 'tiles', enabled: true, ack: 'yes' }), ['ack must be a boolean']);
});

test('timeline and replay-by-text validation', () => {
  assert.deepEqual(p.validateClientMessage({ type: 'timeline', action: 'seek' }), ['seek needs a frame >= 0']);
  assert.deepEqual(p.validateClientMessage({ type: 'timeline', action: 'rewind' }), ['action must be "play", "pause" or "seek"']);
  assert.deepEqual(p.validateClientMessage({ type: 'replay', recording: 5 }), ['recording must be a string']);
  assert.deepEqual(p.validateClientMessage({ type: 'replay' }), ['missing name']);
  const session = { type: 'session', session: 's', component: 'curtain', configuration: {}, timeline: { frames: 0, fps: 60 } };
  assert.deepEqual(p.validateServerMessage(session), ['timeline must be {frames, fps, events?}']);
  assert.deepEqual(p.validateServerMessage({ ...session, timeline: { frames: 10, fps: 60 } }), []);
  assert.deepEqual(p.validateServerMessage({ ...session, timeline: { frames: 10, fps: 60, events: [1, 7] } }), []);
  assert.deepEqual(p.validateServerMessage({ ...session, timeline: { frames: 10, fps: 60, events: [-1] } }),
    ['timeline must be {frames, fps, events?}']);
});

test('client validation names what is wrong', () => {
  assert.deepEqual(p.validateClientMessage({ type: 'join' }), ['missing session']);
  assert.deepEqual(p.validateClientMessage({ type: 'record', action: 'pause' }), ['action must be "start" or "stop"']);
  assert.deepEqual(p.validateClientMessage({ type: 'nope' }), ['unknown type "nope"']);
  assert.deepEqual(p.validateClientMessage({ session: 'x', type: 'join' }), ['first key must be type']);
  assert.deepEqual(p.validateEvent({ kind: 'scrub', progress: 1.5 }), ['progress must be null or 0...1']);
  assert.deepEqual(p.validateEvent({ kind: 'pointerDown', x: 1, y: 2 }), ['missing pointer']);
  assert.deepEqual(p.validateEvent({ kind: 'environment', dynamicType: 'XXL' }), ['dynamicType is not a known size']);
  assert.deepEqual(p.validateEvent({ kind: 'tap', x: 1, y: 2, t: -1 }), ['t must be a non-negative number']);
  assert.deepEqual(p.validateEvent({ kind: 'wiggle' }), ['unknown event kind "wiggle"']);
});

const list = {
  format: 'morph.display-list', version: 1, component: 'curtain', size: [390, 844], time: 0,
  background: [1, 1, 1, 1], ops: [], accessibility: [],
};

test('every server message from protocol.md validates, and each required field is required', () => {
  const samples = {
    welcome: {
      type: 'welcome', protocol: 'morph.v1', server: 'morphd/0.1', components: ['curtain'], fps: 60,
      panels: { curtain: { controls: ['server-tiles'], hint: 'Try swiping from the right!' } },
    },
    session: { type: 'session', session: 's1', component: 'curtain', configuration: { folds: 4 }, environment: { reduceMotion: false, dynamicType: 'L', colorScheme: 'light' }, viewport: [390, 844], state: 'closed' },
    frame: { type: 'frame', session: 's1', seq: 1, serverTime: 12.5, state: 'dragging', dropped: 0, list },
    recording: { type: 'recording', state: 'started', name: 'r.jsonl' },
    recordings: { type: 'recordings', items: [{ name: 'r.jsonl', component: 'curtain', bytes: 120 }] },
    pong: { type: 'pong', id: 1, t: 10, serverTime: 3 },
    ack: { type: 'ack', id: 4 },
    error: { type: 'error', code: 'bad-json', message: 'x', request: 'open' },
    'component-file': {
      type: 'component-file', component: 'sheet', file: 'sheet.json', status: 'error', kind: 'unknownName',
      line: 3, column: 14, message: "sheet.json:3:14: let.p: unknown name 'progres'",
    },
    components: {
      type: 'components', components: ['curtain', 'like'],
      panels: { like: { controls: [], hint: 'Tap it.', machine: { states: ['idle'], transitions: [] } } },
    },
    springs: { type: 'springs', session: 's1', springs: { open: { response: 0.42, dampingFraction: 0.82, duration: 0.42, bounce: 0.18 } } },
  };
  const required = {
    welcome: ['protocol', 'server', 'components', 'fps'], session: ['session', 'component'],
    frame: ['session', 'seq', 'serverTime', 'state', 'dropped', 'list'], recording: ['state', 'name'],
    recordings: ['items'], pong: ['id', 'serverTime'], ack: ['id'], error: ['code', 'message'],
    'component-file': ['component', 'file', 'status', 'kind', 'line', 'column', 'message'],
    components: ['components', 'panels'], springs: ['session', 'springs'],
  };
  for (const [type, message] of Object.entries(samples)) {
    assert.deepEqual(p.validateServerMessage(message), [], type);
    for (const key of required[type]) {
      const broken = { ...message };
      delete broken[key];
      assert.ok(p.validateServerMessage(broken).includes(`missing ${key}`), `${type} without ${key}`);
    }
  }
  assert.deepEqual(p.validateServerMessage({ ...samples.frame, seq: 0 }), ['seq must be an integer >= 1']);
  const loaded = { type: 'component-file', component: 'sheet', file: 'sheet.json', status: 'loaded' };
  assert.deepEqual(p.validateServerMessage(loaded), [], 'a loaded file needs no position');
  assert.deepEqual(p.validateServerMessage({ ...loaded, renamedFrom: 'old.json' }), [], 'a renamed file');
  assert.deepEqual(p.validateServerMessage({ ...loaded, status: 'removed' }), [], 'a removed file');
  assert.ok(p.validateServerMessage({ ...loaded, renamedFrom: 3 }).includes('renamedFrom must be a string'));
  assert.deepEqual(p.validateServerMessage({ ...loaded, panel: { controls: [], hint: 'Drag it.' } }), [], 'a panel');
  assert.ok(p.validateServerMessage({ ...loaded, panel: { hint: 'x' } }).includes('panel must be {controls, hint?, machine?}'));
  const machine = { states: ['a', 'b'], transitions: [{ from: 'a', event: 'tap(card)', to: 'b' }] };
  assert.deepEqual(p.validateServerMessage({ ...loaded, panel: { controls: [], machine } }), [], 'a panel with its machine');
  for (const bad of [{ states: [], transitions: [] }, { ...machine, transitions: [{ from: 'a', to: 'b' }] }, { states: ['a'] }]) {
    assert.ok(p.validateServerMessage({ ...loaded, panel: { controls: [], machine: bad } })
      .includes('panel must be {controls, hint?, machine?}'), JSON.stringify(bad));
  }
  const { panels: _, ...older } = samples.welcome;
  assert.deepEqual(p.validateServerMessage(older), [], 'a server that sends no panels');
  assert.ok(p.validateServerMessage({ ...samples.welcome, panels: { curtain: { controls: ['scrub'], hint: 3 } } })
    .includes('panels must be an object of name: {controls, hint?, machine?}'));
  assert.ok(p.validateServerMessage({ ...samples.frame, list: { ...list, version: 2 } }).includes('list: version must be 1'));
});

test('parseServerMessage rejects non-JSON and invalid messages without throwing', () => {
  assert.deepEqual(p.parseServerMessage('{'), { problems: ['not JSON'] });
  assert.deepEqual(p.parseServerMessage('[1]').problems, ['message must be a JSON object']);
  assert.equal(p.parseServerMessage('{"type":"pong","id":1,"serverTime":2}').message.id, 1);
});

test('display list validation: balance, op fields, paths, stops, roles', () => {
  assert.deepEqual(p.validateDisplayList(list), []);
  const bad = {
    ...list,
    ops: [
      { op: 'pop' },
      { op: 'push', id: 'a', opacity: 2 },
      { op: 'fill', id: 'f', path: [['C', 1, 2]], paint: { type: 'linear', from: [0, 0], to: [1, 1], stops: [{ offset: 0.5, color: [0, 0, 0, 1] }, { offset: 0.2, color: [0, 0, 0, 1] }] } },
      { op: 'text', id: 't', font: { family: 'Inter', weight: 300, size: 12 }, color: [0, 0, 0, 1], lines: [] },
      { id: 'x', op: 'fill' },
    ],
    accessibility: [{ id: 'a', role: 'link', label: 'x', frame: [0, 0, 1, 1] }],
  };
  assert.deepEqual(p.validateDisplayList(bad), [
    'ops[0]: pop without push',
    'ops[1]: opacity must be 0...1',
    'ops[2]: path[0] C wants 6 numbers',
    'ops[2]: gradient stops must ascend',
    'ops[3]: bad font',
    'ops[4]: op must be an object whose first key is op',
    '1 group(s) left open',
    'accessibility[0] is malformed',
  ]);
});

test('a joiner sends only what its access allows; a session answer may carry access', () => {
  const tap = { kind: 'tap', x: 1, y: 1 };
  const set = { kind: 'set', key: 'folds', value: 5 };
  const environment = { kind: 'environment', reduceMotion: true };
  assert.deepEqual([tap, set, environment].map((e) => p.mayDrive(undefined, e)), [true, true, true]);
  assert.deepEqual([tap, set, environment].map((e) => p.mayDrive('drive', e)), [true, false, false]);
  assert.deepEqual([tap, set, environment].map((e) => p.mayDrive('watch', e)), [false, false, false]);
  const session = { type: 'session', session: 'k3v9q2m7x1c8d4f6', component: 'curtain' };
  assert.deepEqual(p.validateServerMessage({ ...session, access: 'watch' }), []);
  assert.notDeepEqual(p.validateServerMessage({ ...session, access: 'all' }), []);
  assert.deepEqual(p.validateServerMessage({ type: 'error', code: 'not-allowed', message: 'you joined' }), []);
});
