"""The page and morphd --components, in headless Chromium: a component file shows in the
picker with an options panel generated from its file, a mistake saved to disk appears in the
page with its file, line and column while the last good version keeps drawing, and the fixed
file (with a new configuration field) clears it and redraws the panel; a deleted file is told
in the page while its session keeps running; the pager's dots take taps on their own copies
(a transition on dots.*.dot), and its pages field refuses two pages with one title.

    python3 -m unittest Tests/browser/test_component_files.py -v

Every wait is bounded.
"""

import importlib.util
import json
import os
import shutil
import tempfile
import time
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import test_accessibility
import test_configuration
from harness import REPO, WEB_ROOT, MorphdProcess
from test_live import VIEWPORT, LiveTestCase

EXAMPLE = REPO / "Sources" / "MorphKit" / "BuiltIn" / "morph-container.json"
SHEET = REPO / "Examples" / "components" / "bottom-sheet.json"
BLANK = REPO / "Sources" / "morph" / "Templates" / "blank.json"
PAGER = REPO / "Examples" / "components" / "pager.json"
NAME = "page-card"


class ComponentFileServer(MorphdProcess):
    def __init__(self, record_dir: str, components: str):
        super().__init__("--web-root", str(WEB_ROOT), "--record-dir", record_dir, "--components", components,
                         name="morphd-ComponentFilePageTests")


class ComponentFilePageTests(LiveTestCase):
    axe = test_accessibility.AccessibilityTests.axe
    client = test_configuration.ConfigurationTests.client
    first_frame = test_configuration.ConfigurationTests.first_frame

    @classmethod
    def start_server(cls):
        cls.record_dir = tempfile.mkdtemp(prefix="morph-browser-rec-")
        cls.components = tempfile.mkdtemp(prefix="morph-browser-components-")
        cls.source = EXAMPLE.read_text().replace('"name": "morph-container"', f'"name": "{NAME}"')
        cls.path = os.path.join(cls.components, "card.json")
        cls.write(cls.source)
        shutil.copytree(SHEET.parent / "images", os.path.join(cls.components, "images"))
        shutil.copy(SHEET, os.path.join(cls.components, "bottom-sheet.json"))
        shutil.copy(PAGER, os.path.join(cls.components, "pager.json"))
        return ComponentFileServer(cls.record_dir, cls.components).start()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.components, ignore_errors=True)

    @classmethod
    def write(cls, text: str) -> None:
        with open(cls.path + ".tmp", "w") as handle:
            handle.write(text)
        os.replace(cls.path + ".tmp", cls.path)

    def banner(self) -> str:
        return self.driver.execute_script(
            "const m = document.getElementById('message'); return m.hidden ? '' : m.textContent")

    def shown(self, element_id: str) -> bool:
        """Rendered and not hidden by any ancestor."""
        return self.driver.execute_script(
            "const el = document.getElementById(arguments[0]);"
            "return Boolean(el) && el.checkVisibility() && el.getBoundingClientRect().height > 0", element_id)

    def hint(self) -> str:
        return self.driver.execute_script(
            "const h = document.getElementById('component-hint'); return h.hidden ? '' : h.textContent")

    def test_a_file_component_edited_on_disk(self):
        self.open_component(NAME)
        options = self.driver.execute_script(
            "return [...document.getElementById('component').options].map((o) => o.value)")
        self.assertEqual(options[:3], ["morph-container", "hero-card", "curtain"])
        self.assertIn(NAME, options)
        fields = len(json.loads(self.source)["configuration"])
        self.wait_for(f"document.body.dataset.configFields === '{fields}'", message="the panel never showed the file's fields")
        # Its panel comes from the file: its hint, and a scrubber for its `scrub` variable.
        self.wait_for(f"document.body.dataset.panel === '{NAME}'")
        self.assertEqual(self.hint(), json.loads(self.source)["hint"])
        self.assertTrue(self.shown("scrub"))
        self.assertFalse(self.shown("server-tiles"))

        broken = self.source.replace('"cardHeight": "lerp(96, 384, p)"', '"cardHeight": "lerp(96, 384, p"')
        line = next(i for i, text in enumerate(broken.splitlines(), 1) if '"cardHeight"' in text)
        self.write(broken)
        where = self.wait_for("document.body.dataset.componentFile", message="no component-file reached the page")
        self.assertTrue(where.startswith(f"card.json:{line}:"), where)
        self.assertIn(f"{where}: let.cardHeight", self.banner())
        self.assertIn(f"{NAME} keeps running its last good version", self.banner())
        self.screenshot("component-file-error")
        # The last good version still answers a tap: the card expands.
        self.click_node(self.a11y_node("card"))
        self.wait_state("expanded")

        configuration = json.loads(self.source)["configuration"]
        configuration["shade"] = {"type": "number", "default": 0.5, "minimum": 0, "maximum": 1, "summary": "New."}
        fixed = json.loads(self.source)
        fixed["configuration"] = configuration
        # A new hint, and no `scrub` variable: the panel follows at once, without a new session.
        fixed["hint"] = "Edited on disk: tap the card."
        del fixed["scrub"]
        self.write(json.dumps(fixed, indent=2))
        self.wait_for("document.body.dataset.componentFile === 'loaded'", message="the fixed file never loaded")
        self.wait_for(f"document.body.dataset.configFields === '{fields + 1}'", message="the panel kept the old fields")
        self.assertEqual(self.banner(), "")
        self.wait_for("document.getElementById('component-hint').textContent === 'Edited on disk: tap the card.'",
                      message="the edited hint never showed")
        self.assertFalse(self.shown("scrub"), "a file without a scrub variable has no scrubber")

    def test_a_new_file_appears_in_the_picker_without_a_reload(self):
        self.open_component(NAME, dpr=1)
        options = "[...document.getElementById('component').options].map((o) => o.value)"
        self.assertNotIn("new-card", self.driver.execute_script(f"return {options}"))
        extra = os.path.join(self.components, "new.json")
        source = self.source.replace(f'"name": "{NAME}"', '"name": "new-card"').replace(
            "Tap the card to expand or collapse it.", "A card that came in while the page was open.")
        with open(extra + ".tmp", "w") as handle:
            handle.write(source)
        try:
            os.replace(extra + ".tmp", extra)
            self.wait_for(f"{options}.includes('new-card')", message=f"the picker never gained it\n{self.console()}")
            self.assertEqual(self.driver.find_element(By.ID, "component").get_attribute("value"), NAME,
                             "the open session's component stays picked")
            Select(self.driver.find_element(By.ID, "component")).select_by_value("new-card")
            self.wait_for("document.body.dataset.component === 'new-card'", message="the new file never drew")
            self.wait_for("document.getElementById('component-hint').textContent"
                          " === 'A card that came in while the page was open.'")
        finally:
            os.remove(extra)
        self.wait_for(f"!{options}.includes('new-card')", message="a removed file leaves the picker")

    def served_defaults(self) -> dict:
        with urllib.request.urlopen(f"{self.base_url}schemas/{NAME}.schema.json", timeout=5) as response:
            schema = json.loads(response.read())
        return {key: value.get("default") for key, value in schema["properties"].items()}

    def test_a_reloaded_file_with_changed_defaults_applies_them_where_not_edited(self):
        # Earlier tests leave their edit on disk: start from the file as the class wrote it.
        self.write(self.source)
        original = json.loads(self.source)["configuration"]
        deadline = time.monotonic() + 10
        while set(self.served_defaults()) - {"format", "version"} != set(original):
            self.assertLess(time.monotonic(), deadline, "morphd never served the restored file's schema")
            time.sleep(0.05)
        try:
            self.open_component(NAME, dpr=1)
            self.wait_for(f"document.body.dataset.configFields === '{len(original)}'")
            # The person edits one field with the keyboard; the other keeps its default.
            damping = self.driver.find_element(By.ID, "config-dampingFraction")
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", damping)
            damping.click()
            damping.send_keys(Keys.CONTROL, "a")
            damping.send_keys("0.7", Keys.TAB)
            self.wait_for("JSON.parse(document.body.dataset.configuration).dampingFraction === 0.7",
                          message=f"the typed damping never applied\n{self.console()}")

            changed = json.loads(self.source)
            changed["configuration"]["cornerRadiusOpen"]["default"] = 12
            changed["configuration"]["dampingFraction"]["default"] = 0.6
            self.write(json.dumps(changed, indent=2))
            self.wait_for("document.body.dataset.defaultsChanged === 'cornerRadiusOpen:applied,dampingFraction:kept'",
                          message=f"the changed defaults were not told\n{self.console()}")
            notice = self.driver.find_element(By.ID, "config-defaults")
            self.assertTrue(notice.is_displayed())
            self.assertEqual(notice.text.splitlines(), [
                "Reloaded — defaults changed",
                "Corner radius open: 28 → 12, applied",
                "Damping fraction: 0.82 → 0.6, kept your 0.7",
            ])
            self.assertEqual(self.driver.find_element(By.ID, "config-cornerRadiusOpen").get_attribute("value"), "12")
            self.assertEqual(self.driver.find_element(By.ID, "config-dampingFraction").get_attribute("value"), "0.7")
            # The session on the server took the new default (a `set`) and kept the edit: a
            # joining client is told both.
            with self.client() as watcher:
                session, _ = self.first_frame(watcher, {"type": "join", "session": self.session})
            self.assertEqual(session["configuration"]["cornerRadiusOpen"], 12)
            self.assertEqual(session["configuration"]["dampingFraction"], 0.7)
            violations = self.axe("document.getElementById('config-fields').closest('section')")
            self.assertEqual(violations, [], f"axe-core violations on the options panel:\n{json.dumps(violations, indent=1)}")
            self.screenshot("config-defaults-changed")
        finally:
            self.write(self.source)

    def test_a_spring_field_is_edited_whole_and_switches_form_as_the_server_converts_it(self):
        card = json.loads(BLANK.read_text())
        card["name"] = "spring-card"
        card["configuration"]["open"] = {"type": "spring", "default": {"response": 0.5, "dampingFraction": 0.8},
                                         "summary": "How the card grows and shrinks."}
        for transition in card["machine"]["transitions"]:
            transition["effects"][0]["with"] = "config.open"
        extra = os.path.join(self.components, "spring.json")
        with open(extra + ".tmp", "w") as handle:
            json.dump(card, handle)
        os.replace(extra + ".tmp", extra)
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    urllib.request.urlopen(f"{self.base_url}schemas/spring-card.schema.json", timeout=5).close()
                    break
                except OSError:
                    self.assertLess(time.monotonic(), deadline, "morphd never served the spring card")
                    time.sleep(0.05)
            self.open_component("spring-card", dpr=1)
            springs = "JSON.parse(document.body.dataset.springs || '{}').open"
            self.wait_for(f"{springs} && {springs}.response === 0.5", message=f"no springs\n{self.console()}")
            form = self.driver.find_element(By.ID, "config-open-form")
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", form)
            self.wait_for("!document.getElementById('config-open-form').disabled")

            def shown() -> list:
                return self.driver.execute_script("""return [0, 1].map((part) => {
                    const input = document.getElementById(`config-open-${part}`);
                    return [document.querySelector(`label[for='${input.id}']`).textContent, Number(input.value)];
                });""")

            self.assertEqual(shown(), [["Response", 0.5], ["Damping fraction", 0.8]])
            # The response typed with the keyboard: the server sends the spring back in both forms.
            response = self.driver.find_element(By.ID, "config-open-0")
            response.click()
            response.send_keys(Keys.CONTROL, "a")
            response.send_keys("0.6", Keys.TAB)
            self.wait_for(f"{springs}.response === 0.6", message=f"the server never sent the typed spring\n{self.console()}")
            both = self.driver.execute_script(f"return {springs}")
            self.assertEqual(both["duration"], 0.6, "a spring's duration is its response")
            self.assertAlmostEqual(both["bounce"], 0.2, places=12)
            # Switched to duration and bounce: the same spring, in the numbers the server sent.
            self.wait_for("!document.getElementById('config-open-form').disabled")
            Select(form).select_by_index(1)
            self.wait_for("JSON.parse(document.body.dataset.configuration).open.duration === 0.6",
                          message=f"the form never switched\n{self.console()}")
            self.assertEqual(json.loads(self.driver.execute_script("return document.body.dataset.configuration"))["open"],
                             {"duration": 0.6, "bounce": both["bounce"]})
            self.assertEqual(shown(), [["Duration", 0.6], ["Bounce", both["bounce"]]])
            with self.client() as watcher:
                session, _ = self.first_frame(watcher, {"type": "join", "session": self.session})
            self.assertEqual(session["configuration"]["open"], {"duration": 0.6, "bounce": both["bounce"]})
            # And back: response and damping as the server converts the bounce again.
            self.wait_for(f"!document.getElementById('config-open-form').disabled && {springs}.duration === 0.6"
                          f" && JSON.parse(document.body.dataset.springs).open.bounce === {json.dumps(both['bounce'])}")
            Select(form).select_by_index(0)
            self.wait_for("JSON.parse(document.body.dataset.configuration).open.response === 0.6")
            damping = json.loads(self.driver.execute_script("return document.body.dataset.configuration"))["open"]["dampingFraction"]
            self.assertAlmostEqual(damping, 0.8, places=12)
            violations = self.axe("document.getElementById('config-fields').closest('section')")
            self.assertEqual(violations, [], f"axe-core violations on the options panel:\n{json.dumps(violations, indent=1)}")
            self.screenshot("config-spring")
        finally:
            os.remove(extra)

    def test_a_removed_file_is_told_and_the_page_keeps_running_it(self):
        self.open_component(NAME)
        os.remove(self.path)
        try:
            self.wait_for("document.body.dataset.componentFile === 'removed'", message="the removal never reached the page")
            self.assertIn("card.json was removed", self.banner())
            self.assertIn("new sessions of it are refused", self.banner())
            # The session the page has runs on: the card still expands.
            self.click_node(self.a11y_node("card"))
            self.wait_state("expanded")
        finally:
            self.write(self.source)
        # The file back (under its old name) takes the component back: the banner clears.
        self.wait_for("document.body.dataset.componentFile === 'loaded'", message="the file never came back")
        self.assertEqual(self.banner(), "")

    def assert_map_drawn(self) -> None:
        """The sheet's picture (images/nearby-map.png, fetched from morphd's /images/) is on the
        canvas where MorphKit placed it: `fill` in rect(20, 282, 350, 120) of the sheet, whose
        top is at the medium detent. Expected colours come from the script that made the
        file, at points where the picture is flat for 4 source pixels around, so smoothing
        cannot move them (±3/255); the rounded corners are clipped to the sheet's colour."""
        spec = importlib.util.spec_from_file_location("generate", SHEET.parent / "images" / "generate.py")
        generate = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(generate)
        self.settle()
        top = VIEWPORT[1] - round(VIEWPORT[1] * 0.5) + 282
        scale = max(350 / generate.WIDTH, 120 / generate.HEIGHT)
        drawn_top = top + (120 - generate.HEIGHT * scale) / 2
        checked = 0
        for fx in range(30, 370, 17):
            for fy in range(4, 118, 13):
                sx, sy = (fx - 20) / scale, (top + fy - drawn_top) / scale
                around = {generate.color(int(sx) + dx, int(sy) + dy) for dx in (-4, 0, 4) for dy in (-4, 0, 4)}
                if len(around) != 1 or not (4 <= sx < generate.WIDTH - 4 and 4 <= sy < generate.HEIGHT - 4):
                    continue
                expected = tuple(around.pop()) + (255,)
                self.assertColor(self.pixel(fx, top + fy), expected, tolerance=3, msg=f"map at {fx}, {fy}:")
                checked += 1
        self.assertGreater(checked, 40)
        # Outside the corner radius of 12 the sheet's surface shows, not the map.
        self.assertColor(self.pixel(20.5, top + 0.5), self.pixel(10, top + 10), tolerance=3, msg="clipped corner:")

    def test_the_bottom_sheet_opens_and_a_flick_takes_it_to_large(self):
        """The component written only as a file, driven through the page by real pointer input."""
        self.open_component("bottom-sheet")
        self.wait_for("document.body.dataset.panel === 'bottom-sheet'")
        self.assertEqual(self.hint(), json.loads(SHEET.read_text())["hint"])
        # Derived from its file: no scrub variable (a drag drives it), no curtain effect.
        self.assertFalse(self.shown("scrub"), "the sheet has no progress to scrub")
        self.assertFalse(self.shown("server-tiles"), "the sheet has no effect to tile")
        self.click_node(self.a11y_node("show"))
        self.wait_state("medium")
        self.snapshot("bottom-sheet", "medium")
        self.assert_map_drawn()
        # A quick upward drag on the sheet: its predicted end lies past the large detent. The
        # first step is held a moment, so a page that draws few frames under load still draws
        # one while the sheet is dragging; the release velocity comes from the steps after it.
        chain = self.pointer_at(195, 470, move_ms=0)
        chain.click_and_hold()
        for y in range(440, 180, -40):
            chain.w3c_actions.pointer_action.move_to_location(*self.client_point(195, y))
            chain.w3c_actions.pointer_action.pause(0.3 if y == 440 else 0.016)
        chain.release().perform()
        self.wait_state("large")
        self.snapshot("bottom-sheet", "large")
        self.assertIn("dragging", self.states_since("medium"))

    def current_page(self) -> str:
        """The id of the page the accessibility mirror shows (only the current one is an element)."""
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#a11y .a11y-node')].map((n) => n.dataset.id)"
            ".find((id) => id.startsWith('pages.')) ?? ''")

    def test_a_tap_on_the_pagers_second_dot_shows_its_page(self):
        """Real pointer input on one copy of a repeated node: the server hit tests the dots by
        their ids (dots.<title>.dot) and the transition reads the dot's index."""
        self.open_component("pager")
        self.wait_for("document.body.dataset.panel === 'pager'")
        self.assertEqual(self.current_page(), "pages.Harbor walk.page")
        # The dots are 8 pt circles centred at (179, 581), (195, 581) and (211, 581).
        self.click_at(195, 581)
        self.wait_for("[...document.querySelectorAll('#a11y .a11y-node')]"
                      ".some((n) => n.dataset.id === 'pages.Lunch at the market.page')",
                      message=f"the second dot's page never showed; showing {self.current_page()}\n{self.console()}")
        self.click_at(211, 581)
        self.wait_for("[...document.querySelectorAll('#a11y .a11y-node')]"
                      ".some((n) => n.dataset.id === 'pages.Sunset viewpoint.page')",
                      message=f"the third dot's page never showed; showing {self.current_page()}")

    def test_the_pagers_pages_refuse_two_with_one_title(self):
        self.open_component("pager")
        self.wait_for("document.body.dataset.panel === 'pager'")
        self.wait_for("document.body.dataset.configFields === '2'", message="the panel never showed the pager's fields")
        before = json.loads(self.driver.execute_script("return document.body.dataset.configuration"))["pages"]
        area = self.driver.find_element(By.ID, "config-pages")
        twice = [{"title": "A", "symbol": "waveform"}, {"title": "A", "symbol": "fork.knife"}]
        self.driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", area, json.dumps(twice))
        problem = self.driver.find_element(By.ID, "config-pages-problem").text
        # Worded as morph words it for a --set or a configuration document.
        self.assertEqual(problem, "pages[1].title: 'A' is also pages[0]'s title: a repeat keys its nodes by title, "
                                  "so each entry's title is different")
        self.assertEqual(area.get_attribute("aria-invalid"), "true")
        self.assertEqual(json.loads(self.driver.execute_script("return document.body.dataset.configuration"))["pages"],
                         before, "a refused list is not sent")
        # Two different titles apply, and the problem goes.
        twice[1]["title"] = "B"
        self.driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", area, json.dumps(twice))
        self.wait_for("JSON.parse(document.body.dataset.configuration).pages.length === 2",
                      message="two different titles never applied")
        self.assertEqual(self.driver.find_element(By.ID, "config-pages-problem").text, "")
        self.assertEqual(area.get_attribute("aria-invalid"), "false")
