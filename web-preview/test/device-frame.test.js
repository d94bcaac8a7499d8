import test from 'node:test';
import assert from 'node:assert/strict';
import { DEVICE_FRAMES, deviceFrameFor, meanLuminance, statusBarInk } from '../js/device-frame.js';
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
