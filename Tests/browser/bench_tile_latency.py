"""Tile latency in the page during a curtain drag (issue 32): a tool run by hand, not a test
(the test, `test_tiles.TileLatencyTests`, asserts the bound; this prints the spread).

    python3 Tests/browser/bench_tile_latency.py [--runs 3] [--throttle 1,4]
        [--morphd PATH] [--web-root DIR] [--against DIR]

Each run is `TileLatencyTests.drag_with_tiles`: headless Chromium against morphd (debug, as the
browser tests run it; `--morphd` another), the curtain with server tiles at 2x, pressed until it
rests, then dragged in and out for 4 s with real pointer input (four strokes a chain of
actions), the page's CPU throttled through DevTools (`Emulation.setCPUThrottlingRate`). Per
run: p50, p99 and max of the tile latency the HUD shows at each frame drawn during the drag
(from the page's debug hook), sets swapped in a second, and the page's share of a set (p50 and
p90 of the time from its first tile handled on the page's main thread to its swap: decoding and
the waits for the main thread, not the server's render, which a loaded machine stretches).
Prints min / median / max over the runs of each figure; `--web-root` serves another copy of the page (one with
`data-tiles-latency-ms` in its debug hook). `--against DIR` also serves the page in DIR (a
checkout of main's `web-preview/`, say) from a second morphd of the same build, with its own
Chromium, and alternates runs between the two, so both see the same load on a shared machine;
it prints the ratio of this page's medians to that one's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import test_tiles  # noqa: E402
from harness import MorphdProcess  # noqa: E402
from test_tiles import TileLatencyTests, percentile  # noqa: E402

FIGURES = ("p50", "p99", "max", "sets/s", "page p50", "page p90")

# Injected before the page's own scripts (DevTools): stamps each set's first tile and its
# `tiles-done` as the page's main thread handles them, and its swap (`data-tiles-seq`), while the
# drag is measured (`__tileLatency.on`). It wraps only the WebSocket and the DOM, so it measures
# main's page as it does this one.
STAMP_SETS = r"""
(() => {
  const stamps = window.__setStamps = {sets: {}, first: null};
  const measuring = () => window.__tileLatency?.on === true;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const now = performance.now();
        if (typeof event.data !== 'string') {
          stamps.first ??= now;
        } else if (event.data.includes('"tiles-done"')) {
          const seq = /"seq":(\d+)/.exec(event.data)?.[1];
          if (measuring() && stamps.first !== null) stamps.sets[seq] = {first: stamps.first, done: now};
          stamps.first = null;
        }
      });
    }
  };
  const watch = () => new MutationObserver(() => {
    const set = stamps.sets[document.body.dataset.tilesSeq];
    if (set && set.swap === undefined) set.swap = performance.now();
  }).observe(document.body, {attributes: true, attributeFilter: ['data-tiles-seq']});
  if (document.body) watch(); else document.addEventListener('DOMContentLoaded', watch);
})();"""


def bench_case(name: str, web_root: Path, max_tile_streams: int | None) -> TileLatencyTests:
    """A `TileLatencyTests` with its own morphd serving `web_root`, and its own Chromium."""

    class Bench(TileLatencyTests):
        @classmethod
        def start_server(cls):
            cls.record_dir = tempfile.mkdtemp(prefix="morph-bench-rec-")
            # A page from before it closed its socket on `pagehide` keeps the streams of the pages
            # navigated away from: a fifth run would be refused tiles at the default 4.
            streams = ["--max-tile-streams", str(max_tile_streams)] if max_tile_streams else []
            return MorphdProcess("--web-root", str(web_root), "--record-dir", cls.record_dir, *streams,
                                 name=f"morphd-bench-tile-latency-{name}").start()

        def runTest(self):
            pass

    Bench.__name__ = f"Bench-{name}"
    return Bench()


def run(case: TileLatencyTests, throttle: float, label: str) -> dict | None:
    """One drag; its figures, or None (said) when it failed."""
    try:
        result = case.drag_with_tiles(throttle)
    except AssertionError as failure:
        print(f"{label} failed: {str(failure)[:800]}", flush=True)
        return None
    frames = result["frames"]
    # The page's share of each set: from its first tile handled on the page to its swap.
    sets = case.driver.execute_script("return Object.values(window.__setStamps.sets)")
    page = [s["swap"] - s["first"] for s in sets if s.get("swap") is not None] or [float("nan")]
    row = {"p50": percentile(frames, 0.5), "p99": percentile(frames, 0.99), "max": max(frames),
           "sets/s": len(result["sets"]) / result["seconds"], "page p50": percentile(page, 0.5),
           "page p90": percentile(page, 0.9), "min": min(frames + result["sets"])}
    print(f"{label}: " + ", ".join(f"{k} {v:.1f}" for k, v in row.items())
          + f" ({len(frames)} frames, {result['lowered']} lowered sets, load {os.getloadavg()[0]:.1f})", flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", default="1,4", help="CPU throttling rates, comma-separated")
    parser.add_argument("--morphd", help="the morphd to run (default: .build/debug/morphd)")
    parser.add_argument("--web-root", help="the page to serve (default: web-preview/)")
    parser.add_argument("--against", help="another page to alternate runs with (e.g. main's web-preview/)")
    args = parser.parse_args()
    if args.morphd:
        os.environ["MORPHD"] = str(Path(args.morphd).resolve())
    pages = {"this": Path(args.web_root).resolve() if args.web_root else test_tiles.WEB_ROOT}
    if args.against:
        pages["against"] = Path(args.against).resolve()
    cases = {name: bench_case(name, root, 64 if name == "against" else None) for name, root in pages.items()}
    started = []
    try:
        for case in cases.values():
            type(case).setUpClass()
            started.append(case)
            case.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STAMP_SETS})
        for throttle in [float(t) for t in args.throttle.split(",")]:
            rows = {name: [] for name in cases}
            for number in range(args.runs):
                for name, case in cases.items():
                    row = run(case, throttle, f"{name} {throttle:g}x run {number + 1}")
                    if row:
                        rows[name].append(row)
            medians = {}
            for name, found in rows.items():
                if not found:
                    continue
                print(f"{name} ({pages[name]}) {throttle:g}x over {len(found)} runs (min / median / max):")
                for key in FIGURES:
                    values = [row[key] for row in found]
                    medians[name, key] = statistics.median(values)
                    print(f"  {key:7} {min(values):7.1f} / {statistics.median(values):7.1f} / {max(values):7.1f}")
            if ("against", "p99") in medians and ("this", "p99") in medians:
                print(f"{throttle:g}x this / against (medians): "
                      + ", ".join(f"{key} {medians['this', key] / medians['against', key]:.2f}" for key in FIGURES))
    finally:
        for case in started:
            type(case).tearDownClass()


if __name__ == "__main__":
    unittest.installHandler()
    main()
