// Pointer events on the canvas -> morph.v1 EVENTs in viewport points.
//
// Every press is sent as the raw pointer stream (pointerDown, pointerMove while down,
// pointerUp; a cancelled pointer ends with pointerUp) so the curtain's drag sees every
// point, and a press that stayed within TAP_SLOP also produces a `tap` after its
// pointerUp, for the components that only react to taps. Which one a component uses is
// the server's business; the page never guesses.

import * as protocol from './protocol.js';

/** Movement (points) beyond which a press is a drag, not a tap (UIKit's ~10 pt). */
export const TAP_SLOP = 10;

const round2 = (v) => Math.round(v * 100) / 100;

/**
 * Maps a client (CSS pixel) position to viewport points. `rect` is the canvas's
 * getBoundingClientRect(); `viewport` its size in points. Works when CSS scales the
 * canvas (a small window), since only the ratio between the two matters.
 */
export function toViewportPoint(clientX, clientY, rect, viewport) {
  const sx = viewport[0] / rect.width;
  const sy = viewport[1] / rect.height;
  return { x: round2((clientX - rect.left) * sx), y: round2((clientY - rect.top) * sy) };
}

/** Whether a press from `down` to `up` (points) counts as a tap. */
export function isTap(down, up, slop = TAP_SLOP) {
  return Math.hypot(up.x - down.x, up.y - down.y) <= slop;
}

/**
 * The events one pointer phase produces; pure so the tap rule is testable.
 * `presses` maps pointer id -> {start, max distance so far}.
 */
export function pointerEvents(phase, id, point, presses) {
  if (phase === 'down') {
    presses.set(id, { start: point, moved: 0 });
    return [protocol.pointer('pointerDown', id, point.x, point.y)];
  }
  const press = presses.get(id);
  if (!press) return []; // hover, or a pointer that went down elsewhere
  press.moved = Math.max(press.moved, Math.hypot(point.x - press.start.x, point.y - press.start.y));
  if (phase === 'move') return [protocol.pointer('pointerMove', id, point.x, point.y)];
  presses.delete(id);
  const events = [protocol.pointer('pointerUp', id, point.x, point.y)];
  if (phase === 'up' && press.moved <= TAP_SLOP) events.push(protocol.tap(point.x, point.y));
  return events;
}

/**
 * Wires a canvas's pointer events to `send(event)`. `viewport()` returns the current
 * viewport size in points. Returns a function that detaches the listeners.
 */
export function attachPointerInput(canvas, viewport, send) {
  const presses = new Map();
  const handle = (phase) => (e) => {
    if (phase === 'down') {
      if (e.button !== undefined && e.button > 0) return; // primary button / touch / pen
      canvas.setPointerCapture?.(e.pointerId);
      e.preventDefault();
    }
    const point = toViewportPoint(e.clientX, e.clientY, canvas.getBoundingClientRect(), viewport());
    for (const event of pointerEvents(phase, e.pointerId, point, presses)) send(event);
  };
  const listeners = [
    ['pointerdown', handle('down')], ['pointermove', handle('move')],
    ['pointerup', handle('up')], ['pointercancel', handle('cancel')],
  ];
  for (const [type, fn] of listeners) canvas.addEventListener(type, fn);
  return () => { for (const [type, fn] of listeners) canvas.removeEventListener(type, fn); };
}
