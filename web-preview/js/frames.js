// Frame deltas (protocol.md, "Frame deltas"). A connection not opened with `?deltas=0` may get a
// frame whose `delta` is its display list written against an earlier frame `base` of the
// session: `ops` and `accessibility` hold either elements or `[from, count]` runs copied from
// the base's arrays; every other member is the list's own. Pure: no DOM, no socket.

const isCount = (n) => Number.isInteger(n) && n >= 0;

/** The array `entries` describes over `base`, or null when a run copies what base lacks. */
function expand(entries, base) {
  if (!Array.isArray(entries) || !Array.isArray(base)) return null;
  const out = [];
  for (const entry of entries) {
    if (!Array.isArray(entry)) {
      out.push(entry);
      continue;
    }
    const [from, count] = entry;
    if (entry.length !== 2 || !isCount(from) || !isCount(count) || count === 0 || from + count > base.length) return null;
    for (let i = from; i < from + count; i += 1) out.push(base[i]);
  }
  return out;
}

/**
 * The display list `delta` describes against `base` (a list object), members in the
 * delta's order; null when it is malformed or copies elements `base` does not have.
 */
export function applyDelta(delta, base) {
  if (delta === null || typeof delta !== 'object' || base === null || typeof base !== 'object') return null;
  const list = {};
  for (const [key, value] of Object.entries(delta)) {
    if (key === 'ops' || key === 'accessibility') {
      const expanded = expand(value, base[key]);
      if (!expanded) return null;
      list[key] = expanded;
    } else {
      list[key] = value;
    }
  }
  return list;
}

/** The last full list of the connection's session, onto which deltas are applied. */
export class FrameDeltas {
  constructor() { this.reset(); }

  /** Forgets the held list (a new connection: the server starts it with a full frame). */
  reset() {
    this.session = null;
    this.seq = null;
    this.list = null;
  }

  /**
   * The frame with its full `list` (a delta applied to the held list), or null when it is
   * a delta whose base is not held: draw nothing from it and send `resync`.
   */
  accept(frame) {
    let full = frame;
    if (frame.delta !== undefined) {
      if (frame.session !== this.session || frame.base !== this.seq) return null;
      const list = applyDelta(frame.delta, this.list);
      if (!list) return null;
      const { base: _base, delta: _delta, ...head } = frame;
      full = { ...head, list };
    }
    this.session = full.session;
    this.seq = full.seq;
    this.list = full.list;
    return full;
  }
}
