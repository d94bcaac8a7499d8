// The variants page (variants.html): one component over chosen variants at once, a cell per
// combination of viewport × Dynamic Type × colour scheme × Reduce Motion, every cell its own
// session on the server, and one pointer on any cell driving them all (the same input events
// to each). What the address asks for, and the cells it makes, are worked out here: pure, so
// node --test runs it.
//
//   ?component=NAME                 the component (the server's first when absent)
//   &config=JSON                    its configuration, the same in every cell
//   &viewport=WxH[,WxH…]            viewports in points (the component's own when absent)
//   &dynamicType=L[,AX3…]           Dynamic Type sizes (protocol.js DYNAMIC_TYPES)
//   &colorScheme=light[,dark]       colour schemes
//   &reduceMotion=0[,1]             Reduce Motion off (0) and/or on (1)

import { DYNAMIC_TYPES } from './protocol.js';

/** More cells than this would each get too few of two cores' frames to be worth looking at. */
export const MAX_CELLS = 12;

export const COLOR_SCHEMES = Object.freeze(['light', 'dark']);

/** `list` without repeats, in first-seen order. */
const unique = (list) => [...new Set(list)];

/** The comma-separated values of parameter `name`, or null when it is absent or empty. */
function listParam(params, name) {
  const text = params.get(name);
  if (text === null || text.trim() === '') return null;
  return text.split(',').map((part) => part.trim()).filter((part) => part !== '');
}

/** `WxH` in points as [w, h], or null when malformed or outside 1…4096. */
export function parseViewport(text) {
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(text);
  if (!match) return null;
  const size = [Number(match[1]), Number(match[2])];
  return size.every((n) => n >= 1 && n <= 4096) ? size : null;
}

/**
 * What the address asks for: `{component, configuration, axes, problems}`. Each axis is a
 * list of the values asked for (one default value when absent); a value the protocol does
 * not know is left out and named in `problems`, so the page says what it ignored rather than
 * silently showing less.
 */
export function readVariants(params) {
  const problems = [];
  const component = params.get('component') || undefined;
  let configuration;
  const configText = params.get('config');
  if (configText) {
    try {
      const parsed = JSON.parse(configText);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      configuration = parsed;
    } catch {
      problems.push('config is not a JSON object: every cell opens with the defaults');
    }
  }
  const pick = (name, known, parse, fallback) => {
    const asked = listParam(params, name);
    if (asked === null) return [fallback];
    const values = [];
    for (const text of asked) {
      const value = parse(text);
      if (value === null || (known && !known.includes(value))) problems.push(`${name}: unknown value "${text}"`);
      else values.push(value);
    }
    const kept = unique(values.map((v) => JSON.stringify(v))).map((v) => JSON.parse(v));
    return kept.length ? kept : [fallback];
  };
  const flag = (text) => (text === '1' || text === 'on' || text === 'true' ? true
    : text === '0' || text === 'off' || text === 'false' ? false : null);
  const axes = {
    // null: the component's own viewport (its file's), which the server applies.
    viewport: pick('viewport', null, parseViewport, null),
    dynamicType: pick('dynamicType', DYNAMIC_TYPES, (t) => t, 'L'),
    colorScheme: pick('colorScheme', COLOR_SCHEMES, (t) => t, 'light'),
    reduceMotion: pick('reduceMotion', null, flag, false),
  };
  return { component, configuration, axes, problems };
}

/**
 * Every combination of the axes, viewport outermost and Reduce Motion innermost; each cell
 * `{viewport, environment: {dynamicType, colorScheme, reduceMotion}, label}` (viewport null:
 * the component's own). Throws a
 * RangeError naming the count when there are more than MAX_CELLS.
 */
export function variantCells(axes) {
  const count = axes.viewport.length * axes.dynamicType.length * axes.colorScheme.length * axes.reduceMotion.length;
  if (count > MAX_CELLS) {
    throw new RangeError(`${count} variants asked for; at most ${MAX_CELLS} at once: choose fewer values`);
  }
  const cells = [];
  for (const viewport of axes.viewport) {
    for (const dynamicType of axes.dynamicType) {
      for (const colorScheme of axes.colorScheme) {
        for (const reduceMotion of axes.reduceMotion) {
          const cell = { viewport, environment: { dynamicType, colorScheme, reduceMotion } };
          cells.push({ ...cell, label: cellLabel(cell, axes) });
        }
      }
    }
  }
  return cells;
}

/**
 * A cell's caption: the values of the axes that vary across the grid, in axis order
 * ("AX3 · dark"); a grid of one cell names its Dynamic Type size and scheme.
 */
export function cellLabel(cell, axes) {
  const parts = [];
  const varies = (axis) => axes[axis].length > 1;
  if (varies('viewport')) parts.push(cell.viewport ? `${cell.viewport[0]} × ${cell.viewport[1]}` : 'own size');
  if (varies('dynamicType')) parts.push(cell.environment.dynamicType);
  if (varies('colorScheme')) parts.push(cell.environment.colorScheme);
  if (varies('reduceMotion')) parts.push(cell.environment.reduceMotion ? 'Reduce Motion' : 'motion');
  if (!parts.length) parts.push(cell.environment.dynamicType, cell.environment.colorScheme);
  return parts.join(' · ');
}

/**
 * The variants page's address for a component seen on the main page: its configuration and
 * viewport, with `environment`'s Dynamic Type size beside AX3 (or AX3 beside L) in light and
 * dark: four cells that show at once what an accessibility size and a dark screen do to it.
 * The page's own `ws` (its server) and `debug` carry over.
 */
export function variantsLink(href, { component, configuration, viewport, environment = {} }) {
  const url = new URL('variants.html', href);
  const from = new URL(href).searchParams;
  for (const name of ['ws', 'debug']) if (from.has(name)) url.searchParams.set(name, from.get(name));
  if (component) url.searchParams.set('component', component);
  if (configuration && Object.keys(configuration).length) url.searchParams.set('config', JSON.stringify(configuration));
  if (viewport) url.searchParams.set('viewport', `${viewport[0]}x${viewport[1]}`);
  const size = environment.dynamicType && DYNAMIC_TYPES.includes(environment.dynamicType) ? environment.dynamicType : 'L';
  url.searchParams.set('dynamicType', unique([size, size === 'AX3' ? 'L' : 'AX3']).join(','));
  url.searchParams.set('colorScheme', COLOR_SCHEMES.join(','));
  if (environment.reduceMotion) url.searchParams.set('reduceMotion', '1');
  return url.toString();
}
