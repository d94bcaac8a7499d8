// The curtain kernel on the GPU: a WebGL2 (else WebGL1) fragment shader that ports the
// seed's Metal `curtain` function line for line (curtain-kernel.js is the reference and the
// fallback), plus the host side the ops table calls for a `push` with a curtain effect.
//
// Per effect group and frame: the group's content is drawn (by the ops table) into an
// offscreen 2D layer at the group's device scale, with a 1-pixel transparent border; the
// layer is uploaded as a premultiplied texture; one full-viewport triangle runs the kernel
// into a WebGL canvas of the layer's size; that canvas is drawn into the group's place (its
// transform, clip and opacity still set on the target). Bilinear sampling is the texture
// unit's LINEAR filter with CLAMP_TO_EDGE: the clamped edge is the transparent border, so
// reads outside the layer are transparent exactly as the kernel wants.
//
// GL objects (program, triangle, texture) are made once per context and reused; the layer
// and the GL canvas are resized only when the layer's pixel size changes. If WebGL is
// missing or the context is lost, the JS kernel runs instead (slow but the same pixels),
// with one console note; a restored context is rebuilt and used again.

import {
  BLUR_WEIGHTS, MINIMUM_DRAG_X, curtainActive, curtainFrame, curtainKernel, premultiplyBytes, toImageBytes,
} from './curtain-kernel.js';

const SHADER_BODY = `
uniform sampler2D u_layer;
uniform vec2 u_texSize;  // layer texture size in pixels: (w + 2, h + 2), 1-pixel border
uniform vec2 u_size;     // output size in pixels (w, h)
uniform float u_scale;   // pixels per point
uniform vec4 u_bounds;   // layer bounds in points
uniform vec4 u_frame;    // the view's frame in points (Metal's .boundingRect): uv is measured over it
uniform vec2 u_drag;     // drag point in points, x already max(20, x) from the frame's left
uniform float u_folds;   // fold count, 0 for none

const float PI = 3.14159265358979;

// Metal's layer.sample: bilinear, premultiplied, in points, transparent outside (border).
vec4 layerSample(vec2 s) {
  vec2 texel = (s - u_bounds.xy) * u_scale + 1.0;
  return TEXTURE(u_layer, texel / u_texSize);
}

vec4 curtain() {
  // Pixel centre, rows top-down, in points.
  vec2 pixel = vec2(gl_FragCoord.x, u_size.y - gl_FragCoord.y);
  vec2 position = u_bounds.xy + pixel / u_scale;
  vec2 uv = (position - u_frame.xy) / u_frame.zw;
  vec2 dragUV = (u_drag - u_frame.xy) / u_frame.zw;

  float uniformReveal = clamp(1.0 - dragUV.x, 0.0, 1.0);
  if (uniformReveal >= 1.0) return vec4(0.0);

  // pow(distance.y, 2) is the square, also for rows above the finger.
  float dy = uv.y - dragUV.y;
  float localReveal = uniformReveal * exp(-(dy * dy) / 0.45);
  float compression = mix(localReveal, uniformReveal, clamp(pow(uniformReveal + 0.15, 1.8), 0.0, 1.0));
  if (compression >= 1.0) return vec4(0.0);

  float dx = uv.x * (1.0 / (1.0 - compression));
  float dyUV = uv.y;
  float biasedX = dx > 0.0 ? pow(dx, 1.2) : 0.0;
  float foldAmount = dx * -(cos(compression * PI) - 1.0) / 2.0;
  float waves = biasedX * u_folds;  // biasedX / p with p = 1 / folds
  float fold = 2.0 * abs(waves - floor(waves + 0.5));
  // sign(sin(2 pi waves)) from the phase, exact for large arguments on any GPU.
  float phase = fract(waves);
  float foldD = (phase == 0.0 || phase == 0.5) ? 0.0 : (phase < 0.5 ? 1.0 : -1.0);

  dyUV += foldAmount * fold * (-12.0 / u_frame.w) * (2.0 * uv.y - 1.0);

  float highlight = 0.0;
  if (dx < 1.0) {
    highlight += foldAmount * foldD * 0.1;
    highlight -= compression * 0.1;
  }

  vec2 s = u_frame.xy + vec2(dx, dyUV) * u_frame.zw;
  // Every tap (s.x - 4 pt at the nearest) past the border's texel centre reads exactly 0 and
  // no highlight applies there (dx >= 1): skip the 9 reads. Same result, most of the frame.
  if ((s.x - 4.0 - u_bounds.x) * u_scale >= u_size.x + 0.5) return vec4(0.0);
  vec4 color = layerSample(s);
  vec4 blurred = color * ${BLUR_WEIGHTS[0].toFixed(10)};
  blurred += (layerSample(s + vec2(1.0, 0.0)) + layerSample(s - vec2(1.0, 0.0))) * ${BLUR_WEIGHTS[1].toFixed(10)};
  blurred += (layerSample(s + vec2(2.0, 0.0)) + layerSample(s - vec2(2.0, 0.0))) * ${BLUR_WEIGHTS[2].toFixed(10)};
  blurred += (layerSample(s + vec2(3.0, 0.0)) + layerSample(s - vec2(3.0, 0.0))) * ${BLUR_WEIGHTS[3].toFixed(10)};
  blurred += (layerSample(s + vec2(4.0, 0.0)) + layerSample(s - vec2(4.0, 0.0))) * ${BLUR_WEIGHTS[4].toFixed(10)};

  float blurMix = compression > 0.0 ? 1.1 * pow(compression, 1.4) : 0.0;
  // Highlight on RGB only, then clamp per channel (RGB may exceed alpha).
  return clamp(mix(color, blurred, blurMix) + vec4(vec3(highlight), 0.0), 0.0, 1.0);
}
`;

const SOURCES = {
  webgl2: {
    vertex: `#version 300 es
in vec2 a_position;
void main() { gl_Position = vec4(a_position, 0.0, 1.0); }`,
    fragment: `#version 300 es
precision highp float;
#define TEXTURE texture
out vec4 outColor;
${SHADER_BODY}
void main() { outColor = curtain(); }`,
  },
  webgl: {
    vertex: `attribute vec2 a_position;
void main() { gl_Position = vec4(a_position, 0.0, 1.0); }`,
    fragment: `#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
#define TEXTURE texture2D
${SHADER_BODY}
void main() { gl_FragColor = curtain(); }`,
  },
};

const UNIFORMS = ['u_layer', 'u_texSize', 'u_size', 'u_scale', 'u_bounds', 'u_frame', 'u_drag', 'u_folds'];
const CONTEXT_ATTRIBUTES = {
  alpha: true, premultipliedAlpha: true, antialias: false, depth: false, stencil: false,
  preserveDrawingBuffer: false, powerPreference: 'high-performance',
};

/** The kernel on one WebGL canvas. `render` leaves the result in `canvas` (w x h pixels). */
export class CurtainGL {
  /** A WebGL2 context if there is one, else WebGL1, else null. */
  static create(canvas) {
    for (const kind of ['webgl2', 'webgl']) {
      let gl = null;
      try { gl = canvas.getContext(kind, CONTEXT_ATTRIBUTES); } catch { gl = null; }
      if (gl) return new CurtainGL(canvas, gl, kind);
    }
    return null;
  }

  constructor(canvas, gl, kind) {
    this.canvas = canvas;
    this.gl = gl;
    this.kind = kind;
    this.lost = false;
    this.textureSize = [0, 0];
    canvas.addEventListener?.('webglcontextlost', (event) => {
      event.preventDefault(); // allow a restore
      this.lost = true;
    });
    canvas.addEventListener?.('webglcontextrestored', () => {
      this.lost = false;
      this.build();
    });
    this.build();
  }

  /** Program, triangle and texture; again after a context restore. */
  build() {
    const { gl } = this;
    const source = SOURCES[this.kind];
    const shader = (type, text) => {
      const s = gl.createShader(type);
      gl.shaderSource(s, text);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS) && !gl.isContextLost()) {
        throw new Error(`curtain shader: ${gl.getShaderInfoLog(s)}`);
      }
      return s;
    };
    const program = gl.createProgram();
    gl.attachShader(program, shader(gl.VERTEX_SHADER, source.vertex));
    gl.attachShader(program, shader(gl.FRAGMENT_SHADER, source.fragment));
    gl.bindAttribLocation(program, 0, 'a_position');
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
      throw new Error(`curtain program: ${gl.getProgramInfoLog(program)}`);
    }
    this.program = program;
    this.uniforms = Object.fromEntries(UNIFORMS.map((name) => [name, gl.getUniformLocation(program, name)]));

    // One triangle that covers the viewport.
    this.buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);

    this.texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    this.textureSize = [0, 0];
  }

  /**
   * Runs the kernel over `layer` (a canvas/image of (width + 2) x (height + 2) pixels whose
   * outer 1-pixel ring is transparent). Params: {width, height, scale, bounds, frame, drag, folds}.
   * Returns false when the context is lost.
   */
  render(layer, params) {
    const { gl } = this;
    if (this.lost || gl.isContextLost()) { this.lost = true; return false; }
    const { width, height, scale, bounds, drag, folds } = params;
    const tw = width + 2;
    const th = height + 2;
    if (this.canvas.width !== width) this.canvas.width = width;
    if (this.canvas.height !== height) this.canvas.height = height;

    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    if (this.textureSize[0] === tw && this.textureSize[1] === th) {
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, layer);
    } else {
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, layer);
      this.textureSize = [tw, th];
    }

    gl.viewport(0, 0, width, height);
    gl.disable(gl.BLEND);
    gl.useProgram(this.program);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    const u = this.uniforms;
    gl.activeTexture(gl.TEXTURE0);
    gl.uniform1i(u.u_layer, 0);
    gl.uniform2f(u.u_texSize, tw, th);
    gl.uniform2f(u.u_size, width, height);
    gl.uniform1f(u.u_scale, scale);
    gl.uniform4f(u.u_bounds, bounds[0], bounds[1], bounds[2], bounds[3]);
    const frame = params.frame ?? bounds;
    gl.uniform4f(u.u_frame, frame[0], frame[1], frame[2], frame[3]);
    gl.uniform2f(u.u_drag, drag[0], drag[1]);
    gl.uniform1f(u.u_folds, folds > 0 && Number.isFinite(folds) ? folds : 0);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    return !gl.isContextLost();
  }

  /** The last result as premultiplied RGBA8, rows top-down (for tests; allocates). */
  readPixels() {
    const { gl } = this;
    const { width, height } = this.canvas;
    const bottomUp = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
    const rows = new Uint8Array(bottomUp.length);
    const stride = width * 4;
    for (let y = 0; y < height; y += 1) rows.set(bottomUp.subarray((height - 1 - y) * stride, (height - y) * stride), y * stride);
    return rows;
  }
}

/** The kernel's inputs as the host passes them: max(20, x) from the frame's left (`left`, 0
 * unless the effect has a frame), and finite (kernel rules 1, 5). */
export function kernelDrag(drag, left = 0) {
  const [x, y] = drag;
  return [Number.isNaN(x) ? Infinity : Math.max(left + MINIMUM_DRAG_X, x), Number.isFinite(y) ? y : 1e9];
}

/**
 * The host side for the ops table: `begin(effect, matrix)` hands out the layer to draw the
 * group's content into, `end(fx, target)` runs the kernel and draws the result into the
 * target (which still holds the group's transform, clip and opacity).
 * Options: {mode: 'webgl' | 'js' | 'off', createCanvas(w, h), log}.
 */
export class CurtainEffects {
  constructor(options = {}) {
    this.mode = options.mode ?? 'webgl';
    this.createCanvas = options.createCanvas ?? ((w, h) => new OffscreenCanvas(w, h));
    this.log = options.log ?? console;
    this.layer = null;       // {canvas, ctx}, (w + 2) x (h + 2)
    this.output = null;      // {canvas, ctx} for the JS path, w x h
    this.gl = undefined;     // CurtainGL, null when unavailable
    this.noted = false;
    this.last = { path: 'none', ms: 0 }; // what the last effect frame used and cost
  }

  /** Whether this group is folded at all: curtain kind, active, finite and non-empty. */
  applies(effect) {
    return this.mode !== 'off' && effect?.kind === 'curtain' && Array.isArray(effect.bounds)
      && effect.bounds.every(Number.isFinite) && curtainActive(effect)
      && !(effect.drag[0] === Infinity || Number.isNaN(effect.drag[0])); // rule 5: identity
  }

  /** Starts an effect group under `matrix` (device pixels per group point); null = draw as usual. */
  begin(effect, matrix) {
    if (!this.applies(effect)) return null;
    const [bx, by, bw, bh] = effect.bounds;
    const deviceScale = Math.sqrt(Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]));
    const width = Math.round(bw * deviceScale);
    const height = Math.round(bh * deviceScale);
    if (!(width >= 1 && height >= 1 && width <= 8192 && height <= 8192)) return null;
    const scale = width / bw;
    const t0 = performance.now();
    const layer = this.layerOfSize(width + 2, height + 2);
    const { ctx } = layer;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, width + 2, height + 2);
    const layerMatrix = [scale, 0, 0, scale, 1 - bx * scale, 1 - by * scale];
    ctx.setTransform(...layerMatrix);
    return {
      ctx, matrix: layerMatrix, t0, layerSize: [width + 2, height + 2],
      params: {
        width, height, scale, bounds: effect.bounds, frame: curtainFrame(effect),
        drag: kernelDrag(effect.drag, curtainFrame(effect)[0]), folds: effect.folds,
      },
    };
  }

  layerOfSize(w, h) {
    if (!this.layer) {
      const canvas = this.createCanvas(w, h);
      this.layer = { canvas, ctx: canvas.getContext('2d', { willReadFrequently: this.mode === 'js' }) };
    }
    const { canvas } = this.layer;
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    return this.layer;
  }

  /** Runs the kernel on the finished layer and draws the result into `target`. */
  end(fx, target) {
    const { params } = fx;
    const { width, height } = params;
    const { canvas, ctx } = this.layer;
    // Whatever the content drew over the 1-pixel border is outside the layer: clear it.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width + 2, 1);
    ctx.clearRect(0, height + 1, width + 2, 1);
    ctx.clearRect(0, 0, 1, height + 2);
    ctx.clearRect(width + 1, 0, 1, height + 2);

    let image = null;
    let path = 'js';
    if (this.mode === 'webgl') {
      const gl = this.glContext();
      if (gl && gl.render(canvas, params)) {
        image = gl.canvas;
        path = gl.kind;
      } else {
        this.note(gl ? 'the WebGL context was lost' : 'WebGL is unavailable');
      }
    }
    if (!image) image = this.runScript(params);
    const [bx, by, bw, bh] = params.bounds;
    target.drawImage(image, 0, 0, width, height, bx, by, bw, bh);
    this.last = { path, ms: performance.now() - fx.t0 };
  }

  glContext() {
    if (this.gl === undefined) {
      try {
        this.gl = CurtainGL.create(this.createCanvas(1, 1));
      } catch (error) {
        this.log.warn?.(`curtain: ${error.message}`);
        this.gl = null;
      }
    }
    return this.gl;
  }

  /** The JS kernel on the layer into a 2D canvas (slow: ~1 s for 780 x 1688). */
  runScript(params) {
    const { width, height } = params;
    const pixels = premultiplyBytes(this.layer.ctx.getImageData(1, 1, width, height).data);
    const result = curtainKernel({ ...params, pixels });
    if (!this.output) {
      const c = this.createCanvas(width, height);
      this.output = { canvas: c, ctx: c.getContext('2d') };
    }
    const { canvas: out, ctx } = this.output;
    if (out.width !== width) out.width = width;
    if (out.height !== height) out.height = height;
    const image = ctx.createImageData(width, height);
    image.data.set(toImageBytes(result));
    ctx.putImageData(image, 0, 0);
    return out;
  }

  note(reason) {
    if (this.noted) return;
    this.noted = true;
    this.log.info?.(`curtain: ${reason}; folding with the JavaScript kernel (slow)`);
  }
}
