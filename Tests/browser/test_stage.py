"""The stage against the real morphd: zoom to fit (an iPhone 15 in a 1280 × 800 window shows
whole, unscrolled, and a real drag on the scaled canvas still folds the curtain), fixed zooms,
landscape by rotating, and a typed custom size.

    python3 -m unittest Tests/browser/test_stage.py -v   (screenshots: artifacts/browser/)

Pointer input and typing are real (Selenium); every wait is bounded.
"""

import unittest

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_live import LiveTestCase

SMALL_WINDOW = (1280, 800)


class StageTests(LiveTestCase):

    def canvas_rect(self) -> dict:
        return self.driver.execute_script(
            "const r = canvas.getBoundingClientRect(); return {left: r.left, top: r.top, width: r.width, height: r.height,"
            " right: r.right, bottom: r.bottom}")

    def stage_scrolls(self) -> bool:
        return self.driver.execute_script(
            "const s = document.querySelector('.stage'); return s.scrollHeight > s.clientHeight + 1"
            " || s.scrollWidth > s.clientWidth + 1 || document.scrollingElement.scrollHeight > innerHeight + 1")

    def open_small(self, component: str) -> None:
        self.open_page(f"?component={component}", width=SMALL_WINDOW[0], height=SMALL_WINDOW[1], dpr=1)
        self.wait_for(f"document.body.dataset.component === '{component}'", message=f"{component} never drew")
        self.wait_for_frames()

    def test_an_iphone_fits_a_small_window_and_a_drag_on_it_still_folds_the_curtain(self):
        self.open_small("curtain")
        rect = self.canvas_rect()
        self.assertLess(float(self.driver.execute_script("return document.body.dataset.zoom")), 1)
        self.assertGreaterEqual(rect["top"], 0)
        self.assertLessEqual(rect["bottom"], SMALL_WINDOW[1], f"canvas {rect}")
        self.assertAlmostEqual(rect["width"] / rect["height"], 390 / 844, delta=0.01, msg="the aspect is kept")
        self.assertFalse(self.stage_scrolls(), "the stage does not scroll at fit")
        self.screenshot("stage-fit-1280x800")
        # A drag on the scaled canvas from the handle to x = 50 points (8 moves of 40 points in CSS
        # px at this scale): released left of 100 points it reveals whatever the speed a loaded
        # machine gives it.
        scale = rect["width"] / 390
        chain = self.pointer_at(390 - 20, 422, move_ms=16).click_and_hold()
        for _ in range(8):
            chain.move_by_offset(-round(40 * scale), 0)
        chain.release().perform()
        self.wait_for("document.body.dataset.machineState === 'revealed'", message="the scaled drag did not reveal")

    def test_fixed_zooms_rotation_and_a_typed_size(self):
        self.open_small("morph-container")
        Select(self.driver.find_element(By.ID, "zoom")).select_by_value("2")
        self.wait_for("Math.abs(canvas.getBoundingClientRect().width - 780) < 1",
                      message=f"200 %: canvas {self.canvas_rect()}")
        self.assertTrue(self.stage_scrolls(), "at 200 % the iPhone is taller than the window: the stage scrolls")
        Select(self.driver.find_element(By.ID, "zoom")).select_by_value("1")
        self.wait_for("Math.abs(canvas.getBoundingClientRect().width - 390) < 1")

        # Rotate: the session's viewport turns to landscape (the server's next frames are 844 × 390).
        self.driver.find_element(By.ID, "rotate").click()
        self.wait_for("canvas.style.width === '844px' && canvas.style.height === '390px'",
                      message=f"not landscape: {self.driver.execute_script('return [canvas.style.width, canvas.style.height]')}")
        self.assertEqual(self.driver.find_element(By.ID, "viewport").get_attribute("value"), "844×390")
        self.assertIn("viewport=844x390", self.driver.current_url)

        # A typed size, and a refused one that says why.
        width = self.driver.find_element(By.ID, "custom-width")
        height = self.driver.find_element(By.ID, "custom-height")
        width.send_keys("500")
        height.send_keys("600")
        self.driver.find_element(By.ID, "custom-size-set").click()
        self.wait_for("canvas.style.width === '500px' && canvas.style.height === '600px'")
        width.clear()
        width.send_keys("0")
        self.driver.find_element(By.ID, "custom-size-set").click()
        self.wait_for("document.getElementById('message-text').textContent.includes('width must be from 1 to 4096 points')",
                      message="a refused size says why")
        self.assertEqual(self.driver.execute_script("return canvas.style.width"), "500px", "the refused size changed nothing")


if __name__ == "__main__":
    unittest.main()
