"""Tile latency in the page during a curtain drag (issue 32): a tool run by hand, not a test
(the test, `test_tiles.TileLatencyTests`, asserts the bound; this prints the spread).

    python3 Tests/browser/bench_tile_latency.py [--runs 3] [--throttle 1,4]
        [--morphd PATH] [--web-root DIR]

Each run is `TileLatencyTests.drag_with_tiles`: headless Chromium against morphd (debug, as the
browser tests run it; `--morphd` another), the curtain with server tiles at 2x, pressed until it
rests, then dragged in and out for 4 s with real pointer input (four strokes a chain of
actions), the page's CPU throttled through DevTools (`Emulation.setCPUThrottlingRate`). Per
run: p50, p99 and max of the tile latency the HUD shows at each frame drawn during the drag
(from the page's debug hook), and sets swapped in a second. Prints min / median / max over the runs of each figure; `--web-root` serves another
copy of the page (one with `data-tiles-latency-ms` in its debug hook).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import test_tiles  # noqa: E402
from harness import MorphdProcess  # noqa: E402
from test_tiles import TileLatencyTests, percentile  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", default="1,4", help="CPU throttling rates, comma-separated")
    parser.add_argument("--morphd", help="the morphd to run (default: .build/debug/morphd)")
    parser.add_argument("--web-root", help="the page to serve (default: web-preview/)")
    args = parser.parse_args()
    if args.morphd:
        os.environ["MORPHD"] = str(Path(args.morphd).resolve())
    if args.web_root:
        test_tiles.WEB_ROOT = Path(args.web_root).resolve()

    class Bench(TileLatencyTests):
        @classmethod
        def start_server(cls):
            import tempfile
            cls.record_dir = tempfile.mkdtemp(prefix="morph-bench-rec-")
            return MorphdProcess("--web-root", str(test_tiles.WEB_ROOT), "--record-dir", cls.record_dir,
                                 name="morphd-bench-tile-latency").start()

        def runTest(self):
            pass

    case = Bench()
    Bench.setUpClass()
    try:
        for throttle in [float(t) for t in args.throttle.split(",")]:
            rows = []
            for run in range(args.runs):
                try:
                    result = case.drag_with_tiles(throttle)
                except AssertionError as failure:  # said, and the run is not counted
                    print(f"{throttle:g}x run {run + 1} failed: {str(failure)[:800]}", flush=True)
                    continue
                frames = result["frames"]
                row = {"p50": percentile(frames, 0.5), "p99": percentile(frames, 0.99), "max": max(frames),
                       "sets/s": len(result["sets"]) / result["seconds"], "min": min(frames + result["sets"])}
                rows.append(row)
                print(f"{throttle:g}x run {run + 1}: " + ", ".join(f"{k} {v:.1f}" for k, v in row.items())
                      + f" ({len(frames)} frames, {result['lowered']} lowered sets)", flush=True)
            if not rows:
                continue
            print(f"{throttle:g}x over {len(rows)} runs (min / median / max):")
            for key in ("p50", "p99", "max", "sets/s"):
                values = [row[key] for row in rows]
                print(f"  {key:7} {min(values):7.1f} / {statistics.median(values):7.1f} / {max(values):7.1f}")
    finally:
        Bench.tearDownClass()


if __name__ == "__main__":
    unittest.installHandler()
    main()
