// The page's URL and "Copy link": what opens or joins the same session with the same
// configuration, viewport and environment, and reading those parameters back at page load.
// The page keeps its own address current with them, so a reload (or a stale link, once the
// session has ended) reopens the same view. Pure, so node --test runs it.
//
//   ?session=ID          join this session (socket.js and main.js use the same name)
//   &component=NAME      what to open when the session is gone
//   &config=JSON         its configuration (the panel's values, compact JSON)
//   &viewport=WxH        its viewport in points
//   &env=JSON            its environment: reduceMotion, dynamicType, colorScheme

/** The largest message morphd takes by default (protocol.md; `too-large` beyond it). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** `href` with the session's link parameters set (others, such as `ws`, are kept). */
export function linkFor(href, { session, component, configuration, viewport, environment }) {
  const url = new URL(href);
  for (const name of ['frames', 'index', 'autoplay', 'loop']) url.searchParams.delete(name);
  if (session) url.searchParams.set('session', session); else url.searchParams.delete('session');
  if (component) url.searchParams.set('component', component);
  if (configuration && Object.keys(configuration).length) url.searchParams.set('config', JSON.stringify(configuration));
  else url.searchParams.delete('config');
  if (viewport) url.searchParams.set('viewport', `${viewport[0]}x${viewport[1]}`);
  if (environment) url.searchParams.set('env', JSON.stringify(environment));
  return url.toString();
}

/**
 * The link parameters of a page URL; a malformed `config` or `viewport` is left out (the
 * page then opens with defaults rather than refusing to start).
 */
export function readLink(params) {
  const result = {
    session: params.get('session') || undefined,
    component: params.get('component') || undefined,
    configuration: undefined,
    viewport: undefined,
    environment: undefined,
  };
  try {
    const value = JSON.parse(params.get('config') ?? 'null');
    if (value && typeof value === 'object' && !Array.isArray(value)) result.configuration = value;
  } catch { /* ignored: see above */ }
  try {
    const value = JSON.parse(params.get('env') ?? 'null');
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      // Only the fields the protocol's environment has, each of its type.
      const environment = {};
      if (typeof value.reduceMotion === 'boolean') environment.reduceMotion = value.reduceMotion;
      if (typeof value.dynamicType === 'string') environment.dynamicType = value.dynamicType;
      if (value.colorScheme === 'light' || value.colorScheme === 'dark') environment.colorScheme = value.colorScheme;
      if (Object.keys(environment).length) result.environment = environment;
    }
  } catch { /* ignored: see above */ }
  const match = /^(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)$/.exec(params.get('viewport') ?? '');
  if (match) {
    const size = [Number(match[1]), Number(match[2])];
    if (size.every((n) => n > 0 && n <= 4096)) result.viewport = size;
  }
  return result;
}
