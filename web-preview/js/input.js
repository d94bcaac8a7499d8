// Pointer events on the canvas -> morph.v1 EVENTs in viewport points.
//
// The page sends the raw pointer stream only (pointerDown, pointerMove while down,
// pointerUp; a cancelled pointer ends with pointerUp). Gestures are recognised by MorphKit
// on the server (tap slop and time, buttons, the curtain's drag), so a recording of what
// the page sent replays exactly as any other pointer-only client's would.

import * as protocol from './protocol.js';

/**
 * The pointer id of a press that no pointing device made: an accessibility activation.
 * The Pointer Events spec reserves -1 for such events.
 */
export const ACTIVATION_POINTER = -1;

const round2 = (v) => Math.round(v * 100) / 100;

/**
 * Maps a client (CSS pixel) position to viewport points. `rect` is the canvas's
 * getBoundingClientRect(); `viewport` its size in points, `bleed` the points the canvas
 * shows past each viewport edge. Works when CSS scales the canvas (a small window), since
 * only the ratio between the two matters.
 */
export function toViewportPoint(clientX, clientY, rect, viewport, bleed = 0) {
  const sx = (viewport[0] + 2 * bleed) / rect.width;
  const sy = (viewport[1] + 2 * bleed) / rect.height;
  return { x: round2((clientX - rect.left) * sx - bleed), y: round2((clientY - rect.top) * sy - bleed) };
}

/**
 * The events one pointer phase produces; pure so it is testable. `presses` holds the ids
 * of the pointers that went down on the canvas (moves of others are hover).
 */
export function pointerEvents(phase, id, point, presses) {
  if (phase === 'down') {
    presses.add(id);
    return [protocol.pointer('pointerDown', id, point.x, point.y)];
  }
  if (!presses.has(id)) return []; // hover, or a pointer that went down elsewhere
  if (phase === 'move') return [protocol.pointer('pointerMove', id, point.x, point.y)];
  presses.delete(id);
  return [protocol.pointer('pointerUp', id, point.x, point.y)];
}

/**
 * An accessibility activation (Enter, Space, a screen reader's double tap) as a press at
 * `point`: down and up at once, with ACTIVATION_POINTER.
 */
export function activationEvents(point) {
  return [
    protocol.pointer('pointerDown', ACTIVATION_POINTER, point.x, point.y),
    protocol.pointer('pointerUp', ACTIVATION_POINTER, point.x, point.y),
  ];
}

/**
 * Wires a canvas's pointer events to `send(event)`. `viewport()` returns the current
 * viewport size in points, `bleed()` the points the canvas shows past its edges (the list's
 * `bleed`). Returns a function that detaches the listeners.
 */
export function attachPointerInput(canvas, viewport, send, bleed = () => 0) {
  const presses = new Set();
  const handle = (phase) => (e) => {
    if (phase === 'down') {
      if (e.button !== undefined && e.button > 0) return; // primary button / touch / pen
      canvas.setPointerCapture?.(e.pointerId);
      e.preventDefault();
    }
    const point = toViewportPoint(e.clientX, e.clientY, canvas.getBoundingClientRect(), viewport(), bleed());
    for (const event of pointerEvents(phase, e.pointerId, point, presses)) send(event);
  };
  const listeners = [
    ['pointerdown', handle('down')], ['pointermove', handle('move')],
    ['pointerup', handle('up')], ['pointercancel', handle('cancel')],
  ];
  for (const [type, fn] of listeners) canvas.addEventListener(type, fn);
  return () => { for (const [type, fn] of listeners) canvas.removeEventListener(type, fn); };
}
