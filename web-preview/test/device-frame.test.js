import test from 'node:test';
import assert from 'node:assert/strict';
import { DEVICE_FRAMES, DeviceFrame, deviceFrameFor, meanLuminance, statusBarInk } from '../js/device-frame.js';
import { VIEWPORTS } from '../js/controls.js';

// The insets MorphKit's ViewportPreset gives each device (schemas/protocol.md, Safe areas),
// written out here: the frame the page draws must sit exactly over them.
const INSETS = {
  '390x844': [59, 34],
  '430x932': [59, 34],
  '375x667': [20, 0],
  '744x1133': [24, 20],
};

test('every viewport the page offers has a device frame with its safe-area insets', () => {
  for (const size of Object.values(VIEWPORTS)) {
    const frame = deviceFrameFor(size);
    assert.ok(frame, `no frame for ${size}`);
    const [top, bottom] = INSETS[`${size[0]}x${size[1]}`];
    assert.deepEqual([frame.safeArea.top, frame.safeArea.bottom], [top, bottom], frame.name);
    // A home indicator only where the device keeps room for one.
    assert.equal(frame.home > 0, bottom > 0, frame.name);
  }
  assert.equal(Object.keys(DEVICE_FRAMES).length, Object.keys(VIEWPORTS).length);
});

test('a size no device has gets no frame', () => {
  assert.equal(deviceFrameFor([400, 440]), null);
  assert.equal(deviceFrameFor([390, 845]), null);
});

test('the status bar is black over a light picture and white over a dark one', () => {
  const light = new Uint8ClampedArray([245, 245, 245, 255, 240, 240, 240, 255]);
  const dark = new Uint8ClampedArray([0, 0, 0, 255, 28, 28, 30, 255]);
  assert.ok(Math.abs(meanLuminance(light) - (245 + 240) / 2 / 255) < 1e-9);
  assert.equal(statusBarInk(meanLuminance(light)), '#000000');
  assert.equal(statusBarInk(meanLuminance(dark)), '#ffffff');
  assert.equal(meanLuminance(new Uint8ClampedArray()), 1);
});

test('the ink is read back from a drawn canvas at most twice a second, and at once after invalidate', () => {
  const ops = new Proxy({}, { get: () => () => {} });
  const overlay = { width: 0, height: 0, style: {}, getContext: () => ops };
  let reads = 0;
  let row = 255; // the component's top row: white, then black
  const source = {
    width: 4, height: 8,
    getContext: () => ({ getImageData: (x, y, w) => { reads += 1; return { data: new Uint8ClampedArray(w * 4).fill(row) }; } }),
  };
  const frame = new DeviceFrame(overlay);
  frame.update([390, 844], 1, source, 0);
  assert.equal(reads, 1);
  assert.equal(frame.ink, '#000000');
  row = 0;
  // A reused picture (no source) never reads; a drawn one waits out the half second.
  frame.update([390, 844], 1, null, 600);
  frame.update([390, 844], 1, source, 100);
  assert.equal(reads, 1);
  frame.update([390, 844], 1, source, 500);
  assert.equal(reads, 2);
  assert.equal(frame.ink, '#ffffff');
  // Another session: read at the next drawn frame, however soon, not from a reused one.
  row = 255;
  frame.invalidate();
  frame.update([390, 844], 1, null, 510);
  assert.equal(reads, 2);
  frame.update([390, 844], 1, source, 520);
  assert.equal(reads, 3);
  assert.equal(frame.ink, '#000000');
});
