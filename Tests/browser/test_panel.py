"""The side panel against the real morphd: it shows only the controls that apply to the
component in the picker (the rest stay in the page with their ids, hidden), a one-line hint
per component, and the scrubber and the folds stepper work from the keyboard.

    python3 -m unittest discover -s Tests/browser -v   (panel screenshots: artifacts/browser/)

The picker is changed with a real selection (a `change` event), keys are real key presses.
Every wait is bounded.
"""

import json
import time
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from harness import ARTIFACTS, REPO
from test_live import VIEWPORT, LiveTestCase

# The controls that differ per component (index.html rows with data-control, and the
# configuration fields generated from each schema), and what each component keeps: the
# brief's table, written out here rather than read from the page.
GATED = ["scrub", "config-dampingFraction", "folds", "server-tiles"]
EXPECTED = {
    "morph-container": {"scrub", "config-dampingFraction"},
    "hero-card": {"scrub"},
    "curtain": {"folds", "server-tiles"},
}
COMMON = ["component", "viewport", "join-id", "reduce-motion", "dynamic-type", "record", "refresh-recordings"]
BUILT_IN = REPO / "Sources" / "MorphKit" / "BuiltIn"
HINTS = {
    "morph-container": "tap the card to expand",
    "hero-card": "the × closes it",
    "curtain": "Try swiping from the right!",
}


class PanelTests(LiveTestCase):

    def shown(self, element_id: str) -> bool:
        """Rendered and not hidden by any ancestor (generated fields exist once the schema loaded)."""
        return self.driver.execute_script(
            "const el = document.getElementById(arguments[0]);"
            "return Boolean(el) && el.checkVisibility() && el.getBoundingClientRect().height > 0", element_id)

    def assert_panel(self, component: str) -> None:
        # The configuration fields are drawn when the component's schema has arrived.
        self.wait_for("document.body.dataset.configFields !== undefined"
                      f" && document.body.dataset.panel === '{component}'")
        deadline = time.monotonic() + 10
        while True:
            visible = {cid for cid in GATED if self.shown(cid)}
            if visible == EXPECTED[component] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        self.assertEqual(visible, EXPECTED[component], f"controls shown for {component}")
        if "folds" in visible:
            self.assertTrue(self.shown("folds-down") and self.shown("folds-up"))
        for cid in COMMON:
            self.assertTrue(self.shown(cid), f"{cid} should stay for {component}")
        hint = self.driver.find_element(By.ID, "component-hint")
        self.assertTrue(hint.is_displayed())
        self.assertIn(HINTS[component].lower(), hint.text.lower())
        # The page has it from the server, which reads it from the component's file.
        self.assertEqual(hint.text, json.loads((BUILT_IN / f"{component}.json").read_text())["hint"])

    def pick(self, component: str) -> None:
        session = self.driver.execute_script("return document.body.dataset.session")
        Select(self.driver.find_element(By.ID, "component")).select_by_value(component)
        self.wait_for(f"document.body.dataset.component === '{component}'"
                      f" && document.body.dataset.session !== '{session}'",
                      message=f"{component} never opened\n{self.console()}")

    def panel_shot(self, name: str) -> None:
        self.driver.find_element(By.CSS_SELECTOR, ".panel").screenshot(str(ARTIFACTS / f"panel-{name}.png"))

    def test_visible_controls_follow_the_picker(self):
        self.open_component("morph-container", dpr=2)
        self.assert_panel("morph-container")
        self.panel_shot("morph-container")
        for component in ["hero-card", "curtain", "morph-container", "curtain"]:
            self.pick(component)
            self.assert_panel(component)
            self.panel_shot(component)

    def test_joining_a_session_shows_its_components_controls(self):
        self.open_component("curtain", dpr=1)
        self.assert_panel("curtain")
        # A second tab (the first keeps the session alive) joins it, its picker on the default.
        first = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        try:
            self.driver.get(f"{self.base_url}?session={self.session}&debug=1")
            self.wait_for(f"document.body.dataset.session === '{self.session}'",
                          message=f"never joined {self.session}\n{self.console()}")
            self.assertEqual(Select(self.driver.find_element(By.ID, "component")).first_selected_option
                             .get_attribute("value"), "curtain")
            self.assert_panel("curtain")
        finally:
            self.driver.close()
            self.driver.switch_to.window(first)

    def test_an_error_stays_while_frames_arrive_until_dismissed(self):
        self.open_component("morph-container", dpr=1)
        join = self.driver.find_element(By.ID, "join-id")
        join.send_keys("no-such-session")
        join.send_keys(Keys.ENTER)
        text = self.wait_for("!document.getElementById('message').hidden"
                             " && document.getElementById('message-text').textContent",
                             message=f"no error banner\n{self.console()}")
        self.assertTrue(text.startswith("unknown-session: "), text)
        # The page opens a fresh session; its frames (and a whole expand animation) arrive.
        self.wait_for(f"document.body.dataset.session && document.body.dataset.session !== '{self.session}'",
                      message="a fresh session after the failed join")
        drawn = int(self.driver.execute_script("return document.body.dataset.framesDrawn"))
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        self.assertGreater(int(self.driver.execute_script("return document.body.dataset.framesDrawn")), drawn + 5)
        self.assertTrue(self.shown("message"), "the error was cleared by a frame")
        self.assertEqual(self.driver.find_element(By.ID, "message-text").text, text)
        self.driver.find_element(By.ID, "message-dismiss").click()
        self.wait_for("document.getElementById('message').hidden", message="dismiss did not hide the banner")

    def tab_to(self, element_id: str, limit: int = 20) -> None:
        """Real Tab presses from the picker until `element_id` has focus."""
        self.driver.execute_script("document.getElementById('component').focus()")
        for _ in range(limit):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            if self.driver.execute_script(f"return document.activeElement.id === '{element_id}'"):
                self.assertTrue(self.driver.execute_script("return document.activeElement.matches(':focus-visible')"))
                return
        self.fail(f"#{element_id} not reached with Tab; stuck at "
                  f"{self.driver.execute_script('return document.activeElement.outerHTML.slice(0, 80)')}")

    def last_event(self) -> dict:
        return json.loads(self.driver.execute_script("return document.body.dataset.lastEvent || 'null'") or "null")

    def test_keyboard_scrubs_and_lets_go(self):
        self.open_component("morph-container", dpr=1)
        self.tab_to("scrub")
        scrub = self.driver.find_element(By.ID, "scrub")
        self.assertTrue(scrub.get_attribute("aria-label").startswith("Progress"))
        outline = self.driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
        self.assertEqual(outline, "solid", "focus ring on the scrubber")
        for _ in range(3):
            ActionChains(self.driver).send_keys(Keys.PAGE_UP).perform()
        self.wait_for("document.getElementById('scrub-value').value !== 'live'")
        event = self.last_event()
        self.assertEqual(event["kind"], "scrub")
        self.assertGreater(event["progress"], 0)
        # Between key presses the component stays held.
        self.assertNotEqual(self.driver.find_element(By.ID, "scrub-value").get_attribute("value"), "live")
        self.screenshot("panel-keyboard-scrub")
        ActionChains(self.driver).send_keys(Keys.ESCAPE).perform()
        self.wait_for("document.getElementById('scrub-value').value === 'live'")
        event = self.last_event()
        self.assertEqual((event["kind"], event["progress"]), ("scrub", None), "Escape hands control back")

    def test_keyboard_steps_folds(self):
        self.open_component("curtain", dpr=1)
        self.tab_to("folds-down")
        self.assertEqual(self.driver.find_element(By.ID, "folds-down").get_attribute("aria-label"), "Fewer folds")
        self.assertEqual(self.driver.find_element(By.ID, "folds-stepper").get_attribute("aria-label"), "Folds")
        ActionChains(self.driver).send_keys(Keys.ARROW_UP).perform()
        self.wait_for("document.querySelector(\"#a11y [data-id='folds.stepper']\")?.dataset.value === '5'",
                      message="ArrowUp should reach the component")
        ActionChains(self.driver).send_keys(Keys.END).perform()
        self.wait_for("document.getElementById('folds').value === '8'")
        # The + button is disabled at 8; focus stays in the stepper (on −), not lost to the page.
        self.assertTrue(self.driver.execute_script("return document.getElementById('folds-up').disabled"))
        self.assertIn(self.driver.execute_script("return document.activeElement.id"), ("folds-down", "folds-up"))
        ActionChains(self.driver).send_keys(Keys.ENTER).perform()  # − from the keyboard
        self.wait_for("document.querySelector(\"#a11y [data-id='folds.stepper']\")?.dataset.value === '7'")
        self.tab_to("folds-up")
        self.screenshot("panel-keyboard-folds")


if __name__ == "__main__":
    unittest.main()
