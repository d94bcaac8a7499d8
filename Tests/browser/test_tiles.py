"""Server tiles in the page against the real morphd: the folded curtain drawn from the
server's tiles matches the page's own WebGL fold, with each motion codec (JPEG, the default,
and WebP; PNG once the drag rests): the browser decodes tiles of that codec and fails none.
With `--tile-fallback always` the moving set is 1x and frames are drawn from it scaled up; at
rest the tiles are 2x again.

    python3 -m unittest discover -s Tests/browser -v

The curtain is dragged and held mid-way (the pointer stays down), pixels are read with the
page folding the curtain itself (WebGL), then "Server tiles" is switched on and, once a
frame was drawn from tiles, the same pixels are read again. Every wait is bounded.
"""

import tempfile
import unittest

from selenium.webdriver.common.action_chains import ActionChains

from harness import WEB_ROOT, MorphdProcess
from test_live import LiveTestCase, VIEWPORT

# Two renderers (canvas + WebGL vs cairo + the CPU kernel) of the same fold: most pixels agree
# closely; text edges and the kernel's step-function pixels may not.
TOLERANCE, SHARE = 8, 0.9


class ServerTilesTests(LiveTestCase):
    CODEC, CODEC_INDEX = "jpeg", 1  # morphd's --tile-codec and its header byte
    FALLBACK = "off"  # morphd's --tile-fallback

    @classmethod
    def start_server(cls):
        cls.record_dir = tempfile.mkdtemp(prefix="morph-browser-rec-")
        return MorphdProcess("--web-root", str(WEB_ROOT), "--record-dir", cls.record_dir,
                             "--tile-codec", cls.CODEC, "--tile-fallback", cls.FALLBACK,
                             name=f"morphd-{cls.__name__}").start()

    def sample(self):
        points = [(x, y) for x in range(15, VIEWPORT[0], 30) for y in range(20, VIEWPORT[1], 40)]
        return points, self.pixels(points)

    def test_server_tiles_show_the_fold_webgl_shows(self):
        self.open_component("curtain", dpr=2)
        start = (VIEWPORT[0] - 20, VIEWPORT[1] / 2)
        scale = self.driver.execute_script("return canvas.getBoundingClientRect().width") / VIEWPORT[0]
        chain = self.pointer_at(*start, move_ms=100).click_and_hold()
        for _ in range(4):
            chain.move_by_offset(-round(35 * scale), 0)
        chain.pause(0.5).perform()  # the button stays down: the drag is held
        try:
            self.wait_state("dragging")
            self.wait_for("canvas.dataset.curtainPath && canvas.dataset.curtainPath !== 'none'",
                          message="the page never folded the curtain itself")
            # On a loaded machine the fold may still be settling onto the held pointer: the
            # picture WebGL shows is compared once nothing moves, as the tiles' is below.
            self.settle()
            points, webgl = self.sample()
            self.assertEqual(self.driver.execute_script("return document.body.dataset.tilesDrawnSeq"), None)
            self.driver.execute_script("document.getElementById('server-tiles').click()")
            self.wait_for("document.body.dataset.tilesDrawnSeq !== undefined", timeout=30,
                          message=f"no frame was drawn from tiles\n{self.console()}")
            self.wait_for("canvas.dataset.curtainPath === 'none'", timeout=5,
                          message="tiles drawn, yet the page still folded the curtain")
            # The held curtain rests: its first set is already lossless.
            self.wait_for("(document.body.dataset.tilesDecoded || '').split(',')[0] > 0", timeout=30,
                          message=f"no PNG tile was decoded\n{self.console()}")
            # Moving the held pointer out and back sends motion sets in the codec; the fold then
            # rests where it was (the spring settles on the pointer), lossless again. Half a
            # second of motion: a loaded machine's sets may arrive after the frames they were
            # for, and the page draws only sets that match the frame it draws.
            step = round(20 * scale)

            def move_out_and_back():
                chain = ActionChains(self.driver, duration=60)
                for offset in (-step,) * 4 + (step,) * 4:
                    chain.move_by_offset(offset, 0)
                chain.pause(0.5).perform()

            move_out_and_back()
            self.more_motion(move_out_and_back)
            self.wait_for(f"(document.body.dataset.tilesDecoded || '').split(',')[{self.CODEC_INDEX}] > 0", timeout=30,
                          message=f"no {self.CODEC} tile was decoded while the held pointer moved\n{self.console()}")
            # At rest the layer is full scale again, whatever the motion sets were. On a loaded
            # machine the fold may still be settling onto the pointer: wait until no frame
            # comes, so the set compared is the resting one.
            self.settle()
            self.wait_for("document.body.dataset.tilesScale === '2/2'", timeout=30,
                          message=f"the resting tiles never came at full scale\n{self.console()}")
            self.check_lowered_sets()
            _, tiles = self.sample()
            self.assertNotEqual(self.hud("tiles"), "off")
            decoded = [int(n) for n in self.driver.execute_script("return document.body.dataset.tilesDecoded").split(",")]
            self.assertGreater(decoded[self.CODEC_INDEX], 0, f"no {self.CODEC} tile was decoded: {decoded}")
            self.assertEqual(self.driver.execute_script("return document.body.dataset.tilesFailed"), "0")
        finally:
            self.pointer_at(*start, move_ms=0).release().perform()
        close = sum(1 for a, b in zip(webgl, tiles) if max(abs(p - q) for p, q in zip(a, b)) <= TOLERANCE)
        self.assertGreaterEqual(close, SHARE * len(points),
                                f"only {close}/{len(points)} sampled pixels agree within {TOLERANCE}")
        # The fold really is on screen: the held drag changed the picture against the resting curtain.
        self.driver.execute_script("document.getElementById('server-tiles').click()")
        self.wait_state("closed")
        self.wait_for("canvas.dataset.curtainPath === 'none'", timeout=10)
        _, resting = self.sample()
        moved = sum(1 for a, b in zip(resting, tiles) if max(abs(p - q) for p, q in zip(a, b)) > TOLERANCE)
        self.assertGreater(moved, 0.05 * len(points), "the tiles showed no fold")

    def more_motion(self, move_out_and_back):
        """Only the fallback's test needs more than one stretch of motion."""

    def check_lowered_sets(self):
        """With the automatic fallback, lowered sets may or may not have come (load decides)."""


class ServerTilesFallbackTests(ServerTilesTests):
    """`--tile-fallback always`: the first (moving) set is 1x of the 2x asked for, and the page
    draws frames from it, scaled into the layer's bounds, before the resting 2x set."""

    FALLBACK = "always"

    def more_motion(self, move_out_and_back):
        """A frame is drawn from a lowered set only when that set comes before the page moves
        on to the next frame; on a loaded machine one half-second of motion may have none, so
        the held pointer moves out and back again (at most five more times) until one is."""
        for _ in range(5):
            if int(self.driver.execute_script("return document.body.dataset.tilesLoweredDrawn || '0'")) > 0:
                return
            move_out_and_back()

    def check_lowered_sets(self):
        drawn = int(self.driver.execute_script("return document.body.dataset.tilesLoweredDrawn || '0'"))
        self.assertGreater(drawn, 0, "no frame was drawn from a lowered set")
        self.assertIn("2x", self.hud("tiles"))


class ServerTilesWebPTests(ServerTilesTests):
    CODEC, CODEC_INDEX = "webp", 2


if __name__ == "__main__":
    unittest.main()
