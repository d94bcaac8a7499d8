// The WebSocket to morphd (subprotocol morph.v1) that comes back by itself. Reconnects
// with exponential backoff and jitter so a restarted server is not hit by every open tab
// at the same instant. The schedule is a pure function; the class only wires timers.
//
// Every connection names its session in the URL (`?session=ID`) so a router in front of
// several morphd (deploy/) can send all viewers of a session to the one that holds it; a
// new session's id is proposed here (protocol.md, "Session ids").

import { PROTOCOL } from './protocol.js';

export const BACKOFF = Object.freeze({ base: 250, factor: 2, max: 10000, jitter: 0.5 });

/**
 * Delay in ms before reconnect attempt `attempt` (0 = first retry): the exponential step
 * capped at `max`, then scaled down by up to `jitter` of itself ("equal jitter": never
 * below half the step, so retries still spread out without collapsing to zero).
 */
export function backoffDelay(attempt, random = Math.random, options = BACKOFF) {
  const { base, factor, max, jitter } = { ...BACKOFF, ...options };
  const step = Math.min(max, base * factor ** Math.max(0, attempt));
  return step * (1 - jitter * random());
}

/** The ws:// or wss:// URL of the page's own host (morphd serves both). */
export function socketURL(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/`;
}

/** True when WebSocket URL `url` (a `URL`) is the page's own origin: same host and port, `ws:`
 * or `wss:` from an `http:` page, `wss:` from an `https:` one (what CSP's 'self' allows). */
export function isOwnServer(url, location) {
  const schemes = location.protocol === 'https:' ? ['wss:'] : ['ws:', 'wss:'];
  return schemes.includes(url.protocol) && url.host === location.host;
}

/**
 * The server a live page connects to: its own (`socketURL`) without `?ws=`, or `ws` when that
 * is the page's own origin. Any other server would get the user's inputs, configurations and
 * dropped recordings, so it is taken only when `confirm(question)` is true (and the page's
 * CSP must allow it too: the shipped one does not). Null: do not connect.
 */
export function liveServerURL(ws, location, confirm) {
  if (ws === null || ws === undefined || ws === '') return socketURL(location);
  let url;
  try { url = new URL(ws); } catch { return null; }
  if (isOwnServer(url, location)) return url.toString();
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return null;
  const question = `Connect to ${url.host}? It is not this page's server, and it will receive what you do here: `
    + 'inputs, configurations and recordings you drop.';
  return confirm(question) ? url.toString() : null;
}

/**
 * `url` with its `session` argument set to `session` (the key a router hashes); `deltas=1`:
 * frames may come as deltas (frames.js), or with `deltas` false `deltas=0`, full frames only
 * (saying nothing would now get deltas too, but a server from before they were the default
 * needs the `1`); with `acks`, `acks=1`:
 * the page acknowledges each frame it draws (`frame-ack`), and the server keeps at most two
 * unacknowledged, so a page that draws slowly gets fewer, newer frames, never a backlog.
 */
export function withSession(url, session, deltas = true, acks = false) {
  const parsed = new URL(url);
  parsed.searchParams.set('session', session);
  parsed.searchParams.set('deltas', deltas ? '1' : '0');
  if (acks) parsed.searchParams.set('acks', '1');
  else parsed.searchParams.delete('acks');
  return parsed.toString();
}

export const SESSION_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const SESSION_ID_LENGTH = 16;

/**
 * A fresh session id to propose: 16 lowercase letters and digits, uniform (bytes of 252 and
 * up are drawn again, so `% 36` favours no character). `randomBytes(n)` gives n bytes.
 */
export function newSessionID(randomBytes = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n))) {
  let id = '';
  while (id.length < SESSION_ID_LENGTH) {
    for (const byte of randomBytes(SESSION_ID_LENGTH)) {
      if (byte < 252 && id.length < SESSION_ID_LENGTH) id += SESSION_ID_ALPHABET[byte % 36];
    }
  }
  return id;
}

/** True for an id morphd takes as a proposal. */
export const isSessionID = (text) => typeof text === 'string' && /^[a-z0-9]{16}$/.test(text);

/**
 * Closes `sockets()` when the page is hidden for a navigation (`pagehide`), and calls
 * `restored()` when a page kept in the back/forward cache is shown again (`pageshow` with
 * `persisted`). Chromium keeps a cached page's WebSockets open: a page navigated away from kept
 * its sessions on the server, and their tile streams, which `--max-tile-streams` counts, so a
 * fifth curtain page in one browser was refused tiles (`busy`).
 */
export function closeWhenPageHides(target, sockets, restored) {
  target.addEventListener('pagehide', () => { for (const socket of sockets()) socket.close(); });
  target.addEventListener('pageshow', (event) => { if (event.persisted) restored(); });
}

export class Socket {
  /**
   * @param url WebSocket URL, or a function giving it, asked again at every connect.
   * @param handlers {open(), message(text), close(info)} callbacks.
   * @param env injectable WebSocket, setTimeout, clearTimeout, random (tests).
   */
  constructor(url, handlers, env = globalThis) {
    this.url = url;
    this.handlers = handlers;
    this.env = env;
    this.attempt = 0;
    this.ws = null;
    this.timer = null;
    this.closedByUs = false;
  }

  get connected() { return this.ws?.readyState === 1; }

  connect() {
    this.closedByUs = false;
    const url = typeof this.url === 'function' ? this.url() : this.url;
    const ws = new this.env.WebSocket(url, PROTOCOL);
    this.ws = ws;
    ws.binaryType = 'arraybuffer'; // raster tiles: the header is read with a DataView
    ws.onopen = () => {
      this.attempt = 0;
      this.handlers.open?.();
    };
    ws.onmessage = (e) => {
      if (typeof e.data === 'string') this.handlers.message?.(e.data);
      else this.handlers.binary?.(e.data); // raster tiles (tiles.js)
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closedByUs) return;
      const delay = backoffDelay(this.attempt, this.env.random ?? Math.random);
      this.attempt += 1;
      this.handlers.close?.({ code: e.code, reason: e.reason, retryIn: delay });
      this.timer = this.env.setTimeout(() => this.connect(), delay);
    };
  }

  /** Drops the current connection (if any) and connects again at once, to the URL as it is now. */
  reconnect() {
    if (this.timer) this.env.clearTimeout(this.timer);
    this.timer = null;
    const old = this.ws;
    this.ws = null; // its close event is then not ours to handle
    old?.close(1000);
    this.attempt = 0;
    this.connect();
  }

  /** Sends a message object as JSON; false when not connected (the caller decides). */
  send(message) {
    if (!this.connected) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closedByUs = true;
    if (this.timer) this.env.clearTimeout(this.timer);
    this.ws?.close(1000);
    this.ws = null;
  }
}
