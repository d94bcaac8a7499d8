// A DOM mirror of the display list's accessibility elements, so a screen reader and the
// keyboard can use the canvas. Each element becomes a transparent, focusable node placed
// exactly over its frame; activating it (Enter, Space, or a screen reader's "double
// tap") presses the frame's centre: the pointerDown and pointerUp a tap there would send.
// Nodes are kept by id across frames so focus survives a running animation, and they stay
// in VoiceOver's reading order (readingOrder below), which is the DOM order a browser's
// screen reader follows.

/**
 * Each SwiftUI accessibility trait (the display list's `role`) as an element and a valid
 * ARIA 1.1 role, with the attributes that role requires:
 * - button (`.isButton`): a native <button>; its implicit role is button (an explicit
 *   role="button" on a <button> is redundant, and audits reject it).
 * - text (static text, no trait): a plain element with no role, named by its content
 *   (ARIA prohibits aria-label on a generic element).
 * - header (`.isHeader`): heading, with aria-level (VoiceOver has no levels; 2 sits under
 *   the page's h1).
 * - image (`.isImage`): img, named by aria-label.
 * - group (`.accessibilityElement(children: .contain)`): group, named by aria-label.
 * - adjustable (`.adjustable`): slider, with aria-valuenow, aria-valuemin, aria-valuemax
 *   and aria-valuetext (the value VoiceOver reads).
 */
export const ROLE_MAP = Object.freeze({
  button: Object.freeze({ tag: 'button', role: null }),
  text: Object.freeze({ tag: 'div', role: null }),
  header: Object.freeze({ tag: 'div', role: 'heading' }),
  image: Object.freeze({ tag: 'div', role: 'img' }),
  group: Object.freeze({ tag: 'div', role: 'group' }),
  adjustable: Object.freeze({ tag: 'div', role: 'slider' }),
});

/** The aria-level a header gets. */
export const HEADING_LEVEL = 2;

/** Centre of a frame [x, y, w, h], where an activation presses. */
export const frameCentre = ([x, y, w, h]) => ({ x: x + w / 2, y: y + h / 2 });

/**
 * An adjustable element's numeric value and range: `min`/`max` from the element when it
 * carries them, else from `range` (what the page knows, e.g. the folds stepper's 1...8),
 * else the value alone (a range of one point, which is still a valid slider).
 */
export function sliderRange(element, range) {
  const parsed = Number.parseFloat(element.value ?? '');
  const now = Number.isFinite(parsed) ? parsed : 0;
  const min = Number.isFinite(element.min) ? element.min : (range?.min ?? now);
  const max = Number.isFinite(element.max) ? element.max : (range?.max ?? now);
  const low = Math.min(min, max, now);
  const high = Math.max(min, max, now);
  return { now, min: low, max: high };
}

/** Every attribute the mirror manages on a node; one an element no longer needs is removed. */
export const MANAGED_ATTRIBUTES = Object.freeze(['role', 'aria-label', 'aria-level', 'aria-valuenow',
  'aria-valuemin', 'aria-valuemax', 'aria-valuetext', 'tabindex']);

/** ARIA attributes for one element (pure; the DOM code below only applies them). */
export function ariaAttributes(element, range) {
  const { role } = ROLE_MAP[element.role] ?? ROLE_MAP.group;
  const attrs = {};
  if (role) attrs.role = role;
  // Static text is named by its content; the rest by label.
  if (element.role !== 'text') attrs['aria-label'] = element.label;
  if (element.role === 'header') attrs['aria-level'] = String(HEADING_LEVEL);
  if (element.role === 'adjustable') {
    const { now, min, max } = sliderRange(element, range);
    attrs['aria-valuenow'] = String(now);
    attrs['aria-valuemin'] = String(min);
    attrs['aria-valuemax'] = String(max);
    if (element.value) attrs['aria-valuetext'] = element.value;
    attrs.tabindex = '0'; // a <button> is focusable already
  }
  return attrs;
}

/**
 * VoiceOver's default order: the natural reading direction, top to bottom, then leading
 * to trailing (left to right; the preview is English) for elements whose tops are level
 * (to the point). The display list's own order is its drawing order (what is on top comes
 * last), which is not the order VoiceOver reads in. Stable: equal frames keep list order.
 */
export function readingOrder(elements) {
  return (elements ?? []).map((element, index) => ({ element, index }))
    .sort((a, b) => Math.round(a.element.frame[1]) - Math.round(b.element.frame[1])
      || a.element.frame[0] - b.element.frame[0] || a.index - b.index)
    .map(({ element }) => element);
}

/** Slider keys and the step each takes (VoiceOver's swipe up/down: increment/decrement). */
export const ADJUST_KEYS = Object.freeze({ ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1 });

export class AccessibilityMirror {
  /**
   * @param root the overlay element, same CSS box as the canvas
   * @param activate(point) presses a point (a tap)
   * @param options.ranges id -> {min, max} for adjustable elements whose range the display
   *   list does not carry; options.adjust(id, step) increments (+1) or decrements (-1) one.
   */
  constructor(root, activate, { ranges = {}, adjust = null } = {}) {
    this.root = root;
    this.activate = activate;
    this.ranges = ranges;
    this.adjust = adjust;
    this.nodes = new Map();
  }

  update(elements) {
    const ordered = readingOrder(elements);
    const seen = new Set(ordered.map((element) => element.id));
    // Stale nodes go first, so they never stand between two nodes that keep their place.
    for (const [id, entry] of this.nodes) {
      if (!seen.has(id)) { entry.node.remove(); this.nodes.delete(id); }
    }
    let previous = null; // the node the next element's node must follow
    for (const element of ordered) {
      let entry = this.nodes.get(element.id);
      if (!entry || entry.role !== element.role) {
        entry?.node.remove();
        entry = this.create(element);
        this.nodes.set(element.id, entry);
      }
      this.apply(entry, element);
      // Only a node out of reading order moves (a new one, or one whose element moved),
      // so a focused node that keeps its place keeps focus.
      const expectedNext = previous ? previous.nextSibling : this.root.firstChild;
      if (expectedNext !== entry.node) this.root.insertBefore(entry.node, expectedNext);
      previous = entry.node;
    }
  }

  create(element) {
    const doc = this.root.ownerDocument;
    const { tag } = ROLE_MAP[element.role] ?? ROLE_MAP.group;
    const node = doc.createElement(tag);
    node.className = 'a11y-node';
    node.dataset.id = element.id;
    if (tag === 'button') node.type = 'button';
    const label = doc.createElement('span');
    label.className = 'a11y-label';
    node.append(label);
    const description = doc.createElement('span');
    description.className = 'visually-hidden';
    description.id = `a11y-desc-${element.id}`;
    node.append(description);
    const entry = { node, label, description, role: element.role, frame: element.frame, id: element.id };
    const fire = () => this.activate(frameCentre(entry.frame));
    if (tag === 'button') node.addEventListener('click', fire);
    else if (element.role === 'adjustable') {
      node.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); fire(); }
        else if (e.key in ADJUST_KEYS && this.adjust) { e.preventDefault(); this.adjust(entry.id, ADJUST_KEYS[e.key]); }
      });
    }
    this.root.append(node);
    return entry;
  }

  apply(entry, element) {
    const { node, label, description } = entry;
    entry.frame = element.frame;
    if (label.textContent !== element.label) label.textContent = element.label;
    const attrs = ariaAttributes(element, this.ranges[element.id]);
    for (const name of MANAGED_ATTRIBUTES) {
      const value = attrs[name];
      if (value === undefined) { if (node.hasAttribute(name)) node.removeAttribute(name); }
      else if (node.getAttribute(name) !== value) node.setAttribute(name, value);
    }
    // Value (for non-adjustable roles) and hint are read after the label and role, as
    // VoiceOver reads "label, value, trait, hint".
    const extra = [element.role === 'adjustable' ? null : element.value, element.hint].filter(Boolean).join('. ');
    if (description.textContent !== extra) description.textContent = extra;
    if (extra) node.setAttribute('aria-describedby', description.id);
    else node.removeAttribute('aria-describedby');
    if (element.hint) node.dataset.hint = element.hint; else delete node.dataset.hint;
    if (element.value) node.dataset.value = element.value; else delete node.dataset.value;
    const [x, y, w, h] = element.frame;
    const style = node.style;
    style.left = `${x}px`; style.top = `${y}px`; style.width = `${w}px`; style.height = `${h}px`;
  }
}
