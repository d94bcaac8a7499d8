// How big the component shows on the stage: "fit" (the default: the whole viewport in the
// stage's room, never enlarged, so an iPhone 15 fits a 1280 × 800 window unscrolled) or a
// fixed zoom from 50 to 200 %, and the viewport turned to landscape or typed in. Pure, so node
// --test runs it; main.js applies the scale as a CSS transform on the device, inside a box of
// the scaled size, so pointer positions map through the canvas's bounding rect as at 100 %.

/** The zoom menu's values, in menu order. */
export const ZOOMS = Object.freeze(['fit', '0.5', '0.75', '1', '1.5', '2']);

/** The largest viewport side the protocol takes, in points (InputLimits). */
export const MAX_VIEWPORT_SIDE = 4096;

/**
 * The scale for zoom `zoom` (a ZOOMS value) of a `viewport` [w, h] in points on a stage with
 * `room` [w, h] CSS px to spare; an unknown zoom is 100 %.
 */
export function stageScale(zoom, viewport, room) {
  if (zoom === 'fit') {
    const scale = Math.min(1, room[0] / viewport[0], room[1] / viewport[1]);
    return Number.isFinite(scale) && scale > 0 ? scale : 1;
  }
  const scale = Number(zoom);
  return ZOOMS.includes(zoom) && scale > 0 ? scale : 1;
}

/** The viewport turned a quarter: width and height swapped (portrait ↔ landscape). */
export const rotated = ([w, h]) => [h, w];

/**
 * A typed size as [w, h] in points, or a sentence saying what is wrong with it: each side a
 * number of points from 1 to MAX_VIEWPORT_SIDE.
 */
export function customViewport(widthText, heightText) {
  const sides = [widthText, heightText].map((text) => Number(String(text).trim()));
  const names = ['width', 'height'];
  for (const [i, side] of sides.entries()) {
    if (String([widthText, heightText][i]).trim() === '' || !Number.isFinite(side)) return `${names[i]} must be a number of points`;
    if (side < 1 || side > MAX_VIEWPORT_SIDE) return `${names[i]} must be from 1 to ${MAX_VIEWPORT_SIDE} points`;
  }
  return sides;
}
