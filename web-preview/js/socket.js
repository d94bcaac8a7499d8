// The WebSocket to morphd (subprotocol morph.v1) that comes back by itself. Reconnects
// with exponential backoff and jitter so a restarted server is not hit by every open tab
// at the same instant. The schedule is a pure function; the class only wires timers.

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

export class Socket {
  /**
   * @param url WebSocket URL.
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
    const ws = new this.env.WebSocket(this.url, PROTOCOL);
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
