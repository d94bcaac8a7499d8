"""The device frame over the canvas, against the real morphd in headless Chromium: the page
draws the iPhone 15's status bar (9:41, indicators, Dynamic Island) and home indicator from
the viewport preset on a layer of its own, on by default. A screenshot of the page differs
from the component's own canvas pixels in the status-bar and home-indicator strips and
nowhere else; the switch removes it (screenshot equal to the canvas again) and brings it
back; axe-core finds no violations either way.

    python3 -m unittest Tests/browser/test_device_frame.py -v   (from the repo root)
"""

import unittest

from selenium.webdriver.common.by import By

import test_accessibility
from png_decode import decode_png
from test_live import VIEWPORT, LiveTestCase

# iPhone 15 (schemas/protocol.md, Safe areas): 59 pt status bar, 34 pt home-indicator strip.
STATUS_BAR, HOME_STRIP = 59, 34
# A channel this far from the canvas's own pixel counts as drawn over (antialiasing and
# colour conversion stay far below it).
DRAWN = 40
# Screenshot and canvas agree within this where nothing is drawn over.
SAME = 3


class DeviceFrameTests(LiveTestCase):
    axe = test_accessibility.AccessibilityTests.axe

    def screenshot_points(self, x: float, y: float, w: float, h: float) -> list[tuple[int, ...]]:
        """The screenshot's RGBA pixels over a viewport rectangle (devicePixelRatio 1); the
        viewport starts `bleed` in from the canvas's corner, as `region` reads it."""
        png = self.driver.get_screenshot_as_png()
        width, _, rgba = decode_png(png)
        left, top = self.driver.execute_script(
            "const r = canvas.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]")
        left, top = left + self.bleed_pixels(), top + self.bleed_pixels()
        pixels = []
        for row in range(int(y), int(y + h)):
            start = ((top + row) * width + left + int(x)) * 4
            chunk = rgba[start:start + int(w) * 4]
            pixels += [tuple(chunk[i:i + 4]) for i in range(0, len(chunk), 4)]
        return pixels

    def differing(self, x: float, y: float, w: float, h: float, threshold: int) -> int:
        """How many pixels of the rectangle the screenshot shows otherwise than the canvas."""
        shown = self.screenshot_points(x, y, w, h)
        drawn = self.region(x, y, w, h)
        self.assertEqual(len(shown), len(drawn))
        return sum(1 for s, d in zip(shown, drawn) if max(abs(a - b) for a, b in zip(s[:3], d[:3])) > threshold)

    def toggle(self):
        return self.driver.find_element(By.ID, "device-frame-toggle")

    def flip(self, toggle) -> None:
        """A real click on the switch, scrolled clear of the panel's sticky header."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", toggle)
        toggle.click()

    def assert_no_violations(self, where: str) -> None:
        self.assertEqual(self.axe(), [], f"axe-core violations with the device frame {where}")

    def test_frame_is_drawn_over_the_bars_and_the_switch_removes_it(self):
        self.open_component("hero-card", dpr=1)
        self.wait_for("document.body.dataset.deviceFrame === 'iPhone 15'",
                      message=f"no device frame drawn\n{self.console()}")
        toggle = self.toggle()
        self.assertTrue(toggle.is_selected(), "the device frame is on by default")
        self.assertEqual(toggle.get_attribute("aria-checked"), "true")

        # On: the status bar and the home indicator are drawn over the component's pixels
        # (the Dynamic Island alone is 126 x 37 pt; the home indicator 134 x 5), the rest of
        # the picture is the component's own.
        width, height = VIEWPORT
        over_status = self.differing(0, 0, width, STATUS_BAR, DRAWN)
        over_home = self.differing(0, height - HOME_STRIP, width, HOME_STRIP, DRAWN)
        self.assertGreater(over_status, 2000, "status bar not drawn over the canvas")
        self.assertGreater(over_home, 400, "home indicator not drawn over the canvas")
        self.assertEqual(self.differing(0, STATUS_BAR, width, height - STATUS_BAR - HOME_STRIP, SAME), 0,
                         "the device frame reaches into the safe area")
        # The component itself keeps clear of the bar: its canvas shows only the grouped
        # background under the island, which the frame's black covers.
        island = self.region(width / 2 - 40, 20, 80, 20)
        self.assertTrue(all(min(p[:3]) > 200 for p in island), "the component drew under the island")
        self.screenshot("device-frame-on")
        self.assert_no_violations("on")

        # Off: the screenshot is the canvas everywhere.
        self.flip(toggle)
        self.wait_for("document.body.dataset.deviceFrame === 'none'")
        self.assertEqual(toggle.get_attribute("aria-checked"), "false")
        self.assertEqual(self.differing(0, 0, width, STATUS_BAR, SAME), 0, "status bar still drawn")
        self.assertEqual(self.differing(0, height - HOME_STRIP, width, HOME_STRIP, SAME), 0,
                         "home indicator still drawn")
        self.screenshot("device-frame-off")
        self.assert_no_violations("off")

        # On again.
        self.flip(toggle)
        self.wait_for("document.body.dataset.deviceFrame === 'iPhone 15'")
        self.assertGreater(self.differing(0, 0, width, STATUS_BAR, DRAWN), 2000)

    def test_a_size_without_a_preset_has_no_frame(self):
        self.open_page("?component=morph-container&viewport=400x440", width=1200, height=960, dpr=1)
        self.wait_for("document.body.dataset.component === 'morph-container'")
        self.wait_for_frames()
        self.wait_for("document.body.dataset.deviceFrame === 'none'",
                      message=f"a frame drawn for 400x440\n{self.console()}")
        self.assertEqual(self.differing(0, 0, 400, 440, SAME), 0)


if __name__ == "__main__":
    unittest.main()
