// The device frame: a status bar (9:41, signal, Wi-Fi, battery; the Dynamic Island where the
// phone has one) and the home indicator, drawn on a canvas of its own over the component's
// canvas. It comes from the viewport preset, never from the display list, so component
// goldens and server renders never carry it. The insets match MorphKit's ViewportPreset:
// the component lays itself out below the status bar and above the home indicator.

/** The presets the page offers, by viewport size: safe-area insets and what the frame draws. */
export const DEVICE_FRAMES = Object.freeze({
  '390x844': Object.freeze({ name: 'iPhone 15', safeArea: { top: 59, bottom: 34 }, island: true, home: 134 }),
  '430x932': Object.freeze({ name: 'iPhone 15 Pro Max', safeArea: { top: 59, bottom: 34 }, island: true, home: 146 }),
  '375x667': Object.freeze({ name: 'iPhone SE', safeArea: { top: 20, bottom: 0 }, island: false, home: 0 }),
  '744x1133': Object.freeze({ name: 'iPad mini', safeArea: { top: 24, bottom: 20 }, island: false, home: 200 }),
});

/** The preset frame of a viewport `[w, h]` in points, or null for a size no device has. */
export function deviceFrameFor(size) {
  return DEVICE_FRAMES[`${size[0]}x${size[1]}`] ?? null;
}

/**
 * Status-bar ink for what lies under it: black over a light picture, white over a dark
 * one (`luminance` 0...1, the mean relative luminance of the strip under the bar).
 */
export function statusBarInk(luminance) {
  return luminance > 0.5 ? '#000000' : '#ffffff';
}

/** Mean luminance (0...1) of RGBA pixels (a Uint8ClampedArray, as getImageData gives). */
export function meanLuminance(data) {
  let sum = 0;
  let count = 0;
  for (let i = 0; i + 3 < data.length; i += 4) {
    sum += (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) / 255;
    count += 1;
  }
  return count ? sum / count : 1;
}

function roundedRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/** Cellular bars, Wi-Fi and battery, right-aligned at `right`, centred on `midY` (points). */
function drawIndicators(ctx, right, midY, ink) {
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  // Battery: a 25 x 12 outline, its charge, and the cap.
  const battery = { x: right - 27, y: midY - 6, w: 25, h: 12 };
  ctx.globalAlpha = 0.4;
  ctx.lineWidth = 1;
  roundedRect(ctx, battery.x + 0.5, battery.y + 0.5, battery.w - 1, battery.h - 1, 3.5);
  ctx.stroke();
  roundedRect(ctx, battery.x + battery.w + 1, midY - 2, 1.5, 4, 0.75);
  ctx.fill();
  ctx.globalAlpha = 1;
  roundedRect(ctx, battery.x + 2, battery.y + 2, battery.w - 4, battery.h - 4, 2);
  ctx.fill();
  // Wi-Fi: three arcs and a dot, opening upwards.
  const wifi = { x: battery.x - 12, y: midY + 5 };
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  for (const radius of [3.5, 7, 10.5]) {
    ctx.beginPath();
    ctx.arc(wifi.x, wifi.y, radius, -Math.PI * 0.75, -Math.PI * 0.25);
    ctx.stroke();
  }
  // Cellular: four bars rising left to right.
  const barsRight = wifi.x - 16;
  for (let i = 0; i < 4; i += 1) {
    const height = 4 + i * 2.5;
    roundedRect(ctx, barsRight - (3 - i) * 5 - 3, midY + 5 - height, 3, height, 1);
    ctx.fill();
  }
}

/**
 * Draws the frame of `frame` (a DEVICE_FRAMES entry) for a viewport `size` in points on a
 * context already scaled to points; `ink` is the status bar's colour.
 */
export function drawDeviceFrame(ctx, frame, size, ink) {
  const [width, height] = size;
  const top = frame.safeArea.top;
  ctx.save();
  ctx.fillStyle = ink;
  if (frame.island) {
    // The Dynamic Island (always black) with the time and the indicators in the two ears.
    ctx.fillStyle = '#000000';
    roundedRect(ctx, width / 2 - 63, 11, 126, 37, 18.5);
    ctx.fill();
    const midY = 29.5;
    ctx.fillStyle = ink;
    ctx.font = '600 17px "Inter", sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('9:41', (width / 2 - 63) / 2, midY);
    drawIndicators(ctx, width - (width / 2 - 63) / 2 + 34, midY, ink);
  } else {
    // A classic status bar: the time centred (phone) or leading (iPad), indicators trailing.
    const midY = top / 2;
    ctx.font = `600 ${top >= 24 ? 14 : 12}px "Inter", sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.textAlign = width >= 600 ? 'left' : 'center';
    ctx.fillText('9:41', width >= 600 ? 20 : width / 2, midY);
    drawIndicators(ctx, width - 8, midY, ink);
  }
  if (frame.home > 0) {
    ctx.fillStyle = ink;
    roundedRect(ctx, (width - frame.home) / 2, height - 8 - 5, frame.home, 5, 2.5);
    ctx.fill();
  }
  ctx.restore();
}

/**
 * The overlay canvas: sized like the component's canvas, redrawn when the viewport, the
 * resolution, the ink or the switch changes. Takes no pointer input (style.css) and is
 * hidden from assistive technology (index.html): it is decoration, not the component.
 */
export class DeviceFrame {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.enabled = true;
    this.key = '';
    this.ink = '#000000';
    this.sampledAt = undefined;
    this.sampleDue = true; // the ink is read at the next update with a source
    /** The device whose frame is drawn, or 'none'. */
    this.shown = 'none';
  }

  /** Draws again at the next update (the fonts for "9:41" arrived). */
  invalidate() {
    this.key = '';
    this.sampleDue = true;
  }

  /** Turns the overlay on or off; off clears it. */
  setEnabled(on) {
    this.enabled = on;
    this.key = '';
    this.sampleDue = true;
    this.canvas.hidden = !on;
  }

  /**
   * Draws the frame over a component canvas that shows `size` points at `dpr`;
   * `source` is that canvas, whose top strip decides the status bar's ink, or null when it
   * shows the picture it showed at the last update (the ink stays).
   */
  update(size, dpr, source, now = performance.now()) {
    const frame = this.enabled ? deviceFrameFor(size) : null;
    // Reading pixels back is not free (it draws the canvas's pending ops there and then, and
    // copies it): the ink is re-sampled at most twice a second, and only from a canvas drawn.
    if (frame && source && (this.sampleDue || now - (this.sampledAt ?? -Infinity) >= 500)) {
      this.ink = statusBarInk(this.sampleLuminance(source, dpr));
      this.sampledAt = now;
      this.sampleDue = false;
    }
    const ink = frame ? this.ink : '';
    const key = `${size[0]}x${size[1]}@${dpr}:${frame ? ink : 'none'}`;
    if (key === this.key) return;
    this.key = key;
    const w = Math.round(size[0] * dpr);
    const h = Math.round(size[1] * dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.canvas.style.width = `${size[0]}px`;
    this.canvas.style.height = `${size[1]}px`;
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.clearRect(0, 0, w, h);
    this.shown = frame ? frame.name : 'none';
    if (!frame) return;
    this.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawDeviceFrame(this.ctx, frame, size, ink);
  }

  /** Luminance of the component's pixels under the status bar (one row, 2 points down). */
  sampleLuminance(source, dpr) {
    const ctx = source?.getContext?.('2d');
    if (!ctx || !source.width) return 1;
    const y = Math.min(source.height - 1, Math.round(2 * dpr));
    return meanLuminance(ctx.getImageData(0, y, source.width, 1).data);
  }
}
