"""The page as assistive technology reads it, against the real morphd: axe-core (the engine
browsers' audit tools use, the copy PyPI's axe-selenium-python ships) on every component in
each of its states finds no violations; the accessibility mirror gives each SwiftUI trait
its ARIA role and required attributes, in VoiceOver's reading order (the display list's
order); the connection badge is legible in every state.

    python3 -m unittest Tests/browser/test_accessibility.py -v   (from the repo root)

axe.min.js is injected with WebDriver's execute_script (the page's CSP forbids inline and
foreign scripts; WebDriver's evaluation is not subject to it) and run with
execute_async_script. A missing axe-selenium-python fails the import, never skips.
"""

import json
import unittest
from pathlib import Path

import axe_selenium_python
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import test_live
from test_live import VIEWPORT, LiveTestCase

AXE_JS = (Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js").read_text()

# VoiceOver's order (top to bottom, then leading to trailing) where the display list draws
# in another order: the hero card's card is drawn over the rows, and read before them.
ORDER = {
    ("morph-container", "collapsed"): ["card"],
    ("morph-container", "expanded"): ["card"],
    ("hero-card", "collapsed"): ["today", "card", "row.1", "row.2", "row.3"],
    # Revealed, the curtain is hidden from accessibility (the seed's accessibilityHidden):
    # the backdrop List reads header, Stepper, footer.
    ("curtain", "revealed"): ["settings.header", "folds.stepper", "settings.footer"],
}
# The connection badge's states (controls.setConnection) and the error line: all legible.
BADGE_STATES = ["idle", "connecting", "connected", "reconnecting", "offline"]


class AccessibilityTests(LiveTestCase):
    curtain_drag = test_live.LiveComponentTests.curtain_drag
    client_scale = test_live.LiveComponentTests.client_scale

    # -- axe -------------------------------------------------------------------------

    def axe(self, context: str = "document", rules: list[str] | None = None) -> list[dict]:
        """axe-core's violations on the page as it is now: id, help and each node's target."""
        if not self.driver.execute_script("return typeof window.axe === 'object'"):
            self.driver.execute_script(AXE_JS)
        options = {"runOnly": {"type": "rule", "values": rules}} if rules else {}
        self.driver.set_script_timeout(120)
        result = self.driver.execute_async_script(f"""
            const done = arguments[arguments.length - 1];
            axe.run({context}, {json.dumps(options)})
              .then((r) => done({{violations: r.violations.map((v) => ({{id: v.id, help: v.help,
                  nodes: v.nodes.map((n) => [n.target.join(' '), n.failureSummary])}}))}}))
              .catch((e) => done({{error: String(e)}}));""")
        self.assertNotIn("error", result, result)
        return result["violations"]

    def assert_no_violations(self, where: str) -> None:
        violations = self.axe()
        self.assertEqual(violations, [], f"axe-core violations on {where}:\n{json.dumps(violations, indent=1)}")

    # -- the mirror ------------------------------------------------------------------

    def mirror(self) -> list[dict]:
        """The mirror's nodes in DOM (reading) order, as the accessibility tree sees them."""
        return self.driver.execute_script("""
            return [...document.querySelectorAll('#a11y > .a11y-node')].map((n) => ({
              id: n.dataset.id, tag: n.tagName.toLowerCase(), role: n.getAttribute('role'),
              attrs: Object.fromEntries([...n.attributes].filter((a) => a.name.startsWith('aria-'))
                .map((a) => [a.name, a.value])),
              top: Math.round(n.getBoundingClientRect().top), left: n.getBoundingClientRect().left,
              text: n.textContent}));""")

    def assert_reading_order(self, component: str, state: str) -> list[dict]:
        nodes = self.mirror()
        ids = [n["id"] for n in nodes]
        self.assertTrue(ids, f"{component} {state}: an empty mirror")
        self.assertEqual(len(ids), len(set(ids)), f"duplicate mirror nodes {ids}")
        keys = [(n["top"], n["left"]) for n in nodes]
        self.assertEqual(keys, sorted(keys), f"{component} {state}: not top-to-bottom, leading-to-trailing: {ids}")
        if (component, state) in ORDER:
            self.assertEqual(ids, ORDER[(component, state)])
        return nodes

    def visit(self, component: str, state: str) -> list[dict]:
        self.settle()
        self.assertEqual(self.hud("state"), state)
        self.assert_no_violations(f"{component} {state}")
        return self.assert_reading_order(component, state)

    # -- tests -----------------------------------------------------------------------

    def test_morph_container_collapsed_and_expanded(self):
        self.open_component("morph-container", dpr=1)
        nodes = self.visit("morph-container", "collapsed")
        card = nodes[0]
        # .isButton -> a native <button> (implicit role), named by its label.
        self.assertEqual((card["tag"], card["role"]), ("button", None))
        self.assertEqual(self.a11y_node("card").aria_role, "button")
        self.assertEqual(card["attrs"]["aria-label"], "Northern Lights, ambient mix, 12 tracks")
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("expanded")
        self.visit("morph-container", "expanded")
        self.click_at(VIEWPORT[0] / 2, VIEWPORT[1] / 2)
        self.wait_state("collapsed")
        self.visit("morph-container", "collapsed")

    def test_generated_options_and_the_replay_timeline(self):
        # Every control the schema-driven panel draws is named, for each kind of field: colours
        # and numbers (morph-container), enums, text and JSON (hero-card), a stepper (curtain).
        fixture = (Path(__file__).resolve().parents[1] / "MorphKitTests" / "__Fixtures__" / "recordings"
                   / "container-double-tap.jsonl")
        schemas = Path(__file__).resolve().parents[2] / "schemas"
        for component in ("morph-container", "hero-card", "curtain"):
            properties = json.loads((schemas / f"{component}.schema.json").read_text())["properties"]
            fields = sum(1 for value in properties.values() if "const" not in value)
            self.open_component(component, dpr=1)
            self.wait_for(f"document.body.dataset.configFields === '{fields}'")
            self.assert_no_violations(f"{component}'s generated options")
        self.driver.execute_script("""
            const data = new DataTransfer();
            data.items.add(new File([arguments[0]], 'dropped.jsonl'));
            document.getElementById('replay-drop').dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true}));""",
                                   fixture.read_text())
        self.wait_for("!document.getElementById('timeline').hidden")
        self.assert_no_violations("the replay timeline")

    def test_hero_card_collapsed_and_expanded(self):
        self.open_component("hero-card", dpr=1)
        nodes = {n["id"]: n for n in self.visit("hero-card", "collapsed")}
        # The rows and "Today" are static text: no role, named by their content.
        for ident in ("today", "row.1", "row.2", "row.3"):
            self.assertEqual((nodes[ident]["tag"], nodes[ident]["role"]), ("div", None), ident)
            self.assertNotIn("aria-label", nodes[ident]["attrs"], ident)
        self.assertEqual(nodes["today"]["text"], "Today")
        self.assertEqual(nodes["card"]["tag"], "button")
        self.click_node(self.a11y_node("card"))
        self.wait_state("expanded")
        nodes = {n["id"]: n for n in self.visit("hero-card", "expanded")}
        self.assertEqual((nodes["title"]["tag"], nodes["title"]["role"]), ("div", None))
        self.assertEqual(self.a11y_node("close").aria_role, "button")
        self.click_node(self.a11y_node("close"))
        self.wait_state("collapsed")
        self.visit("hero-card", "collapsed")

    def test_curtain_closed_and_revealed_and_the_folds_slider(self):
        self.open_component("curtain", dpr=1)
        nodes = {n["id"]: n for n in self.visit("curtain", "closed")}
        stepper = nodes["folds.stepper"]
        self.assertEqual(stepper["role"], "slider")
        self.assertEqual({k: stepper["attrs"][k] for k in ("aria-valuenow", "aria-valuemin", "aria-valuemax", "aria-valuetext")},
                         {"aria-valuenow": "4", "aria-valuemin": "1", "aria-valuemax": "8", "aria-valuetext": "4"})
        # The List section's header is a heading (SwiftUI gives it .isHeader); the rest is text.
        header = nodes["settings.header"]
        self.assertEqual((header["role"], header["attrs"].get("aria-level"), header["attrs"].get("aria-label")),
                         ("heading", "2", "Settings"))
        for ident in ("settings.footer", "heading.title", "intro"):
            self.assertIsNone(nodes[ident]["role"], ident)
        # The slider's keys step the Stepper (VoiceOver's swipe up/down), through the server.
        node = self.a11y_node("folds.stepper")
        node.send_keys(Keys.ARROW_UP)
        self.wait_for("document.querySelector(\"#a11y [data-id='folds.stepper']\").getAttribute('aria-valuenow') === '5'",
                      message="ArrowUp on the slider should reach the component as 5 folds")
        self.assertEqual(self.driver.find_element(By.ID, "folds").get_attribute("value"), "5")
        self.driver.execute_script("window.__hud.length = 0")
        # To x = 90 pt, left of the seed's 100: revealed whatever the speed a loaded machine gives it.
        self.curtain_drag(7, 40, 16)
        self.wait_state("revealed")
        nodes = {n["id"]: n for n in self.visit("curtain", "revealed")}
        self.assertEqual(nodes["folds.stepper"]["attrs"]["aria-valuenow"], "5")
        node = self.a11y_node("folds.stepper")
        node.send_keys(Keys.ARROW_DOWN)
        self.wait_for("document.querySelector(\"#a11y [data-id='folds.stepper']\").getAttribute('aria-valuenow') === '4'")

    def test_switches_state_aria_checked_and_the_badge_is_legible_in_every_state(self):
        self.open_component("curtain", dpr=1)
        for ident in ("reduce-motion", "server-tiles", "mark-effects"):
            toggle = self.driver.find_element(By.ID, ident)
            self.assertEqual(toggle.get_attribute("aria-checked"), str(toggle.is_selected()).lower(), ident)
        motion = self.driver.find_element(By.ID, "reduce-motion")
        motion.click()
        self.wait_for("document.getElementById('reduce-motion').getAttribute('aria-checked') === 'true'")
        self.assert_no_violations("curtain with Reduce Motion on")
        # Each badge state and the error line, shown in turn: axe's contrast rule on them.
        for state in BADGE_STATES:
            self.driver.execute_script(
                "const p = document.getElementById('connection'); p.dataset.state = arguments[0];"
                "p.textContent = arguments[0] + ' · detail';", state)
            violations = self.axe("'#connection'", ["color-contrast"])
            self.assertEqual(violations, [], f"badge '{state}': {violations}")
        self.driver.execute_script(
            "const m = document.getElementById('message'); m.hidden = false; m.textContent = 'bad frame';")
        self.assertEqual(self.axe("'#message'", ["color-contrast"]), [])
