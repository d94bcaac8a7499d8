"""The variants page (variants.html) against the real morphd: a grid of one component over
Dynamic Type sizes and colour schemes, each cell its own session, and one real pointer on one
cell driving every cell (the same input events to each session).

    python3 -m unittest Tests/browser/test_variants.py -v   (screenshots: artifacts/browser/)

Pointer input is real (Selenium ActionChains through the cell's scaled canvas); states are the
ones each cell's session sends with its frames; colours are read from each cell's canvas.
Every wait is bounded.
"""

import json
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import test_accessibility
from test_live import LiveTestCase

WINDOW = (1280, 800)
# The container's background is systemBackground: white in light, black in dark.
WHITE, BLACK = (255, 255, 255), (0, 0, 0)


class VariantsTests(LiveTestCase):
    axe = test_accessibility.AccessibilityTests.axe

    def open_variants(self, query: str, cells: int) -> None:
        self.open_page("variants.html" + query, width=WINDOW[0], height=WINDOW[1], dpr=1)
        self.wait_for(f"document.body.dataset.cells === '{cells}'", message=f"no grid\n{self.console()}")
        for index in range(cells):
            self.wait_for(f"document.getElementById('cell-{index}').dataset.framesDrawn >= 1",
                          message=f"cell {index} never drew\n{self.console()}")

    def states(self, cells: int) -> list[str]:
        return self.driver.execute_script(
            "return [...Array(arguments[0]).keys()].map((i) => document.getElementById('cell-' + i).dataset.state)",
            cells)

    def wait_states(self, cells: int, state: str, timeout: float = 10) -> None:
        self.wait_for(f"[...Array({cells}).keys()].every((i) => document.getElementById('cell-' + i)"
                      f".dataset.state === '{state}')", timeout,
                      message=f"not every cell became {state}: {self.states(cells)}\n{self.console()}")

    def cell_rect(self, index: int) -> tuple[float, float, float, float]:
        """Where the cell's viewport shows, in client CSS px: its canvas's box less the bleed
        the canvas draws past each edge (scaled with the grid)."""
        return tuple(self.driver.execute_script(
            "const c = document.querySelector('#cell-' + arguments[0] + ' canvas');"
            "const r = c.getBoundingClientRect();"
            "const bleed = -(parseFloat(c.style.marginLeft) || 0);"
            "const scale = r.width / parseFloat(c.style.width);"
            "return [r.left + bleed * scale, r.top + bleed * scale, r.width - 2 * bleed * scale,"
            " r.height - 2 * bleed * scale]", index))

    def cell_size(self, index: int) -> tuple[float, float]:
        """The cell's viewport in points: its canvas's CSS size before the grid's scale, less
        the bleed the canvas shows past each edge (its negative margin)."""
        return tuple(self.driver.execute_script(
            "const c = document.querySelector('#cell-' + arguments[0] + ' canvas');"
            "const bleed = -(parseFloat(c.style.marginLeft) || 0);"
            "return [parseFloat(c.style.width) - 2 * bleed, parseFloat(c.style.height) - 2 * bleed]", index))

    def cell_pixel(self, index: int, x: float, y: float) -> tuple[int, ...]:
        return tuple(self.driver.execute_script(
            "const c = document.querySelector('#cell-' + arguments[0] + ' canvas');"
            "return Array.from(c.getContext('2d').getImageData(arguments[1], arguments[2], 1, 1).data)",
            index, int(x), int(y)))

    def client_point(self, index: int, x: float, y: float) -> tuple[int, int]:
        """Viewport point (x, y) of cell `index` -> client CSS px through its scaled canvas."""
        left, top, width, height = self.cell_rect(index)
        w, h = self.cell_size(index)
        return round(left + x * width / w), round(top + y * height / h)

    def test_one_tap_on_one_cell_drives_every_variant(self):
        self.open_variants("?component=morph-container&dynamicType=L,AX3&colorScheme=light,dark", 4)
        labels = self.driver.execute_script(
            "return [...document.querySelectorAll('.cell figcaption span:first-child')].map((s) => s.textContent)")
        self.assertEqual(labels, ["L · light", "L · dark", "AX3 · light", "AX3 · dark"])
        # The whole 2 x 2 grid of 400 x 440 cells fits 1280 x 800 (scaled down, never up).
        scale = float(self.driver.execute_script("return document.body.dataset.scale"))
        self.assertLessEqual(scale, 1)
        for index in range(4):
            left, top, width, height = self.cell_rect(index)
            self.assertLessEqual(left + width, WINDOW[0], f"cell {index} past the window's right edge")
            self.assertLessEqual(top + height, WINDOW[1], f"cell {index} past the window's bottom")
            self.assertEqual(self.cell_size(index), (400, 440))
        self.assertEqual(self.states(4), ["collapsed"] * 4)
        # Each cell is its own environment: light cells on white, dark ones on black.
        for index, expected in enumerate([WHITE, BLACK, WHITE, BLACK]):
            self.assertColor(self.cell_pixel(index, 4, 4)[:3], expected, msg=f"cell {index} background")
        # A real tap at the centre of the last cell's card (the card sits in the viewport's centre).
        chain = ActionChains(self.driver)
        chain.w3c_actions.pointer_action.move_to_location(*self.client_point(3, 200, 220))
        chain.click().perform()
        self.wait_states(4, "expanded")
        self.screenshot("variants-container-expanded")
        sessions = self.driver.execute_script(
            "return [...document.querySelectorAll('.cell')].map((c) => c.dataset.session)")
        self.assertEqual(len(set(sessions)), 4, f"every cell its own session: {sessions}")

    def test_a_drag_on_one_cell_reveals_every_curtain(self):
        self.open_variants("?component=curtain&dynamicType=L,AX3", 2)
        self.assertEqual(self.states(2), ["closed", "closed"])
        width, height = self.cell_size(0)
        # From the trailing handle of the first cell to x = 50 pt (8 x 40 pt at 16 ms each): released
        # left of 100 pt it reveals whatever the speed a loaded machine gives it.
        left, top, client_width, _ = self.cell_rect(0)
        scale = client_width / width
        chain = ActionChains(self.driver, duration=16)
        chain.w3c_actions.pointer_action.move_to_location(*self.client_point(0, width - 20, height / 2))
        chain.click_and_hold()
        for _ in range(8):
            chain.move_by_offset(-round(40 * scale), 0)
        chain.release().perform()
        self.wait_states(2, "revealed")
        self.screenshot("variants-curtain-revealed")

    def test_the_main_page_turns_dark_and_opens_its_variants(self):
        self.open_component("morph-container", dpr=1)
        self.assertColor(self.pixel(4, 4)[:3], WHITE, msg="light background")
        Select(self.driver.find_element(By.ID, "color-scheme")).select_by_value("dark")
        self.wait_for("(() => { const d = canvas.getContext('2d').getImageData(4, 4, 1, 1).data;"
                      " return d[0] === 0 && d[1] === 0 && d[2] === 0; })()",
                      message="the container's background never turned dark")
        self.assertIn('"colorScheme":"dark"', self.driver.current_url.replace("%22", '"').replace("%3A", ":")
                      .replace("%2C", ","), "the address keeps the appearance")
        first = self.driver.current_window_handle
        self.driver.find_element(By.ID, "variants-link").click()
        self.wait_for("true")
        handles = [h for h in self.driver.window_handles if h != first]
        self.assertEqual(len(handles), 1, "the variants page opens in a new tab")
        self.driver.switch_to.window(handles[0])
        try:
            self.wait_for("document.body.dataset.cells === '4'", message=f"no grid at {self.driver.current_url}")
            labels = self.driver.execute_script(
                "return [...document.querySelectorAll('.cell figcaption span:first-child')].map((s) => s.textContent)")
            self.assertEqual(labels, ["L · light", "L · dark", "AX3 · light", "AX3 · dark"])
            self.assertEqual(self.driver.execute_script("return document.getElementById('component-name').textContent"),
                             "morph-container")
        finally:
            self.driver.close()
            self.driver.switch_to.window(first)

    def test_bad_values_are_named_and_the_page_has_no_axe_violations(self):
        self.open_variants("?component=hero-card&dynamicType=L,Huge&colorScheme=dark", 1)
        message = self.driver.execute_script("return document.getElementById('message-text').textContent")
        self.assertIn('dynamicType: unknown value "Huge"', message)
        violations = self.axe()
        self.assertEqual(violations, [], f"axe-core violations on the variants page:\n{json.dumps(violations, indent=1)}")


if __name__ == "__main__":
    unittest.main()
