import test from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, BACKOFF, closeWhenPageHides, isSessionID, liveServerURL, newSessionID, Socket, socketURL, withSession } from '../js/socket.js';

test('backoff doubles from 250 ms and caps at 10 s without jitter', () => {
  const noJitter = () => 0;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, noJitter)),
    [250, 500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
});

test('jitter stays within [half the step, the step] and spreads clients out', () => {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const step = Math.min(BACKOFF.max, BACKOFF.base * 2 ** attempt);
    assert.equal(backoffDelay(attempt, () => 0.999999), step * (1 - 0.5 * 0.999999));
    for (const r of [0, 0.25, 0.5, 0.75]) {
      const d = backoffDelay(attempt, () => r);
      assert.ok(d >= step / 2 && d <= step, `${attempt}/${r}: ${d}`);
    }
  }
  assert.notEqual(backoffDelay(3, () => 0.1), backoffDelay(3, () => 0.9));
});

test('socketURL follows the page scheme and host', () => {
  assert.equal(socketURL({ protocol: 'http:', host: '127.0.0.1:8080' }), 'ws://127.0.0.1:8080/');
  assert.equal(socketURL({ protocol: 'https:', host: 'example.org' }), 'wss://example.org/');
});

test('Socket asks for morph.v1, reconnects on the backoff schedule and resets after open', () => {
  const sockets = [];
  const timers = [];
  class FakeWebSocket {
    constructor(url, protocols) { this.url = url; this.protocols = protocols; this.readyState = 0; this.sent = []; sockets.push(this); }
    send(text) { this.sent.push(text); }
    close() { this.readyState = 3; }
  }
  const env = { WebSocket: FakeWebSocket, setTimeout: (fn, ms) => { timers.push({ fn, ms }); return timers.length; }, clearTimeout() {}, random: () => 0 };
  const events = [];
  const socket = new Socket('ws://h/', {
    open: () => events.push('open'), message: (t) => events.push(t), close: (i) => events.push(`close ${i.retryIn}`),
  }, env);
  socket.connect();
  assert.equal(sockets[0].protocols, 'morph.v1');
  assert.equal(socket.send({ type: 'ping', id: 1 }), false, 'not connected yet');
  sockets[0].onclose({ code: 1006 });
  sockets[0].onclose; // a close fires once per socket
  timers.shift().fn();
  sockets[1].onclose({ code: 1006 });
  assert.deepEqual(events, ['close 250', 'close 500']);
  timers.shift().fn();
  sockets[2].readyState = 1;
  sockets[2].onopen();
  sockets[2].onmessage({ data: '{"type":"pong"}' });
  assert.equal(socket.send({ type: 'ping', id: 1 }), true);
  assert.deepEqual(sockets[2].sent, ['{"type":"ping","id":1}']);
  sockets[2].onclose({ code: 1001 });
  assert.deepEqual(events.slice(2), ['open', '{"type":"pong"}', 'close 250']);
  socket.close();
  assert.equal(sockets.length, 3);
});

test('a socket closed by the page does not come back', () => {
  const timers = [];
  class FakeWebSocket { constructor() { this.readyState = 1; } close() {} }
  const socket = new Socket('ws://h/', {}, { WebSocket: FakeWebSocket, setTimeout: (fn) => timers.push(fn), clearTimeout() {} });
  socket.connect();
  const ws = socket.ws;
  socket.close();
  ws.onclose({ code: 1000 });
  assert.equal(timers.length, 0);
});

test('a proposed session id is 16 lowercase letters and digits, uniform over them', () => {
  const id = newSessionID();
  assert.ok(isSessionID(id), id);
  assert.notEqual(newSessionID(), id);
  // Bytes 252..255 are drawn again, so every character comes from a byte below 252.
  const bytes = [255, 0, 252, 35, 36, 251, ...Array(16).fill(1)];
  let offset = 0;
  const fixed = (n) => { const out = bytes.slice(offset, offset + n); offset += n; return out; };
  assert.equal(newSessionID(fixed), 'a9a9' + 'b'.repeat(12));
  for (const bad of ['', 'ABCDEFGHIJKLMNOP', 'abcdefghijklmno', 'abcdefghijklmnopq', 'abcdefghijklmno-', 7]) {
    assert.equal(isSessionID(bad), false, String(bad));
  }
});

test('the socket URL carries the session a router hashes, and is asked for again on every connect', () => {
  // The page asks for frame deltas unless told not to, and then says so: deltas are the
  // protocol's default (protocol.md, "Frame deltas").
  assert.equal(withSession('ws://127.0.0.1:8080/', 'abcdefghijklmnop'), 'ws://127.0.0.1:8080/?session=abcdefghijklmnop&deltas=1');
  assert.equal(withSession('ws://h:1/x?session=old&a=1', 'new0new0new0new0', false), 'ws://h:1/x?session=new0new0new0new0&a=1&deltas=0');
  assert.equal(withSession('ws://h:1/x?deltas=1', 'new0new0new0new0', false), 'ws://h:1/x?deltas=0&session=new0new0new0new0');
  // The page acknowledges the frames it draws (protocol.md, "Acknowledged frames").
  assert.equal(withSession('ws://h:1/', 'new0new0new0new0', true, true), 'ws://h:1/?session=new0new0new0new0&deltas=1&acks=1');
  assert.equal(withSession('ws://h:1/?acks=1', 'new0new0new0new0'), 'ws://h:1/?session=new0new0new0new0&deltas=1');
  const urls = [];
  class FakeWebSocket { constructor(url) { urls.push(url); this.readyState = 0; } close() { this.readyState = 3; } }
  let session = 'first00000000000';
  const socket = new Socket(() => withSession('ws://h/', session, false), {},
    { WebSocket: FakeWebSocket, setTimeout: () => 1, clearTimeout() {} });
  socket.connect();
  const first = socket.ws;
  session = 'second0000000000';
  socket.reconnect();
  first.onclose({ code: 1000 }); // the dropped socket's close is not a reason to come back
  assert.deepEqual(urls, ['ws://h/?session=first00000000000&deltas=0', 'ws://h/?session=second0000000000&deltas=0']);
});

test('?ws= is taken at once only for the page\'s own origin; another server needs a confirmation', () => {
  const http = { protocol: 'http:', host: '127.0.0.1:8080' };
  const https = { protocol: 'https:', host: 'morph.example' };
  const asked = [];
  const no = (question) => { asked.push(question); return false; };
  const yes = () => true;
  assert.equal(liveServerURL(null, http, no), 'ws://127.0.0.1:8080/');
  assert.equal(liveServerURL('ws://127.0.0.1:8080/', http, no), 'ws://127.0.0.1:8080/');
  assert.equal(liveServerURL('wss://127.0.0.1:8080/x?y=1', http, no), 'wss://127.0.0.1:8080/x?y=1');
  // Behind nginx over TLS: wss on the default port is the page's own origin.
  assert.equal(liveServerURL('wss://morph.example:443/', https, no), 'wss://morph.example/');
  assert.deepEqual(asked, []);
  for (const [ws, page] of [['ws://elsewhere:1/', http], ['ws://127.0.0.1:8081/', http],
    ['ws://morph.example/', https], ['ws://127.0.0.1.evil:8080/', http]]) {
    assert.equal(liveServerURL(ws, page, no), null, ws);
  }
  assert.equal(asked.length, 4);
  assert.match(asked[0], /elsewhere:1.*inputs/);
  assert.equal(liveServerURL('ws://elsewhere:1/', http, yes), 'ws://elsewhere:1/');
  // Not a WebSocket URL at all: refused without asking.
  assert.equal(liveServerURL('javascript:alert(1)', http, yes), null);
  assert.equal(liveServerURL('not a url', http, yes), null);
});

test('closeWhenPageHides closes the sockets on pagehide and reconnects only a page the cache shows again', () => {
  const closed = [];
  const sockets = [{ close: () => closed.push('a') }, { close: () => closed.push('b') }];
  let restored = 0;
  const page = new EventTarget();
  closeWhenPageHides(page, () => sockets, () => { restored += 1; });
  const pageEvent = (type, persisted) => Object.assign(new Event(type), { persisted });
  page.dispatchEvent(pageEvent('pagehide', true));
  assert.deepEqual(closed, ['a', 'b']);
  // The first load's pageshow is not a restore.
  page.dispatchEvent(pageEvent('pageshow', false));
  assert.equal(restored, 0);
  page.dispatchEvent(pageEvent('pageshow', true));
  assert.equal(restored, 1);
});
