"""The page and morphd --components, in headless Chromium: a component file shows in the
picker with an options panel generated from its file, a mistake saved to disk appears in the
page with its file, line and column while the last good version keeps drawing, and the fixed
file (with a new configuration field) clears it and redraws the panel.

    python3 -m unittest Tests/browser/test_component_files.py -v

Every wait is bounded.
"""

import json
import os
import shutil
import tempfile

from harness import REPO, WEB_ROOT, MorphdProcess
from test_live import LiveTestCase

EXAMPLE = REPO / "Examples" / "components" / "morph-container.json"
NAME = "page-card"


class ComponentFileServer(MorphdProcess):
    def __init__(self, record_dir: str, components: str):
        super().__init__("--web-root", str(WEB_ROOT), "--record-dir", record_dir, "--components", components,
                         name="morphd-ComponentFilePageTests")


class ComponentFilePageTests(LiveTestCase):

    @classmethod
    def start_server(cls):
        cls.record_dir = tempfile.mkdtemp(prefix="morph-browser-rec-")
        cls.components = tempfile.mkdtemp(prefix="morph-browser-components-")
        cls.source = EXAMPLE.read_text().replace('"name": "morph-container"', f'"name": "{NAME}"')
        cls.path = os.path.join(cls.components, "card.json")
        cls.write(cls.source)
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

    def test_a_file_component_edited_on_disk(self):
        self.open_component(NAME)
        options = self.driver.execute_script(
            "return [...document.getElementById('component').options].map((o) => o.value)")
        self.assertEqual(options[:3], ["morph-container", "hero-card", "curtain"])
        self.assertIn(NAME, options)
        fields = len(json.loads(self.source)["configuration"])
        self.wait_for(f"document.body.dataset.configFields === '{fields}'", message="the panel never showed the file's fields")

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
        self.write(json.dumps(fixed, indent=2))
        self.wait_for("document.body.dataset.componentFile === 'loaded'", message="the fixed file never loaded")
        self.wait_for(f"document.body.dataset.configFields === '{fields + 1}'", message="the panel kept the old fields")
        self.assertEqual(self.banner(), "")
