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
    package let folds: Float
    /// The layer's size in pixels and its scale.
    package let width: Int
    package let height: Int
    package let scale: Int
    /// How many rows above or below its own an output row may read.
    package let rowReach: Int
    package let rows: UnsafePointer<CurtainRowConstants>
    /// `(x + 0.5) / scale / bounds.width` per column, and its power 1.2.
    package let columnUV: UnsafePointer<Float>
    package let columnPower: UnsafePointer<Float>
    /// Premultiplied RGBA8, `width × height`.
    package let layer: UnsafePointer<UInt8>
    package let output: UnsafeMutablePointer<UInt8>
    package let scratches: [CurtainScratch]
    package let bands: [Range<Int>]
    /// The rows band `i` reads: `scratches[i].ring`, which its worker prepares as it goes, or,
    /// when `readsPrepared`, one whole prepared layer shared by every band. (No optional here:
    /// its outlined copies would be weak symbols shared with the baseline build.)
    package let texelRows: [CurtainTexelRows]
    package let readsPrepared: Bool

    package init(
        size: SIMD2<Float>, folds: Float, width: Int, height: Int, scale: Int, rowReach: Int,
        rows: UnsafePointer<CurtainRowConstants>, columnUV: UnsafePointer<Float>, columnPower: UnsafePointer<Float>,
        layer: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>, scratches: [CurtainScratch], bands: [Range<Int>],
        prepared: CurtainTexelRows? = nil
    ) {
        self.size = size
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
        texelRows = prepared.map { rows in scratches.map { _ in rows } } ?? scratches.map(\.ring)
        readsPrepared = prepared != nil
    }
}

/// Prepared layer rows, `[crisp | blurred]` per texel (the layer's colour and its 9-tap
/// horizontal blur rounded to 1/256 of a step, 8 lanes, in 1/256 units), for columns
/// `-padding ..< width + padding`; zeros outside the layer. Both forms hold the same numbers:
///
/// - a ring one worker streams its band through, in `Float`s (32 bytes a texel):
///   `slots` a power of two, slot `(row + 2) & (slots - 1)` holds layer row `row`, and an extra
///   last slot repeats slot 0 so the row below a slot is always the next slot;
/// - the whole layer (slot `row + 2` for rows -2 … height + 1), prepared once and read by every
///   worker of many frames (`CurtainPreparedLayer`), in `UInt16`s (16 bytes a texel), so a 2x
///   phone layer holds ~22 MB rather than ~43.
package final class CurtainTexelRows: @unchecked Sendable {
    package let width: Int
    package let scale: Int
    package let padding: Int
    package let paddedWidth: Int
    /// Slots before the extra one.
    package let slots: Int
    /// `slots - 1` for a ring, -1 (every bit) for the whole layer: slot = `(row + 2) & rowMask`.
    package let rowMask: Int32
    /// `UInt16` lanes (the whole layer), or `Float` lanes (a ring).
    package let isFixedPoint: Bool
    /// Lanes per slot (8 a texel).
    package var slotStride: Int { paddedWidth * 8 }
    /// Bytes per lane: 2 or 4.
    package var laneBytes: Int { isFixedPoint ? 2 : 4 }
    package let texels: UnsafeMutableRawPointer
    /// The last row prepared, for a ring (rows `highest - slots + 1 … highest` are valid).
    package var highest = Int.min / 2

    /// A ring of `ringRows` (a power of two) rows of floats.
    package convenience init(width: Int, scale: Int, ringRows: Int) {
        self.init(width: width, scale: scale, slots: ringRows, rowMask: Int32(ringRows - 1), isFixedPoint: false)
    }

    /// Every row of a layer `height` rows high, in fixed point.
    package convenience init(width: Int, scale: Int, height: Int) {
        self.init(width: width, scale: scale, slots: height + 4, rowMask: -1, isFixedPoint: true)
    }

    private init(width: Int, scale: Int, slots: Int, rowMask: Int32, isFixedPoint: Bool) {
        self.width = width
        self.scale = scale
        self.slots = slots
        self.rowMask = rowMask
        self.isFixedPoint = isFixedPoint
        padding = 4 * scale + 2
        paddedWidth = width + 2 * padding
        let bytes = (slots + 1) * paddedWidth * 8 * (isFixedPoint ? 2 : 4)
        texels = .allocate(byteCount: bytes, alignment: 32)
        texels.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    /// Whether slot 0 is repeated after the last (a ring that wraps).
    package var wraps: Bool { rowMask >= 0 }

    /// Bytes held.
    package var byteCount: Int { (slots + 1) * slotStride * laneBytes }

    deinit { texels.deallocate() }
}

/// One worker's buffers: its ring of prepared rows (unused when the frame reads a prepared
/// layer), a float row for preparing, and the per-pixel results of pass A.
package final class CurtainScratch {
    package let width: Int
    package let scale: Int
    package let ring: CurtainTexelRows
    /// One layer row as floats with `padding + 4 * scale` zero texels each side.
    package let floatRow: UnsafeMutablePointer<SIMD4<Float>>
    package let floatRowPadding: Int
    /// Pass A results per column: lane offset of the top-left texel in the rows read, the four
    /// bilinear weights (over 256, the texels' unit), and the light added to RGB.
    package let offsets: UnsafeMutablePointer<Int32>
    /// Four planes of `weightPlane` floats: top-left, top-right, bottom-left, bottom-right.
    package let weights: UnsafeMutablePointer<Float>
    package let weightPlane: Int
    package let light: UnsafeMutablePointer<Float>
    /// `(1, 1, 1, 0)`, kept in memory on purpose (see `CurtainRows.passB`).
    package var rgbMask = SIMD4<Float>(1, 1, 1, 0)

    package init(width: Int, scale: Int, ringRows: Int) {
        self.width = width
        self.scale = scale
        ring = CurtainTexelRows(width: width, scale: scale, ringRows: ringRows)
        floatRowPadding = ring.padding + 4 * scale
        let floatCount = width + 2 * floatRowPadding
        floatRow = .allocate(capacity: floatCount)
        floatRow.initialize(repeating: .zero, count: floatCount)
        // Pass A runs whole groups of lanes: room for up to 15 columns past the row.
        let columns = width + 16
        offsets = .allocate(capacity: columns)
        weightPlane = columns
        weights = .allocate(capacity: 4 * columns)
        light = .allocate(capacity: columns)
    }

    deinit {
        floatRow.deallocate()
        offsets.deallocate()
        weights.deallocate()
        light.deallocate()
    }
}

/// The weights of the seed's 9-tap horizontal Gaussian: centre, then ±1 … ±4 points.
package let curtainBlurWeights: (Float, Float, Float, Float, Float) = (
    0.2270270270, 0.1945945946, 0.1216216216, 0.0540540541, 0.0162162162
)
