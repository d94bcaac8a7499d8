"""The curtain kernel in a real headless Chromium: the WebGL port (web-preview/js/curtain-gl.js)
against the JavaScript reference kernel (curtain-kernel.js) on the same layer in the same
page, the folded page itself, the fallback after a lost context, and the frame cost.

WebGL in headless Chromium: with the harness's flags (`--headless=new --disable-gpu`) this
Chromium (156) still gives WebGL1/2 on SwiftShader (ANGLE's CPU Vulkan). Newer Chromium needs
`--enable-unsafe-swiftshader` for that fallback; it is added here (harmless where not needed).

Tolerance: the kernel has two step functions (the crease sign and `distortedUV.x < 1`); a
pixel centre sitting on one may flip between float32 (GPU) and float64 (JS), by up to
~26/255 (measured on this machine's SwiftShader). Those pixels are identified from the kernel's own geometry and
only counted (a few hundred per frame at most); every other pixel must agree within
3/255 per channel for at least 99.9% of pixels and within 8/255 for all of them.
"""

import json
import unittest
from pathlib import Path

from harness import ARTIFACTS, PageTestCase, rgb

FIXTURES = Path(__file__).resolve().parents[2] / "web-preview" / "test" / "fixtures"
STRIPES = json.loads((FIXTURES / "curtain-stripes.json").read_text())[0]
DRAG = json.loads((FIXTURES / "curtain-drag.json").read_text())  # morph export curtain --drag 200,400

# Renders the fixture through the page's own ops table with a CurtainEffects whose `end` also
# captures the layer, the GL result (readPixels) and the kernel parameters; then runs the JS
# kernel on the same layer and compares. Returns counts, not pixels.
COMPARE = """
const done = arguments[arguments.length - 1];
(async () => {
  const { CurtainEffects } = await import('./js/curtain-gl.js');
  const K = await import('./js/curtain-kernel.js');
  const { renderList } = await import('./js/ops.js');
  const list = arguments[0], dpr = arguments[1], loseContext = arguments[2];
  const notes = [];
  const fx = new CurtainEffects({ log: { info: (m) => notes.push(m), warn: (m) => notes.push(m) } });
  let capture = null;
  const end = fx.end.bind(fx);
  fx.end = (f, target) => {
    if (loseContext) fx.glContext().gl.getExtension('WEBGL_lose_context').loseContext();
    end(f, target);
    const { width, height } = f.params;
    capture = {
      params: f.params,
      layer: fx.layer.ctx.getImageData(1, 1, width, height).data,
      gpu: fx.last.path.startsWith('webgl') ? fx.gl.readPixels() : null,
    };
  };
  const canvas = new OffscreenCanvas(list.size[0] * dpr, list.size[1] * dpr);
  const ctx = canvas.getContext('2d');
  renderList(ctx, list, { scale: dpr, pixelWidth: canvas.width, pixelHeight: canvas.height,
    createLayer: (w, h) => { const c = new OffscreenCanvas(w, h); return { canvas: c, ctx: c.getContext('2d') }; },
    effects: fx });
  const { params } = capture;
  const t0 = performance.now();
  const reference = K.toPremultipliedBytes(K.curtainKernel({ ...params, pixels: K.premultiplyBytes(capture.layer) }));
  const jsMs = performance.now() - t0;
  let result = { path: fx.last.path, notes, jsMs, pixels: params.width * params.height };
  if (!capture.gpu) {
    // Fallback path: what it drew must be the JS kernel's bytes. Compared premultiplied:
    // the 2D canvas stores premultiplied, so unpremultiplied RGB of nearly clear pixels
    // does not survive its round trip.
    const out = K.premultiplyBytes(fx.output.ctx.getImageData(0, 0, params.width, params.height).data);
    const expected = K.premultiplyBytes(K.toImageBytes(K.curtainKernel({ ...params, pixels: K.premultiplyBytes(capture.layer) })));
    let worst = 0;
    for (let i = 0; i < out.length; i += 1) worst = Math.max(worst, Math.abs(out[i] - expected[i]));
    done({ ...result, fallbackWorst: worst });
    return;
  }
  const gpu = capture.gpu;
  // A pixel is on a step function when the crease sign or the distortedUV.x < 1 test
  // changes within half a pixel of its centre.
  const onStep = (i, j) => {
    const key = (x) => {
      const g = K.curtainGeometry([params.bounds[0] + x / params.scale, params.bounds[1] + (j + 0.5) / params.scale],
        params.frame ?? params.bounds, params.drag, params.folds);
      return g.transparent ? 't' : `${g.foldD}|${g.distortedX < 1}`;
    };
    return key(i) !== key(i + 0.5) || key(i + 0.5) !== key(i + 1);
  };
  const histogram = new Array(256).fill(0);
  let within3 = 0, stepPixels = 0, stepWorst = 0, offStepWorst = 0, offStep = 0;
  for (let p = 0; p < result.pixels; p += 1) {
    let d = 0;
    for (let c = 0; c < 4; c += 1) d = Math.max(d, Math.abs(gpu[p * 4 + c] - reference[p * 4 + c]));
    histogram[d] += 1;
    if (d <= 3) { within3 += 1; continue; }
    const i = p % params.width, j = Math.floor(p / params.width);
    if (onStep(i, j)) { stepPixels += 1; stepWorst = Math.max(stepWorst, d); }
    else { offStep += 1; offStepWorst = Math.max(offStepWorst, d); }
  }
  let opaque = 0, transparent = 0;
  for (let p = 0; p < result.pixels; p += 1) { if (gpu[p * 4 + 3] === 255) opaque += 1; if (gpu[p * 4 + 3] === 0) transparent += 1; }
  done({ ...result, within3, stepPixels, stepWorst, offStep, offStepWorst, opaque, transparent,
         histogram: histogram.slice(0, 32) });
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""

# Frame cost of the page's own path: renderList of the whole fixture with the effect, at the
# given dpr, synchronised with a 1-pixel readPixels so the GPU work is inside the timing.
TIMING = """
const done = arguments[arguments.length - 1];
(async () => {
  const { CurtainEffects } = await import('./js/curtain-gl.js');
  const { renderList } = await import('./js/ops.js');
  const list = arguments[0], dpr = arguments[1], frames = arguments[2];
  const fx = new CurtainEffects();
  const canvas = new OffscreenCanvas(list.size[0] * dpr, list.size[1] * dpr);
  const ctx = canvas.getContext('2d');
  const options = { scale: dpr, pixelWidth: canvas.width, pixelHeight: canvas.height, effects: fx,
    createLayer: (w, h) => { const c = new OffscreenCanvas(w, h); return { canvas: c, ctx: c.getContext('2d') }; } };
  const sync = () => { const gl = fx.gl.gl; gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4)); ctx.getImageData(0, 0, 1, 1); };
  const times = [], effect = [];
  for (let k = 0; k < frames + 2; k += 1) {
    list.ops.find((o) => o.effect).effect.drag[0] = 150 + k; // a moving finger
    const t0 = performance.now();
    renderList(ctx, list, options);
    sync();
    if (k >= 2) { times.push(performance.now() - t0); effect.push(fx.last.ms); } // 2 warm-up frames
  }
  times.sort((a, b) => a - b); effect.sort((a, b) => a - b);
  done({ path: fx.last.path, median: times[times.length >> 1], min: times[0], effectMedian: effect[effect.length >> 1] });
})().catch((e) => done({ error: String(e && e.stack || e) }));
"""


# Newer Chromium needs this flag to offer WebGL on SwiftShader (156 gives it anyway).
WEBGL_ARGS = ("--enable-unsafe-swiftshader",)


class CurtainWebGLTests(PageTestCase):
    """The WebGL kernel against the JS kernel, and the folded page."""

    chromium_args = WEBGL_ARGS

    @classmethod
    def setUpClass(cls) -> None:
        super().setUpClass()
        cls.driver.set_script_timeout(60)

    def open_stripes(self, dpr):
        self.open_page("?frames=test/fixtures/curtain-stripes.json&index=0", dpr=dpr)
        self.wait_for_frames(fonts=False)

    def run_async(self, script, *args):
        result = self.driver.execute_async_script(script, *args)
        if "error" in result:
            self.fail(result["error"] + "\n" + self.console())
        return result

    def check_agreement(self, dpr, display_list=STRIPES, label="stripes"):
        self.open_stripes(dpr)
        r = self.run_async(COMPARE, display_list, dpr, False)
        self.assertIn(r["path"], ("webgl2", "webgl"), r)
        total = r["pixels"]
        report = (f"{label} dpr {dpr}: {total} px, {r['within3']} within 3/255 ({100 * r['within3'] / total:.3f}%), "
                  f"{r['stepPixels']} on a step (worst {r['stepWorst']}), {r['offStep']} off-step beyond 3 "
                  f"(worst {r['offStepWorst']}), |diff| histogram {r['histogram'][:8]}, JS kernel {r['jsMs']:.0f} ms")
        (ARTIFACTS / f"curtain-gl-agreement-{label}-dpr{dpr}.txt").write_text(report + "\n")
        print("\n" + report)
        # The layer really is folded: opaque surface on the left, transparent past the fold.
        self.assertGreater(r["opaque"], total * 0.2, report)
        self.assertGreater(r["transparent"], total * 0.2, report)
        self.assertGreaterEqual(r["within3"], total * 0.999, report)
        self.assertLessEqual(r["offStepWorst"], 8, report)
        self.assertLessEqual(r["stepPixels"], 400 * dpr * dpr, report)

    def test_webgl_matches_js_kernel_at_dpr_1(self):
        self.check_agreement(1)

    def test_webgl_matches_js_kernel_at_dpr_2(self):
        self.check_agreement(2)

    def test_webgl_matches_js_kernel_on_the_cli_fixture(self):
        # Text on the surface (fonts may not have loaded in the helper canvas: either way
        # both kernels see the same layer).
        self.check_agreement(2, DRAG, "cli-drag")

    def test_webgl_matches_js_kernel_with_a_safe_area_frame(self):
        # The curtain's view is the safe area (390 x 751 from y = 59) while its layer is the
        # whole viewport: both kernels measure uv over the frame and sample the layer past it.
        framed = json.loads(json.dumps(DRAG))
        next(op for op in framed["ops"] if op.get("effect"))["effect"]["frame"] = [0, 59, 390, 751]
        self.check_agreement(2, framed, "cli-drag-frame")

    def test_page_draws_folded_stripes(self):
        self.open_stripes(2)
        self.assertEqual(self.driver.execute_script("return canvas.dataset.curtainPath"), "webgl2")
        backdrop = rgb(STRIPES["background"])
        # Under the finger (y = 400) the curtain ends near the drag x = 150; far from it
        # (y = 830) rows decompress and reach further right (the bell-shaped edge).
        row = lambda y: self.region(0, y, 390, 0.5)[:: int(self.dpr)]  # one device row, 1 px per pt
        def edge(y):
            pixels = row(y)
            return max(x for x, p in enumerate(pixels) if max(abs(a - b) for a, b in zip(p[:3], backdrop)) > 6)
        self.screenshot("curtain-gl-stripes-dpr2")
        under, far = edge(400), edge(830)
        self.assertLess(abs(under - 150), 12, f"edge under the finger at {under}")
        self.assertGreater(far, under + 20, f"far rows reach further ({far} vs {under})")
        self.assertColor(self.pixel(300, 400), backdrop, msg="backdrop shows past the fold")
        # Stripes are compressed: all 13 coloured stripes (one per 30 pt of the layer) show
        # left of the edge, where unfolded only under / 30 of them would.
        coloured = [max(p[:3]) - min(p[:3]) > 80 for p in row(300)[:under]]
        stripes = sum(1 for a, b in zip([False] + coloured, coloured) if b and not a)
        self.assertGreaterEqual(stripes, 12, f"{stripes} stripes in {under} pt")
        self.assertGreater(stripes, 2 * under / 30)
        # Folds shade the surface: the same stripe colour varies in brightness along the row.
        shades = {p[2] for p in row(300)[:under] if p[2] > p[0]}  # the blue stripes
        self.assertGreater(len(shades), 5, "crease light varies")
        self.driver.execute_script("document.getElementById('mark-effects').click()")
        self.wait_for("canvas.dataset.curtainPath === 'webgl2'")

    def test_realistic_fixture_from_the_cli(self):
        self.open_page("?frames=test/fixtures/curtain-drag.json&index=0", dpr=2)
        self.wait_for_frames()
        self.assertEqual(self.driver.execute_script("return canvas.dataset.curtainPath"), "webgl2")
        self.screenshot("curtain-gl-drag-dpr2")
        self.assertNotIn("Uncaught", self.console())

    def test_lost_context_falls_back_to_the_js_kernel(self):
        self.open_stripes(1)
        small = json.loads(json.dumps(STRIPES))
        r = self.run_async(COMPARE, small, 1, True)
        self.assertEqual(r["path"], "js", r)
        self.assertEqual(len(r["notes"]), 1, r["notes"])
        self.assertIn("JavaScript kernel", r["notes"][0])
        self.assertLessEqual(r["fallbackWorst"], 1, r)  # the reference's bytes, up to rounding

    def test_frame_cost(self):
        """Not an assertion on speed (rules): the measured cost goes to artifacts/ and stdout."""
        self.open_stripes(2)
        r = self.run_async(TIMING, STRIPES, 2, 10)
        self.assertIn(r["path"], ("webgl2", "webgl"))
        report = (f"390x844 @2x, {r['path']}: frame median {r['median']:.1f} ms (min {r['min']:.1f}), "
                  f"effect (layer + upload + kernel + draw) median {r['effectMedian']:.1f} ms")
        (ARTIFACTS / "curtain-gl-timing.txt").write_text(report + "\n")
        print("\n" + report)


if __name__ == "__main__":
    unittest.main()
