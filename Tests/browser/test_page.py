"""The preview page in a real headless Chromium: canvas pixels for a known display list at
devicePixelRatio 1 and 2, the accessibility mirror, pointer input, offline playback.

Run: python3 -m unittest discover -s Tests/browser -v   (screenshots: artifacts/browser/)
"""

import json
import unittest
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import PageTestCase, over, rgb

FIXTURES = Path(__file__).resolve().parents[2] / "web-preview" / "test" / "fixtures"
PRIMITIVES = json.loads((FIXTURES / "primitives.json").read_text())[0]
BACKGROUND = rgb(PRIMITIVES["background"])


def op(op_id):
    return next(o for o in PRIMITIVES["ops"] if o.get("id") == op_id)


def paint_color(op_id):
    return rgb(op(op_id)["paint"]["color"])


class OfflinePageTests(PageTestCase):
    """The page against the static server, fed by ?frames= fixtures."""

    def open_primitives(self, dpr):
        self.open_page("?frames=test/fixtures/primitives.json&index=0", dpr=dpr)
        self.wait_for_frames()

    def check_primitives(self, label):
        self.assertColor(self.pixel(80, 60), paint_color("solid"), msg=f"{label} solid inside")
        self.assertColor(self.pixel(10, 10), BACKGROUND, msg=f"{label} outside")
        self.assertColor(self.pixel(150, 60), BACKGROUND, msg=f"{label} right of solid")
        # Group opacity composites the group: the overlap is no darker than either rect.
        faded = over(paint_color("fade-a"), 0.5, BACKGROUND)
        for x in (180, 230, 280):
            self.assertColor(self.pixel(x, 60), faded, msg=f"{label} fade at {x}")
        # Transform [2,0,0,2,20,120] maps the 40x30 rect to (20,120)-(100,180).
        self.assertColor(self.pixel(22, 122), paint_color("moved-rect"), msg=f"{label} moved")
        self.assertColor(self.pixel(98, 178), paint_color("moved-rect"), msg=f"{label} moved corner")
        self.assertColor(self.pixel(102, 170), BACKGROUND, msg=f"{label} beyond moved")
        # Clip (160,120,60,60) cuts the bigger purple rect.
        self.assertColor(self.pixel(190, 150), paint_color("clipped-rect"), msg=f"{label} clipped inside")
        self.assertColor(self.pixel(150, 150), BACKGROUND, msg=f"{label} clipped left")
        self.assertColor(self.pixel(240, 150), BACKGROUND, msg=f"{label} clipped right")
        # Linear gradient red -> blue from x=20 to x=370, sampled at a pixel centre.
        px = int(195 * self.dpr)
        t = ((px + 0.5) / self.dpr - 20) / 350
        self.assertColor(self.pixel(195, 220), (255 * (1 - t), 0, 255 * t), tolerance=3, msg=f"{label} gradient")
        # Shadow beneath the white card: darker just below it, gone far away.
        self.assertColor(self.pixel(120, 330), (255, 255, 255), msg=f"{label} card")
        below = self.pixel(120, 392)
        self.assertLess(below[0], BACKGROUND[0] - 20, f"{label} shadow below the card: {below}")
        self.assertColor(self.pixel(20, 330), BACKGROUND, msg=f"{label} no shadow far left")
        self.assertColor(self.pixel(310, 330), over(paint_color("half-rect"), 0.5, BACKGROUND), msg=f"{label} half")
        # Even-odd ring: the hole shows the background.
        self.assertColor(self.pixel(230, 570), paint_color("ring"), msg=f"{label} ring")
        self.assertColor(self.pixel(295, 570), BACKGROUND, msg=f"{label} ring hole")
        # Text: dark Inter glyphs on the title baseline row.
        dark = [p for p in self.region(40, 420, 200, 24) if p[0] < 80]
        self.assertGreater(len(dark), 100 * self.dpr * self.dpr, f"{label} title glyphs")

    def test_primitives_at_dpr_1(self):
        self.open_primitives(1)
        self.assertEqual(self.driver.execute_script("return [canvas.width, canvas.height]"), [390, 844])
        self.check_primitives("dpr1")
        self.screenshot("primitives-dpr1")

    def test_primitives_sharp_at_dpr_2(self):
        self.open_primitives(2)
        size = self.driver.execute_script(
            "const r = canvas.getBoundingClientRect(); return [canvas.width, canvas.height, r.width, r.height]")
        self.assertEqual(size, [780, 1688, 390, 844])
        self.check_primitives("dpr2")
        # Sharp: the solid rect's left edge at x = 20 pt is exactly device pixel 40.
        edge = self.driver.execute_script(
            "const d = canvas.getContext('2d').getImageData(39, 120, 2, 1).data; return Array.from(d)")
        self.assertColor(edge[0:4], BACKGROUND + (255,), msg="pixel 39 is background")
        self.assertColor(edge[4:8], paint_color("solid") + (255,), msg="pixel 40 is solid")
        self.screenshot("primitives-dpr2")

    def test_accessibility_mirror(self):
        self.open_primitives(1)
        nodes = {n.get_attribute("data-id"): n for n in self.driver.find_elements(By.CSS_SELECTOR, "#a11y .a11y-node")}
        self.assertEqual(set(nodes), {e["id"] for e in PRIMITIVES["accessibility"]})
        button = nodes["solid"]
        self.assertEqual(button.tag_name, "button")
        self.assertIsNone(button.get_attribute("role"))  # a <button>'s implicit role
        self.assertEqual(button.aria_role, "button")
        self.assertEqual(button.get_attribute("aria-label"), "Northern Lights, ambient mix, 12 tracks")
        described = self.driver.find_element(By.ID, button.get_attribute("aria-describedby"))
        self.assertEqual(described.get_attribute("textContent"), "Collapsed. Double tap to expand")
        self.assertEqual(nodes["artwork"].get_attribute("role"), "img")
        self.assertIsNone(nodes["title"].get_attribute("role"))  # static text: no role
        self.assertIn("Northern Lights", nodes["title"].get_attribute("textContent"))
        self.assertEqual(nodes["ring"].get_attribute("role"), "slider")
        self.assertEqual(nodes["ring"].get_attribute("aria-valuetext"), "40 percent")
        self.assertEqual(nodes["ring"].get_attribute("aria-valuenow"), "40")
        # Placed over the canvas at its frame.
        offset = self.driver.execute_script(
            "const c = canvas.getBoundingClientRect(), b = arguments[0].getBoundingClientRect();"
            "return [b.left - c.left, b.top - c.top, b.width, b.height]", button)
        self.assertEqual([round(v) for v in offset], [20, 20, 120, 80])
        # Keyboard activation presses the frame's centre (pointer -1: no pointing device);
        # the last event sent is the press's pointerUp.
        button.send_keys(Keys.ENTER)
        self.assertEqual(json.loads(self.wait_for("document.body.dataset.lastEvent")),
                         {"kind": "pointerUp", "pointer": -1, "x": 80, "y": 60})

    def test_pointer_drag_maps_to_viewport_points(self):
        self.open_primitives(2)
        self.driver.execute_script(
            "window.__events = [];"
            "new MutationObserver(() => __events.push(JSON.parse(document.body.dataset.lastEvent)))"
            ".observe(document.body, {attributes: true, attributeFilter: ['data-last-event']});")
        canvas = self.driver.find_element(By.ID, "canvas")
        # ActionChains offsets are from the element centre (195, 422) in CSS px = points.
        (ActionChains(self.driver).move_to_element_with_offset(canvas, 180, -122).click_and_hold()
         .move_by_offset(-80, 0).move_by_offset(-80, 0).release().perform())
        events = self.wait_for("window.__events.length >= 4 && window.__events")
        kinds = [e["kind"] for e in events]
        self.assertEqual(kinds[0], "pointerDown")
        self.assertEqual(kinds[-1], "pointerUp")
        self.assertNotIn("tap", kinds)
        self.assertAlmostEqual(events[0]["x"], 375, delta=1)
        self.assertAlmostEqual(events[0]["y"], 300, delta=1)
        self.assertAlmostEqual(events[-1]["x"], 215, delta=1)
        self.assertEqual(len({e["pointer"] for e in events}), 1)

    def test_curtain_frames_play_and_effect_mark(self):
        self.open_page("?frames=test/fixtures/curtain.jsonl&index=2", dpr=1)
        self.wait_for_frames()
        surface = rgb([0.96, 0.96, 0.96, 1])
        # The foreground is folded by the curtain kernel (test_curtain_gl.py checks its
        # pixels): still the light surface, shaded darker by the folds, not the backdrop.
        folded = self.pixel(100, 600)
        self.assertTrue(0.11 * 255 + 100 < folded[0] < surface[0], f"folded surface {folded}")
        # The mark sits just left of drag x = 200, at the middle of the bounds.
        mark = self.pixel(195, 422)
        self.screenshot("curtain-frame2")
        drawn = int(self.driver.execute_script("return document.body.dataset.framesDrawn"))
        self.driver.find_element(By.ID, "mark-effects").click()
        self.wait_for(f"Number(document.body.dataset.framesDrawn) > {drawn}")
        unmarked = self.pixel(195, 422)
        self.assertLess(mark[0], unmarked[0] - 30, f"effect mark {mark} vs hidden {unmarked}")
        # Autoplay runs through all three frames (scene times 0, 0.5, 1).
        self.open_page("?frames=test/fixtures/curtain.jsonl", dpr=1)
        self.wait_for("document.getElementById('offline-index').value === '2'", timeout=10)
        self.assertEqual(self.driver.execute_script("return document.body.dataset.component"), "curtain")

    def test_an_image_drawn_before_it_arrives_appears_on_the_redraw(self):
        """fixtures/image.json: one list, a 2x2 PNG as a data URI drawn 120 pt square with
        interpolation none, the same picture at opacity 0.5 clipped to its middle, and a file
        the static server does not have. A data URI decodes asynchronously, so the first draw
        has no picture: it shows only because the page draws the list again once it arrives."""
        self.open_page("?frames=test/fixtures/image.json&index=0", dpr=2)
        self.wait_for_frames()
        red, green, blue, yellow = (230, 40, 30), (20, 160, 60), (30, 60, 220), (250, 200, 20)
        self.wait_for("canvas.getContext('2d').getImageData(80, 120, 1, 1).data[0] === 230",
                      message="the picture never appeared on the canvas")
        for (x, y), colour in {(45, 65): red, (155, 65): green, (45, 175): blue, (155, 175): yellow,
                               (99, 119): red, (101, 121): yellow}.items():
            self.assertColor(self.pixel(x, y), colour, tolerance=1, msg=f"block at {x}, {y}:")
        # Drawn over x 170...290 (columns split at 230), clipped to 200...260, at half opacity.
        self.assertColor(self.pixel(210, 100), over(red, 0.5, (255, 255, 255)), tolerance=2, msg="faded left")
        self.assertColor(self.pixel(250, 100), over(green, 0.5, (255, 255, 255)), tolerance=2, msg="faded right")
        self.assertColor(self.pixel(195, 100), (255, 255, 255), msg="clipped away")
        # The missing file draws nothing and raises no error banner.
        self.assertColor(self.pixel(90, 270), (255, 255, 255), msg="absent picture")
        self.assertTrue(self.driver.execute_script("return document.getElementById('message').hidden"))
        self.screenshot("image-offline")

    def test_bad_frames_show_an_error_and_csp_holds(self):
        self.open_page("?frames=test/fixtures/missing.json", dpr=1)
        message = self.wait_for("!document.getElementById('message').hidden && document.getElementById('message').textContent")
        self.assertIn("404", message)
        self.open_primitives(1)
        logs = self.console()
        self.assertNotIn("Content Security Policy", logs)
        self.assertNotIn("Uncaught", logs)

    def test_live_mode_without_server_shows_reconnecting(self):
        # The static server speaks no WebSocket: the page must back off, not spin.
        self.open_page("", dpr=1)
        state = self.wait_for("['reconnecting'].includes(document.getElementById('connection').dataset.state)"
                              " && document.getElementById('connection').textContent")
        self.assertRegex(state, r"reconnecting · in \d+\.\d s")
        self.screenshot("live-no-server")


if __name__ == "__main__":
    unittest.main()
