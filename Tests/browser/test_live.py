"""Live mode against a scripted morph.v1 peer (fake_morphd): the handshake, opening a
session, frames on the canvas and in the HUD, taps, scrubbing, settings, recording."""

import json
import time
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from fake_morphd import FakeMorphd
from harness import PageTestCase, rgb

FIXTURES = Path(__file__).resolve().parents[2] / "web-preview" / "test" / "fixtures"
PRIMITIVES = json.loads((FIXTURES / "primitives.json").read_text())[0]


class LivePageTests(PageTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.morphd = FakeMorphd(PRIMITIVES).start()

    @classmethod
    def tearDownClass(cls):
        cls.morphd.stop()
        super().tearDownClass()

    def wait_until(self, predicate, timeout=10.0, message=""):
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                self.fail(message or f"timed out; received {self.morphd.received}")
            time.sleep(0.05)

    def events(self, kind):
        return [m["event"] for m in self.morphd.of_type("input") if m["event"]["kind"] == kind]

    def test_session_frames_and_input(self):
        self.morphd.received.clear()
        self.open_page(f"?component=curtain&ws={self.morphd.url}", dpr=2)
        self.wait_for_frames()
        self.assertIn("morph.v1", self.morphd.subprotocols)
        hello, open_ = self.morphd.received[0], self.morphd.of_type("open")[0]
        self.assertEqual(hello["type"], "hello")
        self.assertEqual(hello["protocol"], "morph.v1")
        self.assertEqual(open_, {"type": "open", "component": "curtain",
                                 "environment": {"reduceMotion": False, "dynamicType": "L", "colorScheme": "light"},
                                 "viewport": [390, 844]})
        self.assertEqual(self.driver.execute_script("return document.body.dataset.session"), "s1")
        self.assertColor(self.pixel(80, 60), rgb(PRIMITIVES["ops"][0]["paint"]["color"]), msg="frame drawn")
        self.wait_until(lambda: self.morphd.of_type("ping"))
        self.wait_for("document.querySelector('[data-hud=rtt]').textContent.endsWith('ms')")
        self.assertEqual(self.driver.execute_script("return document.querySelector('[data-hud=state]').textContent"), "closed")

        # A tap on the canvas: pointerDown, pointerUp, tap, in points.
        canvas = self.driver.find_element(By.ID, "canvas")
        ActionChains(self.driver).move_to_element_with_offset(canvas, -115, -362).click().perform()
        self.wait_until(lambda: self.events("tap"))
        self.assertEqual(self.events("tap")[0], {"kind": "tap", "x": 80, "y": 60})
        self.assertEqual([e["kind"] for e in self.events("pointerDown") + self.events("pointerUp")],
                         ["pointerDown", "pointerUp"])
        self.wait_for("document.querySelector('[data-hud=state]').textContent === 'opening'")
        self.assertEqual(self.driver.execute_script("return document.querySelector('[data-hud=seq]').textContent"), "2")

        # Scrub, then let go: progress values, then null.
        scrub = self.driver.find_element(By.ID, "scrub")
        ActionChains(self.driver).click_and_hold(scrub).move_by_offset(60, 0).release().perform()
        self.wait_until(lambda: any(e["progress"] is None for e in self.events("scrub")))
        progresses = [e["progress"] for e in self.events("scrub")]
        self.assertTrue(all(0 <= p <= 1 for p in progresses[:-1]) and len(progresses) >= 2, progresses)
        self.assertIsNone(progresses[-1])

        # Folds stepper, Reduce Motion, Dynamic Type.
        self.driver.find_element(By.ID, "folds-up").click()
        self.driver.find_element(By.ID, "reduce-motion").click()
        self.driver.execute_script(
            "const s = document.getElementById('dynamic-type'); s.value = 'AX2';"
            "s.dispatchEvent(new Event('change'));")
        self.wait_until(lambda: len(self.events("environment")) >= 2 and self.events("set"))
        self.assertEqual(self.events("set")[0], {"kind": "set", "key": "folds", "value": 5})
        self.assertEqual(self.events("environment"), [{"kind": "environment", "reduceMotion": True},
                                                      {"kind": "environment", "dynamicType": "AX2"}])

        # Record start/stop, then the list refreshes and offers replay.
        record = self.driver.find_element(By.ID, "record")
        record.click()
        self.wait_for("document.getElementById('record').getAttribute('aria-pressed') === 'true'")
        record.click()
        self.wait_for("document.querySelector('#recordings .rec-name')")
        self.assertEqual([m["action"] for m in self.morphd.of_type("record")], ["start", "stop"])
        self.screenshot("live-fake-morphd")
        self.driver.find_element(By.CSS_SELECTOR, "#recordings button").click()
        self.wait_until(lambda: self.morphd.of_type("replay"))
        self.assertEqual(self.morphd.of_type("replay")[0], {"type": "replay", "name": "demo.jsonl"})
        self.wait_for("document.body.dataset.session === 's2'")
