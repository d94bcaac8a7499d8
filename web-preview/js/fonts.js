// Inter stands in for SF Pro (its metrics are close and it is free), DejaVu Sans Mono for SF Mono (Markdown code
// in a Text). morphd serves the files under /fonts/; the page loads them through FontFace so
// the CSP needs no inline @font-face. A face registered here shadows any installed font of
// the same family name, so the canvas draws the served files, never a system copy.

/** The four weights a display list may ask for, and the file each one lives in. */
export const INTER_FILES = Object.freeze({
  400: 'Inter-Regular.otf',
  500: 'Inter-Medium.otf',
  600: 'Inter-SemiBold.otf',
  700: 'Inter-Bold.otf',
});

/** DejaVu Sans Mono has regular and bold only; CSS font matching draws 500 regular, 600 bold. */
export const MONO_FAMILY = 'DejaVu Sans Mono';
export const MONO_FILES = Object.freeze({
  400: 'DejaVuSansMono.ttf',
  700: 'DejaVuSansMono-Bold.ttf',
});

/**
 * Canvas font shorthand for a display-list font. The family is quoted so names with
 * spaces survive; sans-serif only shows while Inter is still loading or missing. A
 * component's own font (`file`) is its one face, registered under fileFamily(file) for any
 * weight, so the weight is left out (no synthetic bold: cairo draws the file as it is).
 */
export function fontString({ family, weight, size, file }) {
  if (file) return `${size}px "${fileFamily(file)}", sans-serif`;
  return `${weight} ${size}px "${family}", sans-serif`;
}

/**
 * The CSS family a component's font file is registered under: named by the file, not the
 * family the component gave it, so two components' "brand" fonts never shadow each other.
 */
export function fileFamily(file) {
  return `morph-file:${file}`;
}

/** The URL morphd serves a component's font file at (the components folder's `.ttf` names). */
export function fileFontURL(file) {
  const part = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
  if (typeof file !== 'string' || file.length > 128 || !new RegExp(`^${part}(/${part})*\\.ttf$`).test(file)) return null;
  return `/userfonts/${file}`;
}

/**
 * Component font files (display-list fonts with a `file`), each loaded once into `fontSet`
 * through FontFace before text in it is drawn: `ready(file)` says whether it has loaded and
 * starts the load the first time; `onReady(file)` asks for a redraw when it arrives. Text in
 * a font still loading (or that failed) is not drawn, so the fallback face never shows.
 */
export class FileFontCache {
  constructor({ fontSet = globalThis.document?.fonts, FontFaceClass = globalThis.FontFace, onReady = () => {}, limit = 16 } = {}) {
    this.fontSet = fontSet;
    this.FontFaceClass = FontFaceClass;
    this.onReady = onReady;
    this.limit = limit;
    this.entries = new Map(); // file -> { state: 'loading' | 'ready' | 'failed', face }
  }

  ready(file) {
    const entry = this.entries.get(file);
    if (entry) return entry.state === 'ready';
    const url = fileFontURL(file);
    if (!url || !this.fontSet || !this.FontFaceClass) {
      this.entries.set(file, { state: 'failed', face: null });
      return false;
    }
    const face = new this.FontFaceClass(fileFamily(file), `url(${url})`, { weight: '1 1000' });
    const fresh = { state: 'loading', face };
    this.entries.set(file, fresh);
    this.trim();
    face.load().then(
      () => {
        if (this.entries.get(file) !== fresh) return;
        this.fontSet.add(face);
        fresh.state = 'ready';
        this.onReady(file);
      },
      () => { fresh.state = 'failed'; },
    );
    return false;
  }

  /** Loads every file again at its next draw (a component reloaded: a file may have changed). */
  refresh() {
    for (const entry of this.entries.values()) if (entry.face) this.fontSet?.delete?.(entry.face);
    this.entries.clear();
  }

  /** Forgets the oldest faces beyond the limit. */
  trim() {
    for (const [file, entry] of this.entries) {
      if (this.entries.size <= this.limit) break;
      if (entry.face) this.fontSet?.delete?.(entry.face);
      this.entries.delete(file);
    }
  }
}

/**
 * Loads every Inter weight and both DejaVu Sans Mono faces into `fontSet` (document.fonts).
 * Resolves to the number of faces that loaded; a missing file is not an error (offline
 * replay from a plain file server), it only leaves canvas text in the fallback face.
 */
export async function loadInter(fontSet, baseURL, FontFaceClass = globalThis.FontFace) {
  if (!fontSet || !FontFaceClass) return 0;
  const faces = [
    ...Object.entries(INTER_FILES).map(([weight, file]) => ['Inter', weight, file]),
    ...Object.entries(MONO_FILES).map(([weight, file]) => [MONO_FAMILY, weight, file]),
  ];
  const loads = faces.map(async ([family, weight, file]) => {
    const face = new FontFaceClass(family, `url(${new URL(`fonts/${file}`, baseURL)})`, { weight });
    try {
      await face.load();
      fontSet.add(face);
      return 1;
    } catch {
      return 0;
    }
  });
  return (await Promise.all(loads)).reduce((a, b) => a + b, 0);
}
