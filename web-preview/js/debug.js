// The page's one debug hook. Browser tests (and a curious person) read the page's state
// from data-* attributes: frames drawn, fonts settled, the session, the last input event,
// tile sets, the curtain's render path. Those attributes are written only here, and only
// when the page was opened with `?debug=1`; without it the page carries no test state.

/**
 * @param {string} search `location.search`
 * @returns {{ enabled: boolean, mark(element: HTMLElement, key: string, value: unknown): void }}
 */
export function createDebug(search) {
  const enabled = new URLSearchParams(search).get('debug') === '1';
  return {
    enabled,
    /** Sets `element.dataset[key]` to `String(value)` (removes it for null/undefined). */
    mark(element, key, value) {
      if (!enabled) return;
      if (value === undefined || value === null) delete element.dataset[key];
      else element.dataset[key] = String(value);
    },
  };
}
