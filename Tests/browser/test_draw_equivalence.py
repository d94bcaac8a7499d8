"""The optimised renderer draws the same pixels as the reference one: every Swift golden display
list (Tests/*/__Goldens__/**/*.display-list.json) and the page's fixtures, at devicePixelRatio 1
and 2, drawn by web-preview/js/ops.js twice in the same page (`reference: true`: a
back-buffer-sized layer for every group with a shadow, or opacity < 1 over several ops; and
the default: layers only where needed, sized to the group, shadows drawn directly where the
silhouette is one shape), each into its own 2D canvas, with the curtain folded by WebGL.

Measured: per pixel, the largest absolute difference over the four channels of
getImageData (unpremultiplied RGBA8). At least 99.9% of pixels within 2/255 per channel
for every list, and a histogram of the rest in artifacts/browser/draw-equivalence.txt.
"""

import json
import unittest
from pathlib import Path

from harness import ARTIFACTS, REPO, PageTestCase, StaticServer, web_root_with_pictures
from test_curtain_gl import WEBGL_ARGS

GOLDENS = sorted(REPO.glob("Tests/*/__Goldens__/**/*.display-list.json"))
FIXTURES = REPO / "web-preview" / "test" / "fixtures"

COMPARE = """
const done = arguments[arguments.length - 1];
(async () => {
  const { renderList } = await import('./js/ops.js');
  const { CurtainEffects } = await import('./js/curtain-gl.js');
  const { ImageCache, imageURL, loadInBrowser } = await import('./js/images.js');
  const [text, dpr] = [arguments[0], arguments[1]];
  // Pictures decode asynchronously (a live page redraws when they arrive): both renderers
  // draw from one cache that holds every picture of the list before either draws. Waited
  // for until each one has loaded or failed (a list may name an absent one), at most 10 s.
  const sources = [...new Set(JSON.parse(text).ops.filter((op) => op.op === 'image').map((op) => op.source))];
  let pending = sources.filter(imageURL).length;
  let allSettled;
  const settled = new Promise((resolve) => { allSettled = resolve; });
  const load = (url, done) => loadInBrowser(url, (picture) => { done(picture); if (--pending === 0) allSettled(); });
  const images = new ImageCache({ load });
  for (const source of sources) images.get(source);
  if (pending > 0) await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 10000))]);
  const missing = sources.filter((source) => !images.get(source));
  const draw = (reference) => {
    const list = JSON.parse(text);
    const bleed = list.bleed ?? 0; // a frame clips nothing: compare what is drawn past it too
    const canvas = new OffscreenCanvas(Math.round((list.size[0] + 2 * bleed) * dpr), Math.round((list.size[1] + 2 * bleed) * dpr));
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const effects = new CurtainEffects();
    const stats = renderList(ctx, list, {
      scale: dpr, pixelWidth: canvas.width, pixelHeight: canvas.height, markEffects: true, effects, reference, images,
      createLayer: (w, h) => { const c = new OffscreenCanvas(w, h); return { canvas: c, ctx: c.getContext('2d') }; },
    });
    return { pixels: ctx.getImageData(0, 0, canvas.width, canvas.height).data, stats, path: effects.last.path };
  };
  const ref = draw(true), opt = draw(false);
  const histogram = new Array(256).fill(0);
  let worstAt = -1, worst = -1;
  for (let p = 0; p < ref.pixels.length; p += 4) {
    let d = 0;
    for (let c = 0; c < 4; c += 1) d = Math.max(d, Math.abs(ref.pixels[p + c] - opt.pixels[p + c]));
    histogram[d] += 1;
    if (d > worst) { worst = d; worstAt = p / 4; }
  }
  // Non-background pixels: the comparison is not of two empty canvases.
  let inked = 0;
  for (let p = 0; p < ref.pixels.length; p += 4) {
    if (ref.pixels[p] !== ref.pixels[0] || ref.pixels[p + 1] !== ref.pixels[1] || ref.pixels[p + 2] !== ref.pixels[2]) inked += 1;
  }
  done({ total: ref.pixels.length / 4, histogram, worst, worstAt, inked, missing,
         layers: [ref.stats.layersUsed, opt.stats.layersUsed], curtain: [ref.path, opt.path] });
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""


def cases():
    """(label, JSON text of one display list) for every golden and fixture list."""
    for path in GOLDENS:
        yield str(path.relative_to(REPO / "Tests")), path.read_text()
    for path in sorted(FIXTURES.glob("*.json")):
        items = json.loads(path.read_text())
        for i, item in enumerate(items if isinstance(items, list) else [items]):
            if isinstance(item, dict) and item.get("format") == "morph.display-list":
                yield f"fixtures/{path.name}#{i}", json.dumps(item)


class DrawEquivalenceTests(PageTestCase):
    """Optimised vs reference renderer, pixel for pixel, in one page."""

    chromium_args = WEBGL_ARGS

    @classmethod
    def start_server(cls):
        # The lists' `images/...` pictures are served, so they are drawn.
        cls.root = web_root_with_pictures()
        root = Path(cls.root.name)
        return StaticServer(root).start()

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls.driver.set_script_timeout(120)

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.root.cleanup()

    def test_every_golden_and_fixture_draws_the_same_pixels(self):
        self.open_page("?frames=test/fixtures/primitives.json&index=0", dpr=1)
        self.wait_for_frames()  # Inter loaded: text is drawn with the real faces
        all_cases = list(cases())
        self.assertGreaterEqual(len(all_cases), len(GOLDENS))
        self.assertGreater(len(GOLDENS), 0, "no display-list goldens found")
        lines, fewer_layers = [], 0
        for label, text in all_cases:
            for dpr in (1, 2):
                with self.subTest(list=label, dpr=dpr):
                    r = self.driver.execute_async_script(COMPARE, text, dpr)
                    if "error" in r:
                        self.fail(r["error"])
                    total, hist = r["total"], r["histogram"]
                    within = sum(hist[:3])
                    beyond = {d: n for d, n in enumerate(hist) if d > 2 and n}
                    line = (f"{label} dpr {dpr}: {total} px, {within} within 2/255 "
                            f"({100 * within / total:.4f}%), worst {r['worst']} at pixel {r['worstAt']}, "
                            f"beyond 2: {beyond}, |diff| 0/1/2: {hist[:3]}, layers ref/opt {r['layers']}, "
                            f"curtain {r['curtain']}")
                    lines.append(line)
                    fewer_layers += r["layers"][1] < r["layers"][0]
                    self.assertGreater(r["inked"], 0, line)
                    # Every picture a list names was drawn, but the one named absent on purpose.
                    self.assertLessEqual(set(r["missing"]), {"images/absent.png"}, line)
                    self.assertGreaterEqual(within, total * 0.999, line)
        (ARTIFACTS / "draw-equivalence.txt").write_text("\n".join(lines) + "\n")
        print("\n" + "\n".join(lines))
        # The optimisation really ran: some lists needed fewer layers than the reference.
        self.assertGreater(fewer_layers, 0)


if __name__ == "__main__":
    unittest.main()
