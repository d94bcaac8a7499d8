"""Draw cost of the preview page's renderer (web-preview/js/ops.js) in headless Chromium:
a tool run by hand, not a test (speed is never asserted).

    python3 Tests/browser/bench_draw.py [--frames 30] [--dpr 1,2] [--goldens]

For each component's real display lists at several states (from `.build/debug/morph export
... --display-list` at the live viewport 390 x 844, else the Swift goldens) and each
devicePixelRatio, it draws every list with the reference renderer (`reference: true`: a
back-buffer-sized layer for every group with a shadow, or opacity < 1 over several ops) and
the optimised one, alternating, into a 2D canvas of the page's back-buffer size, each draw
on a freshly decoded list (as frames arrive) and synchronised with a 1-pixel getImageData.
Prints the median ms per draw of both and their ratio; also writes
artifacts/browser/bench-draw.txt.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import ARTIFACTS, REPO, StaticServer  # noqa: E402
from harness import make_driver  # noqa: E402
from test_curtain_gl import WEBGL_ARGS  # noqa: E402

MORPH = REPO / ".build" / "debug" / "morph"
GOLDENS = REPO / "Tests" / "MorphKitTests" / "__Goldens__"
STATES = [
    ("morph-container", "progress 0", ["--progress", "0"]),
    ("morph-container", "progress 0.5", ["--progress", "0.5"]),
    ("morph-container", "progress 1", ["--progress", "1"]),
    ("hero-card", "progress 0", ["--progress", "0"]),
    ("hero-card", "progress 0.5", ["--progress", "0.5"]),
    ("hero-card", "progress 1", ["--progress", "1"]),
    ("curtain", "closed", []),
    ("curtain", "drag 200,400", ["--drag", "200,400"]),
    ("curtain", "revealed", ["--variable", "revealed=1"]),
]

BENCH = """
const done = arguments[arguments.length - 1];
(async () => {
  const { renderList } = await import('./js/ops.js');
  const { CurtainEffects } = await import('./js/curtain-gl.js');
  const [text, dpr, frames] = [arguments[0], arguments[1], arguments[2]];
  const first = JSON.parse(text);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(first.size[0] * dpr);
  canvas.height = Math.round(first.size[1] * dpr);
  const ctx = canvas.getContext('2d');
  const modes = [true, false].map((reference) => ({
    reference, pool: [], times: [], layers: 0, effects: new CurtainEffects(),
  }));
  const drawOnce = (mode) => {
    const list = JSON.parse(text); // a fresh list, as every frame is
    const t0 = performance.now();
    const stats = renderList(ctx, list, {
      scale: dpr, pixelWidth: canvas.width, pixelHeight: canvas.height, layerPool: mode.pool,
      createLayer: (w, h) => { const c = new OffscreenCanvas(w, h); return { canvas: c, ctx: c.getContext('2d') }; },
      markEffects: true, effects: mode.effects, reference: mode.reference,
    });
    ctx.getImageData(0, 0, 1, 1);
    mode.layers = stats.layersUsed;
    return performance.now() - t0;
  };
  for (let k = 0; k < frames + 3; k += 1) {
    for (const mode of (k % 2 ? modes : [...modes].reverse())) {
      const ms = drawOnce(mode);
      if (k >= 3) mode.times.push(ms); // 3 warm-up rounds
    }
  }
  const median = (a) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };
  done(modes.map((m) => ({ reference: m.reference, median: median(m.times), min: Math.min(...m.times),
    layers: m.layers, layerPixels: m.pool.reduce((n, l) => n + l.canvas.width * l.canvas.height, 0) })));
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""


def lists(use_goldens: bool) -> list[tuple[str, str, str]]:
    """(component, state, JSON text) for every state, from the CLI or the goldens."""
    if not use_goldens and MORPH.exists():
        out = []
        for component, state, args in STATES:
            command = [str(MORPH), "export", component, *args, "--display-list", "--size", "390x844"]
            out.append((component, state, subprocess.run(command, check=True, capture_output=True, text=True).stdout))
        return out
    return [(json.loads(p.read_text())["component"], p.stem.replace(".display-list", ""), p.read_text())
            for p in sorted(GOLDENS.glob("*Tests/*.display-list.json"))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--dpr", default="1,2")
    parser.add_argument("--goldens", action="store_true", help="use the Swift goldens, not morph export")
    args = parser.parse_args()

    server = StaticServer().start()
    driver = make_driver(WEBGL_ARGS)
    driver.set_script_timeout(300)
    rows = []
    try:
        driver.get(server.base_url + "?frames=test/fixtures/primitives.json&index=0&debug=1")
        header = f"{'component':16} {'state':14} dpr  reference ms  optimised ms  ratio  layers ref/opt  layer px (opt pool)"
        print(header)
        rows.append(header)
        for component, state, text in lists(args.goldens):
            for dpr in [float(d) for d in args.dpr.split(",")]:
                result = driver.execute_async_script(BENCH, text, dpr, args.frames)
                if "error" in result:
                    raise SystemExit(result["error"])
                ref, opt = result
                row = (f"{component:16} {state:14} {dpr:<4g} {ref['median']:12.2f} {opt['median']:13.2f} "
                       f"{ref['median'] / max(opt['median'], 1e-6):6.1f}x {ref['layers']:6d}/{opt['layers']:<6d} "
                       f"{opt['layerPixels']:>10d}")
                print(row, flush=True)
                rows.append(row)
    finally:
        driver.quit()
        server.stop()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "bench-draw.txt").write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
