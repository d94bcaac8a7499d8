"""Server tiles in the page against the real morphd: the folded curtain drawn from the server's tiles
matches the page's own WebGL fold, with each motion codec (JPEG, the default, and WebP; PNG once
the drag rests): the browser decodes tiles of that codec and fails none. With `--tile-fallback
always` the moving set is 1x and frames are drawn from it scaled up; at rest the tiles are 2x
again. Sets are decoded in the page's worker, and with `?tileWorker=0` on its main thread (as
where a browser has no worker), to the same picture. `TileLatencyTests` (issue 32): over a 4 s
drag, unthrottled and with the page's CPU throttled 4×, the tile latency the HUD shows stays
bounded (p99 under 1,000 and 2,500 ms), is never negative in the HUD (nor below zero past the clock
estimate's error), and the resting picture after the drag is the full-scale one.

    python3 -m unittest discover -s Tests/browser -v

The curtain is dragged and held mid-way (the pointer stays down), pixels are read with the
page folding the curtain itself (WebGL), then "Server tiles" is switched on and, once a
frame was drawn from tiles, the same pixels are read again. Every wait is bounded.
"""

import math
import re
import tempfile
import time
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
    DECODED_IN = "worker"  # where the page decodes sets (tile-worker.js; `page` without one)

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
            self.assertEqual(self.driver.execute_script("return document.body.dataset.tilesDecodedIn"),
                             self.DECODED_IN)
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


class TileStreamsAfterNavigationTests(LiveTestCase):
    """Leaving a page ends its session and tile stream: Chromium keeps a page in its back/forward
    cache with its WebSocket open, so before the page closed its socket on `pagehide` the
    streams of pages navigated away from stayed counted, and a fifth curtain page in one browser
    was refused tiles (`busy`: morphd's default `--max-tile-streams` is 4)."""

    PAGES = 5

    def open_curtain_with_tiles(self) -> str:
        """Opens the curtain, turns server tiles on and waits for a set; returns the session."""
        self.open_component("curtain", dpr=2)
        self.driver.execute_script("document.getElementById('server-tiles').click()")
        self.wait_for("document.body.dataset.tilesSeq !== undefined", timeout=30,
                      message=f"no tile set came: {self.banner()}\n{self.console()}")
        self.assertEqual(self.banner(), "")
        return self.session

    def banner(self) -> str:
        return self.driver.execute_script(
            "const el = document.getElementById('message'); return el.hidden ? '' : el.textContent.trim()")

    def test_a_fifth_page_in_one_browser_gets_tiles(self):
        sessions = []
        for _ in range(self.PAGES):
            sessions.append(self.open_curtain_with_tiles())
            self.driver.get("about:blank")
        self.assertEqual(len(set(sessions)), self.PAGES)
        # Back to the last page (restored from the cache, or loaded again): a fresh session, tiles again.
        self.driver.back()
        self.wait_for(f"document.body.dataset.session && document.body.dataset.session !== '{sessions[-1]}'",
                      timeout=30, message=f"the page shown again has no fresh session\n{self.console()}")
        self.wait_for("document.body.dataset.tilesSeq !== undefined", timeout=30,
                      message=f"no tile set came after going back: {self.banner()}\n{self.console()}")
        self.assertEqual(self.banner(), "")


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


class ServerTilesOnThePageTests(ServerTilesTests):
    """`?tileWorker=0`: the page decodes and draws sets on its main thread, as where a browser
    has no worker, and shows the same fold."""

    DECODED_IN = "page"

    def open_page(self, query: str = "", **kwargs) -> None:
        super().open_page(query + "&tileWorker=0", **kwargs)


# Collects, from the page's debug hook, the tile latency of every set swapped in and, for every
# frame drawn while `__tileLatency.on` once a set came in that time, the latency the HUD shows
# then (its last set's).
COLLECT_TILE_LATENCY = """
    const body = document.body;
    const log = window.__tileLatency = {on: false, fresh: false, frames: [], olds: []};
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.attributeName === 'data-tiles-latency-ms') {
          log.olds.push(record.oldValue);
          log.fresh = log.on;
        } else if (log.on && log.fresh) log.frames.push(body.dataset.tilesLatencyMs);
      }
    }).observe(body, {attributes: true, attributeOldValue: true,
                      attributeFilter: ['data-frames-drawn', 'data-tiles-latency-ms']});"""

# Each set's latency in order: a record's old value is the one before it, the last is current.
READ_TILE_LATENCY = """
    const log = window.__tileLatency;
    const sets = [...log.olds.slice(1), document.body.dataset.tilesLatencyMs].filter((v) => v !== undefined && v !== null);
    return {frames: log.frames.map(Number), sets: sets.map(Number)};"""


# The newest set is at full scale (2x, as asked) and the frame drawn last was drawn from it.
RESTING_AT_FULL_SCALE = ("document.body.dataset.tilesLayer === 'on' && document.body.dataset.tilesScale === '2/2'"
                         " && document.body.dataset.tilesDrawnSeq === document.body.dataset.tilesSeq")


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile: the smallest value at least `share` of `values` are at or below."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


class TileLatencyTests(LiveTestCase):
    """Issue 32: tile latency stays bounded whatever the page's draw rate. With server tiles on (the
    default `--tile-fallback auto`), the curtain is dragged in and out for 4 s with real
    pointer input (four strokes a chain of actions, so the pointer never rests between them),
    unthrottled and with the page's CPU throttled 4× through DevTools; the tile latency the
    HUD shows at each frame drawn (its last set's, from the debug hook; from the drag's first
    set on, so the pressed picture's set does not count) has p99 under `BOUND_MS` and is never
    below zero past the clock estimate's error (half the best ping). The pointer then holds
    still: the resting picture comes at full scale (a viewer that was lowered recovers it) and
    is the one drawn. The bounds are what holds on a loaded 2-core machine with a debug
    morphd: with the page decoding in a worker, p99 86–420 ms unthrottled and 126–365 ms at 4×
    over 9 runs each at load 4–10, where single sets the server took 150–1,100 ms to render
    set the p99 (one 4× run of a page just before reached 1,798 ms, hence 2,500 ms at 4× and
    1,000 ms unthrottled); before sets waited for the viewer's ack, 4× reached 1,107–2,190 ms
    and the issue saw 8.7 s. They catch latency that grows with the drag, not a slow set. The
    issue's goal, p99 under 100 ms, is `bench_tile_latency.py`'s to measure (bench/results.md:
    on this machine at load 3.6–7, release morphd, 4× p99 93–368 ms against main's 168–258,
    set by the loaded server's slow sets)."""

    DRAG_SECONDS, MOVE_MS, STROKES = 4.0, 16, 4
    BOUND_MS = {1: 1000, 4: 2500}

    def drag_with_tiles(self, throttle: float) -> dict:
        """Opens the curtain with tiles and presses its handle; once the pressed curtain is drawn
        from tiles, drags it in and out for `DRAG_SECONDS` at CPU throttle `throttle`, then holds
        still until it rests. Returns the latencies (ms) of the frames drawn during the drag and
        of every set, how long the drag took and how many sets came lowered."""
        self.open_component("curtain", dpr=2)
        self.driver.execute_script(COLLECT_TILE_LATENCY)
        self.driver.execute_script("document.getElementById('server-tiles').click()")
        # The closed curtain's set has no layer (nothing folds); the press brings one.
        self.wait_for("document.body.dataset.tilesSeq !== undefined", timeout=30,
                      message=f"no tile set came\n{self.console()}")
        start = (VIEWPORT[0] - 20, VIEWPORT[1] / 2)
        step = round(12 * self.driver.execute_script("return canvas.getBoundingClientRect().width") / VIEWPORT[0])
        self.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": throttle})
        try:
            self.pointer_at(*start, move_ms=0).click_and_hold().perform()
            # The press draws the curtain's layer through cairo once (kept for the drag): the
            # drag starts once the pressed curtain rests, drawn from its full-scale tiles.
            self.settle()
            self.tiles_settle()
            self.driver.execute_script("window.__tileLatency.on = true")
            # In and out by 12 pt a move, 10 moves each way, until DRAG_SECONDS have passed
            # (how long a move takes depends on the page's speed). The strokes go in chains of
            # STROKES: while the next chain is sent the pointer is still, and a throttled page
            # on a loaded machine was still for 300 ms between chains of one stroke, which is
            # a resting picture to the server (its whole full-scale set, not a drag's).
            began, offset = time.monotonic(), -step
            while time.monotonic() - began < self.DRAG_SECONDS:
                chain = ActionChains(self.driver, duration=self.MOVE_MS)
                for _ in range(self.STROKES):
                    for _ in range(10):
                        chain.move_by_offset(offset, 0)
                    offset = -offset
                chain.perform()
            seconds = time.monotonic() - began
            self.driver.execute_script("window.__tileLatency.on = false")
            # Held still, the fold rests: its set comes at full scale and is drawn.
            self.settle()
            self.tiles_settle()
            result = self.driver.execute_script(READ_TILE_LATENCY)
        finally:
            self.driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
            self.pointer_at(*start, move_ms=0).release().perform()
        result["seconds"] = seconds
        result["lowered"] = int(self.driver.execute_script("return document.body.dataset.tilesLowered || '0'"))
        result["decodedIn"] = self.driver.execute_script("return document.body.dataset.tilesDecodedIn")
        return result

    def tiles_settle(self) -> None:
        """Waits until no set came for a second (a resting picture's refinement comes up to
        0.3 s after it rests), then checks the newest is at full scale and drawn."""
        seen, deadline = [], time.monotonic() + 30
        while time.monotonic() < deadline:
            seen.append((time.monotonic(), self.driver.execute_script("return document.body.dataset.tilesSeq")))
            if seen[0][0] <= seen[-1][0] - 1 and len({seq for t, seq in seen if t >= seen[-1][0] - 1}) == 1:
                break
            time.sleep(0.1)
        else:
            self.fail(f"tile sets never stopped coming: {seen[-12:]}")
        self.wait_for(RESTING_AT_FULL_SCALE, timeout=5,
                      message=f"the resting picture is not the full-scale one drawn\n{self.console()}")

    def check_bounded(self, throttle: float) -> None:
        result = self.drag_with_tiles(throttle)
        frames, sets = result["frames"], result["sets"]
        summary = (f"{throttle}x: {len(frames)} frames, {len(sets)} sets in {result['seconds']:.1f} s, "
                   f"{result['lowered']} lowered; frame p50 {percentile(frames, 0.5) if frames else None}, "
                   f"p99 {percentile(frames, 0.99) if frames else None}, max {max(frames, default=None)} ms")
        self.assertGreaterEqual(result["seconds"], self.DRAG_SECONDS - 0.5, f"the drag was cut short: {summary}")
        # Chromium has module workers and OffscreenCanvas: the sets were decoded off the main thread.
        self.assertEqual(result["decodedIn"], "worker", summary)
        self.assertGreater(len(frames), 20, f"too few frames drawn during the drag to tell: {summary}")
        self.assertGreater(len(sets), 10, f"too few tile sets during the drag to tell: {summary}")
        # The raw latency is the page's clock minus the set's server time through the clock
        # offset of the fastest ping, which is right within half that ping's round trip: below
        # zero by more than that is a bug, not the estimate (the HUD shows 0 for the rest).
        rtt = float(re.match(r"[\d.]+", self.hud("rtt")).group())
        self.assertGreaterEqual(min(frames + sets), -(rtt / 2 + 1), f"a negative tile latency (RTT {rtt} ms): {summary}")
        self.assertLess(percentile(frames, 0.99), self.BOUND_MS[throttle], f"tile latency p99 not bounded: {summary}")
        # The HUD's tile line: labelled, fixed width, never negative (hud.js `tileLine`).
        self.assertRegex(self.hud("tiles"), r"^sets/s +\d+  latency +\d+ ms\n")

    def test_tile_latency_is_bounded_on_an_unthrottled_page(self):
        self.check_bounded(1)

    def test_tile_latency_is_bounded_on_a_page_throttled_4x(self):
        self.check_bounded(4)


if __name__ == "__main__":
    unittest.main()
