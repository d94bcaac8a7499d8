// Heads-up numbers: drawn fps, frame latency, dropped frames, sequence.
//
// Latency needs the server's clock on ours. Each ping carries our send time; the pong
// brings the server time it was answered at. Assuming the answer happened half-way
// through the round trip, offset = serverTime - (sent + received) / 2. The sample with
// the shortest round trip of the last few is the least disturbed, so that one is used
// (Cristian's algorithm, NTP's minimum-delay filter).

export class ClockSync {
  constructor(window = 8) {
    this.window = window;
    this.samples = [];
  }

  /** sentMs/receivedMs on the client clock (performance.now), serverTime in seconds. */
  add(sentMs, receivedMs, serverTimeSec) {
    const rtt = receivedMs - sentMs;
    if (!(rtt >= 0)) return;
    this.samples.push({ rtt, offset: serverTimeSec * 1000 - (sentMs + receivedMs) / 2 });
    if (this.samples.length > this.window) this.samples.shift();
  }

  get best() {
    return this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a), this.samples[0]);
  }

  /** Server clock minus client clock in ms, or null before the first pong. */
  get offset() { return this.best?.offset ?? null; }
  get rtt() { return this.best?.rtt ?? null; }

  /** How long ago (ms, client clock `nowMs`) the server built a frame stamped serverTime. */
  latency(serverTimeSec, nowMs) {
    const offset = this.offset;
    return offset === null ? null : nowMs - (serverTimeSec * 1000 - offset);
  }
}

/** Frames per second over a sliding one-second window of draw times (ms). */
export class FpsCounter {
  constructor(spanMs = 1000) { this.spanMs = spanMs; this.times = []; }
  tick(nowMs) {
    this.times.push(nowMs);
    while (this.times.length && this.times[0] <= nowMs - this.spanMs) this.times.shift();
  }
  rate(nowMs) {
    const recent = this.times.filter((t) => t > nowMs - this.spanMs);
    return recent.length * (1000 / this.spanMs);
  }
}

/** Tracks per-session sequence numbers; gaps are frames this page never received. */
export class SequenceTracker {
  constructor() { this.session = null; this.last = 0; this.gaps = 0; }
  add(session, seq) {
    if (session !== this.session) { this.session = session; this.last = seq; this.gaps = 0; return; }
    if (seq > this.last + 1) this.gaps += seq - this.last - 1;
    if (seq > this.last) this.last = seq;
  }
}

/**
 * The server's `dropped` count over time: how many frames this viewer missed in the last
 * second (replaced in its latest-wins slot because it read too slowly). Non-zero means the
 * viewer is behind. A new session's count starts again from its own first value.
 */
export class DropRate {
  constructor(spanMs = 1000) { this.spanMs = spanMs; this.samples = []; this.session = null; }
  add(session, dropped, nowMs) {
    if (session !== this.session) { this.session = session; this.samples = []; }
    this.samples.push({ t: nowMs, dropped });
    while (this.samples.length > 1 && this.samples[1].t <= nowMs - this.spanMs) this.samples.shift();
  }
  /** Frames dropped within the last span (0 with fewer than two samples). */
  recent(nowMs) {
    const inSpan = this.samples.filter((s) => s.t > nowMs - this.spanMs);
    if (inSpan.length === 0) return 0;
    const before = this.samples.find((s) => s.t <= nowMs - this.spanMs) ?? inSpan[0];
    return Math.max(0, inSpan[inSpan.length - 1].dropped - before.dropped);
  }
}

/** `value` right-aligned in `width` characters, or '—' there when unknown. */
const padded = (value, width) => (value ?? '—').padStart(width);

/**
 * The HUD's tile lines, `done` being the last `tiles-done`: every number labelled and padded
 * to a fixed width (the HUD is monospaced and keeps spaces), so nothing jumps as numbers
 * change. Latency is never below 0: a negative reading is the error of the clock offset
 * (estimated from pings), not a set from the future.
 */
export function tileLine(fps, latencyMs, done) {
  const whole = (v) => (v === null || v === undefined || !Number.isFinite(v) ? null : String(Math.round(Math.max(0, v))));
  const full = done.fullScale ?? done.scale;
  // `1x of 2x` while the server lowers the scale of a moving picture.
  const scale = done.scale < full ? `${done.scale}x of ${full}x` : `${done.scale}x`;
  const render = Number.isFinite(done.renderMs) ? Math.max(0, done.renderMs).toFixed(1) : null;
  return [
    `sets/s   ${padded(whole(fps), 6)}  latency ${padded(whole(latencyMs), 6)} ms`,
    `scale  ${scale.padStart(8)}  render  ${padded(render, 6)} ms`,
    `tiles    ${padded(whole(done.tiles), 6)}  lossy   ${padded(whole(done.lossy ?? 0), 6)}`,
    `rendered ${padded(whole(done.rendered), 6)}  skipped ${padded(whole(done.skipped), 6)}`,
  ].join('\n');
}

/** The HUD panel: writes into elements with data-hud="name" under `root`. */
export class Hud {
  constructor(root, now = () => performance.now()) {
    this.root = root;
    this.now = now;
    this.clock = new ClockSync();
    this.fps = new FpsCounter();
    this.seq = new SequenceTracker();
    this.serverDropped = 0;
    this.scrubbed = null; // the scrubber's progress while it overrides the machine's
    this.dropRate = new DropRate();
    this.lastFrame = null;
    this.latencyMs = null;
    this.joinedPicture = false;
    this.tileFps = new FpsCounter();
    this.tileLatencyMs = null;
    this.tileStats = null; // the last tiles-done
  }

  /** A tile set was swapped in: counts tile fps, latency from the frame's server time. */
  tilesArrived(done) {
    const now = this.now();
    this.tileFps.tick(now);
    this.tileStats = done;
    this.tileLatencyMs = this.clock.latency(done.serverTime, now);
  }

  tilesOff(off) {
    if (off) this.tileStats = null;
    this.set('tiles', off ? 'off' : 'waiting');
  }

  frameArrived(frame) {
    // The first frame of a session joined mid-way (seq past 1) was built before this page
    // came: it is the picture, not a delivery, so it has no latency to show ("—"), however
    // long the session has been still. Latency counts again from the next frame built.
    this.joinedPicture = this.lastFrame?.session !== frame.session && frame.seq > 1;
    this.lastFrame = frame;
    this.serverDropped = frame.dropped;
    this.dropRate.add(frame.session, frame.dropped, this.now());
    this.seq.add(frame.session, frame.seq);
  }

  drawn(skipped) {
    const now = this.now();
    this.fps.tick(now);
    if (this.lastFrame) this.latencyMs = this.joinedPicture ? null : this.clock.latency(this.lastFrame.serverTime, now);
    this.render(skipped);
  }

  render(skipped = 0) {
    const now = this.now();
    const fmt = (v, digits = 0, unit = '') => (v === null || v === undefined ? '—' : `${v.toFixed(digits)}${unit}`);
    this.set('fps', fmt(this.fps.rate(now)));
    this.set('latency', fmt(this.latencyMs, 1, ' ms'));
    this.set('rtt', fmt(this.clock.rtt, 1, ' ms'));
    // Frames the server could not hand this viewer: the total, and the last second's when
    // the viewer is behind now (the element gets data-behind for styling).
    const behind = this.dropRate.recent(now);
    this.set('dropped', behind > 0 ? `${this.serverDropped} (${behind} in 1 s)` : String(this.serverDropped));
    this.root?.querySelector('[data-hud="dropped"]')?.toggleAttribute('data-behind', behind > 0);
    this.set('skipped', String(skipped));
    this.set('seq', this.lastFrame ? `${this.lastFrame.seq}${this.seq.gaps ? ` (${this.seq.gaps} missed)` : ''}` : '—');
    // While scrubbed the picture is the scrubber's, not the machine state's: both are said.
    const state = this.lastFrame?.state ?? '—';
    this.set('state', this.scrubbed === null || this.scrubbed === undefined ? state
      : `scrubbed to ${this.scrubbed.toFixed(2)} (${state})`);
    if (this.tileStats) this.set('tiles', tileLine(this.tileFps.rate(now), this.tileLatencyMs, this.tileStats));
  }

  set(name, text) {
    const el = this.root?.querySelector(`[data-hud="${name}"]`);
    if (el && el.textContent !== text) el.textContent = text;
  }
}
