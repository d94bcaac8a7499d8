import MorphKit
import MorphRasterKernel

/// The seed's Metal `curtain` layer effect as a CPU kernel: folds a layer bitmap away from a
/// drag point, shading the creases and blurring what is compressed.
///
/// Two paths compute the same image: `referenceApply(to:)` mirrors the Metal function line by
/// line per pixel (the readable truth), `apply(to:)` is the production path (separable powers,
/// a pre-blurred copy, SIMD colour, rows across cores). Tests hold them to ≤ 2/255 apart.
///
/// Semantics (those of the curtain seed's Metal shader): `position` is the pixel centre in points
/// in the view's own space (Metal's user space, whose origin is `.boundingRect`'s), that is the
/// layer pixel's centre plus `origin`; `uv = position / bounds`; the layer spans
/// `origin + [0, width/scale) × [0, height/scale)` points and reads transparent outside,
/// sampling is bilinear over premultiplied colour, the blur taps are 1 point (`scale` pixels)
/// apart. Arithmetic is `Float` throughout, like Metal's `float`; the Metal colour math in
/// `half` is modelled in `Float` too (the extra precision stays far below one 8-bit step).
///
/// Defined results where the maths breaks:
/// - effect off (`drag.x == bounds.width`), a non-finite drag, or bounds that are not positive
///   and finite: the layer unchanged (what a renderer that cannot run the kernel draws);
/// - `uniformReveal == 1` (the seed's early out): transparent;
/// - `compression >= 1`: transparent, the limit of a sample point that leaves the layer;
/// - `pow(distance.y, 2)` with a negative base is the square (IEEE `pow` with an even integer
///   exponent); every other `pow` base is ≥ 0 by construction (`uv.x > 0`, `compression ≥ 0`);
/// - the highlight is added to RGB only, so a channel may exceed alpha; each channel is then
///   clamped to `[0, 1]` and rounded, and a NaN channel (none is known to occur) becomes 0.
public struct CurtainKernel: Hashable, Sendable {
    /// The weights of the seed's 9-tap horizontal Gaussian: centre, then ±1 … ±4 points.
    public static let blurWeights: [Float] = {
        let w = curtainBlurWeights
        return [w.0, w.1, w.2, w.3, w.4]
    }()

    /// The view's size in points (the Metal `bounds.zw`; its origin is the view's own, 0).
    public let bounds: Size
    /// The drag point in the view's points, x floored at 20 (`CurtainEffect.minimumDragX`).
    public let drag: Point
    /// The number of folds, at least 1 (the seed divides by it).
    public let folds: Int
    /// The layer's top-left in the view's points: zero when the layer is the view, negative
    /// where the view's drawing reaches past its frame (a background into the safe area).
    public let origin: Point

    /// A kernel for one frame. The kernel floors `drag.x` at 20 itself; that is idempotent, so a
    /// host that already floored (as `CurtainEffect` does) gets the same result. `folds` below 1
    /// count as 1.
    public init(bounds: Size, drag: Point, folds: Int, origin: Point = .zero) {
        self.init(bounds: bounds, flooredDrag: Point(x: Self.floor(drag.x), y: drag.y), folds: folds, origin: origin)
    }

    /// The kernel for a display-list effect node: the view is `uvFrame`, the layer `bounds`,
    /// and the drag is moved from the group's points into the view's.
    public init(effect: CurtainEffect) {
        let view = effect.uvFrame
        self.init(
            bounds: view.size, drag: Point(x: effect.drag.x - view.minX, y: effect.drag.y - view.minY),
            folds: effect.folds,
            origin: Point(x: effect.bounds.minX - view.minX, y: effect.bounds.minY - view.minY))
    }

    /// Internal: skips the floor so tests can reach the seed's `uniformReveal == 1` early out.
    init(bounds: Size, flooredDrag: Point, folds: Int, origin: Point = .zero) {
        self.bounds = bounds
        self.drag = flooredDrag
        self.folds = Swift.max(1, folds)
        self.origin = origin
    }

    private static func floor(_ x: Double) -> Double {
        x.isNaN ? x : Swift.max(CurtainEffect.minimumDragX, x)
    }

    /// Whether the kernel changes anything: off when `drag.x == bounds.width` (seed
    /// `isEnabled`), and off for inputs it cannot use (non-finite drag, empty bounds).
    ///
    /// Comparing the floored x is equivalent to the seed's raw comparison: they differ only for
    /// layers narrower than 20 points, where `uniformReveal` is 0 and the kernel is the identity.
    public var isEnabled: Bool {
        guard drag.x.isFinite, drag.y.isFinite,
            bounds.width.isFinite, bounds.height.isFinite, bounds.width > 0, bounds.height > 0
        else { return false }
        return drag.x != bounds.width
    }

    /// Float copies of the frame constants both paths start from.
    struct FrameConstants {
        let size: SIMD2<Float>
        let dragUV: SIMD2<Float>
        let uniformReveal: Float
        let folds: Float
        /// The layer's top-left in the view's points (`CurtainKernel.origin`).
        let origin: SIMD2<Float>

        init(_ kernel: CurtainKernel) {
            size = SIMD2(Float(kernel.bounds.width), Float(kernel.bounds.height))
            origin = SIMD2(Float(kernel.origin.x), Float(kernel.origin.y))
            dragUV = SIMD2(Float(kernel.drag.x), Float(kernel.drag.y)) / size
            uniformReveal = saturate(1 - dragUV.x)
            folds = Float(kernel.folds)
        }
    }
}

/// Metal `saturate`: clamp to `[0, 1]`.
@inline(__always) func saturate(_ x: Float) -> Float { Swift.min(Swift.max(x, 0), 1) }

/// Metal `mix`: `x + (y - x) * a`, extrapolating for `a` outside `[0, 1]`.
@inline(__always) func mix(_ x: Float, _ y: Float, _ a: Float) -> Float { x + (y - x) * a }

/// Metal `sign`: -1, 0 or 1.
@inline(__always) func sign(_ x: Float) -> Float { x > 0 ? 1 : (x < 0 ? -1 : 0) }

/// Final colour to bytes, shared by both paths: clamp each channel of a 0…255 value, round
/// half up; NaN becomes 0 (the comparison `> 0` is false for NaN).
///
/// Lane by lane on purpose: the generic `SIMD4<Int32>(_:rounding:)` conversion is not
/// specialised and cost more than the rest of a fast-path pixel.
@inline(__always) func quantize(_ value: SIMD4<Float>) -> SIMD4<UInt8> {
    @inline(__always) func byte(_ channel: Float) -> UInt8 {
        channel > 0 ? (channel < 255 ? UInt8(channel + 0.5) : 255) : 0
    }
    return SIMD4(byte(value.x), byte(value.y), byte(value.z), byte(value.w))
}

/// Bytes to floats lane by lane, for the same reason as `quantize`.
@inline(__always) func floats(_ bytes: SIMD4<UInt8>) -> SIMD4<Float> {
    SIMD4(Float(bytes.x), Float(bytes.y), Float(bytes.z), Float(bytes.w))
}
