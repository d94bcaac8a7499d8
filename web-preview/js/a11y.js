// A DOM mirror of the display list's accessibility elements, so a screen reader and the
// keyboard can use the canvas. Each element becomes a transparent, focusable node placed
// exactly over its frame; activating it (Enter, Space, or a screen reader's "double
// tap") presses the frame's centre: the pointerDown and pointerUp a tap there would send.
// Nodes are kept by id across frames so focus survives a running animation.

/** ARIA role and element for each display-list role. */
export const ROLE_MAP = Object.freeze({
  button: { tag: 'button', role: 'button' },
  text: { tag: 'div', role: 'paragraph' },
  image: { tag: 'div', role: 'img' },
  group: { tag: 'div', role: 'group' },
  adjustable: { tag: 'div', role: 'slider' },
});

/** Centre of a frame [x, y, w, h], where an activation presses. */
export const frameCentre = ([x, y, w, h]) => ({ x: x + w / 2, y: y + h / 2 });

/** ARIA attributes for one element (pure; the DOM code below only applies them). */
export function ariaAttributes(element) {
  const { role } = ROLE_MAP[element.role] ?? ROLE_MAP.group;
  // A paragraph is named by its content (ARIA prohibits aria-label there); the rest by label.
  const attrs = { role };
  if (element.role !== 'text') attrs['aria-label'] = element.label;
  if (element.role === 'adjustable') {
    attrs['aria-valuetext'] = element.value ?? '';
  }
  if (element.role === 'button' || element.role === 'adjustable') attrs.tabindex = '0';
  return attrs;
}

export class AccessibilityMirror {
  /** @param root the overlay element, same CSS box as the canvas; @param activate(point) */
  constructor(root, activate) {
    this.root = root;
    this.activate = activate;
    this.nodes = new Map();
  }

  update(elements) {
    const seen = new Set();
    for (const element of elements ?? []) {
      seen.add(element.id);
      let entry = this.nodes.get(element.id);
      if (!entry || entry.role !== element.role) {
        entry?.node.remove();
        entry = this.create(element);
        this.nodes.set(element.id, entry);
      }
      this.apply(entry, element);
    }
    for (const [id, entry] of this.nodes) {
      if (!seen.has(id)) { entry.node.remove(); this.nodes.delete(id); }
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
    const entry = { node, label, description, role: element.role, frame: element.frame };
    const fire = () => this.activate(frameCentre(entry.frame));
    if (tag === 'button') node.addEventListener('click', fire);
    else if (element.role === 'adjustable') {
      node.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); fire(); }
      });
    }
    this.root.append(node);
    return entry;
  }

  apply(entry, element) {
    const { node, label, description } = entry;
    entry.frame = element.frame;
    if (label.textContent !== element.label) label.textContent = element.label;
    for (const [name, value] of Object.entries(ariaAttributes(element))) {
      if (node.getAttribute(name) !== value) node.setAttribute(name, value);
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
