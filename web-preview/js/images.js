// Pictures for `image` ops (display-list.md, "`image`"): each source is fetched once, kept
// decoded, and drawn from then on. A frame drawn before its picture arrives draws nothing
// there; when the picture has decoded, `onReady` asks the display to draw the newest list
// again, so the picture shows without waiting for the next frame (a resting component
// sends none).
//
// A file name is fetched from morphd's `/images/<name>` (the component folder's PNGs);
// a `data:image/png;base64,` URI is decoded as it is. Pure apart from the `load` function it
// is handed, so node --test drives it with a stand-in.

/** The URL a source is fetched from; null for a source no renderer reads. */
export function imageURL(source) {
  if (typeof source !== 'string') return null;
  if (source.startsWith('data:image/png;base64,')) return source;
  const part = '[A-Za-z0-9_-][A-Za-z0-9._-]*';
  if (source.length > 128 || !new RegExp(`^${part}(/${part})*\\.png$`).test(source)) return null;
  return `/images/${source}`;
}

/** The browser's loader: an <img> decoded off the main thread, as an ImageBitmap where supported. */
export function loadInBrowser(url, done) {
  const img = new Image();
  img.decoding = 'async';
  img.onload = () => {
    if (typeof createImageBitmap === 'function') {
      createImageBitmap(img).then((bitmap) => done(bitmap), () => done(img));
    } else done(img);
  };
  img.onerror = () => done(null);
  img.src = url;
}

export class ImageCache {
  /**
   * @param options {load(url, done(picture | null)) — fetches and decodes one picture,
   * onReady(source) — a picture arrived (the display redraws), limit — most pictures kept}
   */
  constructor({ load = loadInBrowser, onReady = () => {}, limit = 64 } = {}) {
    this.load = load;
    this.onReady = onReady;
    this.limit = limit;
    this.entries = new Map(); // source -> { state: 'loading' | 'ready' | 'failed', picture }
  }

  /**
   * Fetches every picture again at its next draw (a component file reloaded: a picture may
   * have changed under the same name), drawing the one it has until the new one arrives.
   */
  refresh() {
    for (const [source, entry] of this.entries) {
      if (entry.state === 'ready') entry.stale = true;
      else if (entry.state === 'failed') this.entries.delete(source);
    }
  }

  /** The decoded picture for SOURCE, or null while it loads (or when it failed). */
  get(source) {
    const entry = this.entries.get(source);
    if (entry?.stale) {
      entry.stale = false;
      this.load(imageURL(source), (picture) => {
        if (this.entries.get(source) !== entry || !picture) return;
        entry.picture = picture;
        this.onReady(source);
      });
    }
    if (entry) {
      if (entry.state !== 'ready') return null;
      // Recently used last, so the oldest is dropped first when over the limit.
      this.entries.delete(source);
      this.entries.set(source, entry);
      return entry.picture;
    }
    const url = imageURL(source);
    if (!url) {
      this.entries.set(source, { state: 'failed', picture: null });
      return null;
    }
    const fresh = { state: 'loading', picture: null };
    this.entries.set(source, fresh);
    this.load(url, (picture) => {
      if (this.entries.get(source) !== fresh) return;
      fresh.state = picture ? 'ready' : 'failed';
      fresh.picture = picture;
      this.trim();
      if (picture) this.onReady(source);
    });
    return null;
  }

  /** Drops the least recently drawn pictures beyond the limit. */
  trim() {
    for (const [source, entry] of this.entries) {
      if (this.entries.size <= this.limit) break;
      if (entry.state !== 'loading') this.entries.delete(source);
    }
  }
}
