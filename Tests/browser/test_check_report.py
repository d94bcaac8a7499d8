"""`morph check --report` in a real headless Chromium: the page is self-contained (nothing
fetched), every inline PNG decodes at its stated size, the difference image's red pixels
are the count its caption states, and every changed property has its inline SVG curve.

    python3 -m unittest Tests/browser/test_check_report.py -v   (screenshot: artifacts/browser/)

The report comes from the built `morph` (`$MORPH`, else .build/debug/morph, rebuilt when stale) run on
copies of the fixture recordings, one of them with a changed spring (damping fraction 0.5).
"""

import re
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from harness import REPO, PageTestCase, StaticServer, executable

FIXTURES = REPO / "Tests" / "MorphKitTests" / "__Fixtures__" / "recordings"
NAMES = ["container-double-tap", "curtain-flick-reveals"]


class CheckReportTests(PageTestCase):

    @classmethod
    def start_server(cls):
        morph = executable("morph")
        cls.work = Path(tempfile.mkdtemp(prefix="morph-check-report-"))
        for name in NAMES:
            for suffix in (".jsonl", ".baseline.json", ".baseline.zz"):
                shutil.copy(FIXTURES / f"{name}{suffix}", cls.work / f"{name}{suffix}")
        recording = cls.work / "container-double-tap.jsonl"
        lines = recording.read_text().splitlines()
        lines[0] = re.sub(r'"configuration":\{[^}]*\}', '"configuration":{"dampingFraction":0.5}', lines[0])
        recording.write_text("\n".join(lines) + "\n")
        report = cls.work / "report"
        run = subprocess.run([str(morph), "check", str(cls.work), "--report", str(report)],
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 1, run.stdout + run.stderr
        assert "changed at frame" in run.stdout, run.stdout
        # Served from the folder above so the harness's readiness probe of / gets a short listing.
        return StaticServer(root=cls.work).start()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        shutil.rmtree(cls.work, ignore_errors=True)

    def test_images_decode_and_curves_are_drawn(self):
        self.open_page("report/index.html", width=1300, height=900)
        self.wait_for("document.readyState === 'complete'")
        decoded = self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            const images = [...document.images];
            Promise.all(images.map(i => i.decode().then(() => true, () => false))).then(ok => done(
                images.map((img, n) => ({alt: img.alt, ok: ok[n], w: img.naturalWidth, h: img.naturalHeight,
                                          sw: Number(img.getAttribute('width')),
                                          sh: Number(img.getAttribute('height'))}))));
        """)
        self.assertEqual(len(decoded), 3 + 2 * 8)
        for image in decoded:
            self.assertTrue(image["ok"], image)
            self.assertGreater(image["w"], 0, image)
            self.assertEqual((image["w"], image["h"]), (image["sw"], image["sh"]), image)
        self.assertEqual([i["alt"] for i in decoded[:3]], ["before", "after", "difference"])

        # The difference image, read back through a canvas: its pure red pixels are the
        # number its caption states, and there are some.
        red = self.driver.execute_script("""
            const img = document.querySelector('img[alt=difference]');
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
            const ctx = canvas.getContext('2d');
            ctx.drawImage(img, 0, 0);
            const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
            let red = 0;
            for (let i = 0; i < data.length; i += 4)
                if (data[i] === 255 && data[i + 1] === 0 && data[i + 2] === 0) red++;
            return red;
        """)
        caption = self.driver.execute_script(
            "return document.querySelector('img[alt=difference]').nextElementSibling.textContent")
        self.assertGreater(red, 0)
        self.assertIn(f"difference: {red} pixels", caption)

        # Curves: as many inline SVG charts as changed properties (up to 36), each with
        # a before and an after polyline.
        heading = self.driver.execute_script(
            "return [...document.querySelectorAll('h3')].map(h => h.textContent)"
            ".find(t => t.startsWith('Property curves'))")
        changed = int(re.search(r"\((\d+) changed\)", heading).group(1))
        charts = self.driver.execute_script("""
            return [...document.querySelectorAll('.curves svg')].map(svg => [
                svg.querySelectorAll('polyline[data-series=before]').length,
                svg.querySelectorAll('polyline[data-series=after]').length]);
        """)
        self.assertEqual(len(charts), min(changed, 36))
        for before, after in charts:
            self.assertGreater(before, 0)
            self.assertGreater(after, 0)

        # Nothing but the page itself was loaded.
        resources = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(r => r.name)")
        self.assertEqual(resources, [])
        self.screenshot("check-report")


if __name__ == "__main__":
    unittest.main()
