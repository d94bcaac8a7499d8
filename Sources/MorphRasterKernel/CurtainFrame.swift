/// The constants of one output row (everything that depends only on y).
package struct CurtainRowConstants {
    /// false: the whole row is transparent (`compression >= 1`).
    package var isDrawn: Bool
    package var uvY: Float
    package var stretch: Float
    package var rowPower: Float
    package var foldScale: Float
    package var displacementScale: Float
    package var blurMix: Float
    package var shade: Float
    /// Columns from here on are transparent: every tap lies right of the layer.
    package var end: Int

    package init(
        isDrawn: Bool, uvY: Float, stretch: Float, rowPower: Float, foldScale: Float, displacementScale: Float,
        blurMix: Float, shade: Float, end: Int
    ) {
        self.isDrawn = isDrawn
        self.uvY = uvY
        self.stretch = stretch
        self.rowPower = rowPower
        self.foldScale = foldScale
        self.displacementScale = displacementScale
        self.blurMix = blurMix
        self.shade = shade
        self.end = end
    }

    /// A row the kernel leaves transparent.
    package static let transparent = CurtainRowConstants(
        isDrawn: false, uvY: 0, stretch: 0, rowPower: 0, foldScale: 0, displacementScale: 0, blurMix: 0, shade: 0,
        end: 0)
}

/// One frame's work as the row kernels (`CurtainRows` in each variant module) see it: the
/// frame constants, the column and row tables, the layer and output, and one scratch and band
/// of rows per worker. Worker `band` writes only the rows of `bands[band]` of `output`.
///
/// `@unchecked Sendable`: the pointers are shared read-only, except `output`, whose bands are
/// disjoint, and each scratch, used by its one worker; the owner reads nothing until every
/// worker has finished (MorphRaster's `CurtainKernel.apply`).
package struct CurtainFrame: @unchecked Sendable {
    /// The layer's size in points, and the number of folds.
    package let size: SIMD2<Float>
    /// The layer's top-left in the view's points (sample points are moved back by it).
    package let origin: SIMD2<Float>
    package let folds: Float
    /// The layer's size in pixels and its scale.
    package let width: Int
    package let height: Int
    package let scale: Int
    /// How many rows above or below its own an output row may read.
    package let rowReach: Int
    package let rows: UnsafePointer<CurtainRowConstants>
    /// `((x + 0.5) / scale + origin.x) / bounds.width` per column, and its power 1.2.
    package let columnUV: UnsafePointer<Float>
    package let columnPower: UnsafePointer<Float>
    /// Premultiplied RGBA8, `width × height`.
    package let layer: UnsafePointer<UInt8>
    package let output: UnsafeMutablePointer<UInt8>
    package let scratches: [CurtainScratch]
    package let bands: [Range<Int>]

    package init(
        size: SIMD2<Float>, origin: SIMD2<Float>, folds: Float, width: Int, height: Int, scale: Int, rowReach: Int,
        rows: UnsafePointer<CurtainRowConstants>, columnUV: UnsafePointer<Float>, columnPower: UnsafePointer<Float>,
        layer: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>, scratches: [CurtainScratch], bands: [Range<Int>]
    ) {
        self.size = size
        self.origin = origin
        self.folds = folds
        self.width = width
        self.height = height
        self.scale = scale
        self.rowReach = rowReach
        self.rows = rows
        self.columnUV = columnUV
        self.columnPower = columnPower
        self.layer = layer
        self.output = output
        self.scratches = scratches
        self.bands = bands
    }
}

/// One worker's buffers: a ring of prepared layer rows and the per-pixel results of pass A.
///
/// The ring holds `ringRows` (a power of two) slots plus one: slot `(row + 2) & (ringRows - 1)`
/// holds layer row `row` (rows -2 … height+1; outside the layer, zeros), and the extra last
/// slot repeats slot 0 so the row below a slot is always the next slot. A slot is
/// `paddedWidth` texels of 8 floats, `[layer RGBA | blurred RGBA]` in 0…255 units, for
/// columns `-padding ..< width + padding`.
package final class CurtainScratch {
    package let width: Int
    package let scale: Int
    package let padding: Int
    package let paddedWidth: Int
    package let ringRows: Int
    /// Floats per ring slot.
    package var slotStride: Int { paddedWidth * 8 }
    package let ring: UnsafeMutablePointer<Float>
    /// One layer row as floats with `padding + 4 * scale` zero texels each side.
    package let floatRow: UnsafeMutablePointer<SIMD4<Float>>
    package let floatRowPadding: Int
    /// The blurred lanes of one ring slot (`paddedWidth` texels), before interleaving (the
    /// baseline variant; the AVX2 and AVX-512 ones blur straight into the slot).
    package let blurredRow: UnsafeMutablePointer<Float>
    /// Pass A results per column: float offset of the top-left texel in `ring`, the four
    /// bilinear weights, and the light added to RGB.
    package let offsets: UnsafeMutablePointer<Int32>
    /// Four planes of `weightPlane` floats: top-left, top-right, bottom-left, bottom-right.
    package let weights: UnsafeMutablePointer<Float>
    package let weightPlane: Int
    package let light: UnsafeMutablePointer<Float>
    /// `(1, 1, 1, 0)`, kept in memory on purpose (see `CurtainRows.passB`); the wide one is
    /// the AVX2 pass's, two pixels at once.
    package var rgbMask = SIMD4<Float>(1, 1, 1, 0)
    package var wideRGBMask = SIMD8<Float>(1, 1, 1, 0, 1, 1, 1, 0)
    /// The lane order that swaps an AVX register's halves, in memory for the same reason: as
    /// a constant the compiler sees the pass uses one half only and splits it back into two
    /// SSE sums.
    package var swapHalves = SIMD8<Int32>(4, 5, 6, 7, 0, 1, 2, 3)
    /// The last ring row prepared (rows `highest - ringRows + 1 … highest` are valid).
    package var highest = Int.min / 2

    package init(width: Int, scale: Int, ringRows: Int) {
        self.width = width
        self.scale = scale
        self.ringRows = ringRows
        padding = 4 * scale + 2
        paddedWidth = width + 2 * padding
        floatRowPadding = padding + 4 * scale
        let slots = (ringRows + 1) * paddedWidth * 8
        ring = .allocate(capacity: slots)
        ring.initialize(repeating: 0, count: slots)
        let floatCount = width + 2 * floatRowPadding
        floatRow = .allocate(capacity: floatCount)
        floatRow.initialize(repeating: .zero, count: floatCount)
        blurredRow = .allocate(capacity: paddedWidth * 4)
        // Pass A runs whole groups of lanes: room for up to 15 columns past the row.
        let columns = width + 16
        offsets = .allocate(capacity: columns)
        weightPlane = columns
        weights = .allocate(capacity: 4 * columns)
        light = .allocate(capacity: columns)
    }

    deinit {
        ring.deallocate()
        floatRow.deallocate()
        blurredRow.deallocate()
        offsets.deallocate()
        weights.deallocate()
        light.deallocate()
    }
}

/// The weights of the seed's 9-tap horizontal Gaussian: centre, then ±1 … ±4 points.
package let curtainBlurWeights: (Float, Float, Float, Float, Float) = (
    0.2270270270, 0.1945945946, 0.1216216216, 0.0540540541, 0.0162162162
)
