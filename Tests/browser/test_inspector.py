"""The inspector against the real morphd: a node picked on the canvas with a real press (which
the component then does not get), its frame at this frame checked against the accessibility
mirror's (MorphKit's resolved frame of the same node), a live curve of its height while the
card opens, the node tree, and the machine graph sent in `welcome` with the current state lit.

    python3 -m unittest Tests/browser/test_inspector.py -v   (screenshots: artifacts/browser/)

Every wait is bounded.
"""

import json
import unittest

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

import test_accessibility
from test_live import LiveTestCase


class InspectorTests(LiveTestCase):
    axe = test_accessibility.AccessibilityTests.axe

    def mark(self, name: str):
        return self.driver.execute_script(f"return document.body.dataset.{name}")

    def mirror_frame(self, identifier: str) -> list[float]:
        """The accessibility mirror's frame of `identifier` in viewport points (the canvas is at dpr 1, unscaled)."""
        return self.driver.execute_script(
            "const n = document.querySelector(`#a11y .a11y-node[data-id='${arguments[0]}']`).getBoundingClientRect();"
            "const c = canvas.getBoundingClientRect();"
            "return [n.left - c.left, n.top - c.top, n.width, n.height]", identifier)

    def inspected_frame(self) -> list[float]:
        return [float(v) for v in self.mark("inspectedFrame").split(",")]

    def switch_pick(self) -> None:
        switch = self.driver.find_element(By.ID, "inspect-pick")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", switch)
        switch.click()

    def test_a_picked_node_shows_its_frame_and_a_live_curve_and_the_machine_lights_its_state(self):
        self.open_component("morph-container", dpr=1)
        # The machine came with welcome's panel: the container's four states, collapsed lit.
        self.wait_for("document.body.dataset.machineState === 'collapsed'", message=f"no machine\n{self.console()}")
        states = self.driver.execute_script(
            "return [...document.querySelectorAll('#inspect-machine .machine-state')].map((g) => g.textContent)")
        self.assertEqual(states, ["collapsed", "expanding", "expanded", "collapsing"])
        self.assertTrue(self.driver.execute_script(
            "const g = document.getElementById('inspect-machine'); return g.checkVisibility() && g.getBoundingClientRect().height > 100"),
            "the machine graph is shown")
        self.assertEqual(self.driver.execute_script(
            "return document.querySelector('#inspect-machine .machine-state.lit').textContent"), "collapsed")

        # Pick: a real press on the card's surface (right of its artwork) chooses `surface`,
        # and the component does not see it.
        self.switch_pick()
        card = self.mirror_frame("card")
        self.click_at(card[0] + card[2] - 20, card[1] + card[3] / 2)
        self.wait_for("document.body.dataset.inspected === 'surface'",
                      message=f"picked {self.mark('inspected')}\n{self.console()}")
        for got, expected in zip(self.inspected_frame(), card):
            self.assertAlmostEqual(got, expected, delta=1, msg=f"surface {self.inspected_frame()} vs card {card}")
        self.assert_stays("collapsed", since=len(self.hud_history()), seconds=0.5)

        # Plot its height, stop picking, tap the card: the curve follows the opening card.
        self.driver.find_element(By.ID, "inspect-plot-height").click()
        self.switch_pick()
        self.click_at(card[0] + card[2] - 20, card[1] + card[3] / 2)
        self.wait_state("expanded")
        self.wait_for("document.body.dataset.machineState === 'expanded'")
        self.wait_for("Number(document.body.dataset.plotPoints) >= 10",
                      message=f"plotted {self.mark('plotPoints')} points")
        self.assertAlmostEqual(self.inspected_frame()[3], 384, delta=1, msg="the open card's height")
        self.screenshot("inspector-container-expanded")

        # The tree picks any node of the frame.
        self.driver.find_element(By.CSS_SELECTOR, ".inspect-nodes summary").click()
        # The opened tree lists the frame's nodes when the page next draws (later on a loaded page).
        self.wait_for("document.querySelector(\"#inspect-tree button[data-id='title.text']\")",
                      message="the opened tree never listed title.text")
        self.driver.find_element(By.CSS_SELECTOR, "#inspect-tree button[data-id='title.text']").click()
        self.wait_for("document.body.dataset.inspected === 'title.text'")
        rows = self.driver.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#inspect-properties tr')]"
            ".map((r) => [r.cells[0].textContent, r.cells[1].textContent]))")
        self.assertEqual(rows["text"], "Northern Lights")
        self.assertEqual(rows["kind"], "text")
        violations = self.axe()
        self.assertEqual(violations, [], f"axe-core violations with the inspector open:\n{json.dumps(violations, indent=1)}")

    def test_the_curtains_machine_follows_a_drag(self):
        self.open_component("curtain", dpr=1)
        self.wait_for("document.body.dataset.machineState === 'closed'")
        states = self.driver.execute_script(
            "return [...document.querySelectorAll('#inspect-machine .machine-state')].map((g) => g.textContent)")
        self.assertEqual(states, ["closed", "dragging", "settling", "revealed"])
        chain = self.pointer_at(390 - 20, 422, move_ms=16).click_and_hold()
        for _ in range(8):
            chain.move_by_offset(-40, 0)
        chain.release().perform()
        self.wait_state("revealed")
        self.wait_for("document.body.dataset.machineState === 'revealed'")
        lit = self.driver.execute_script(
            "return [...document.querySelectorAll('#inspect-machine .machine-state.lit')].map((g) => g.textContent)")
        self.assertEqual(lit, ["revealed"])


if __name__ == "__main__":
    unittest.main()
