/// Buffers the curtain kernel's fast path reuses from one frame to the next, so a drag that
/// runs the kernel every frame allocates nothing per frame once the sizes settle.
///
/// One workspace serves one frame at a time: it is not `Sendable`, and its owner (a renderer,
/// a tile stream) keeps one per thread of control. Its buffers are reallocated only when the
/// layer's size or scale, the kernel's bounds or the number of workers change.
public final class CurtainWorkspace {
    /// What the buffers were sized for.
    struct Shape: Equatable {
        var width: Int
        var height: Int
        var scale: Int
        var ringRows: Int
        var workers: Int
    }

    private(set) var shape: Shape?
    /// `(x + 0.5) / scale / bounds.width` per column, and its power 1.2.
    private(set) var columnUV: UnsafeMutablePointer<Float>
    private(set) var columnPower: UnsafeMutablePointer<Float>
    /// One row's constants per output row, filled before the workers start.
    private(set) var rows: UnsafeMutablePointer<CurtainRowConstants>
    /// One scratch per worker.
    private(set) var scratches: [CurtainScratch] = []
    private var columnCapacity = 0
    private var rowCapacity = 0

    public init() {
        columnUV = .allocate(capacity: 1)
        columnPower = .allocate(capacity: 1)
        rows = .allocate(capacity: 1)
    }

    deinit {
        columnUV.deallocate()
        columnPower.deallocate()
        rows.deallocate()
    }

    /// Makes every buffer fit `shape`, keeping them when they already do.
    func prepare(_ shape: Shape) {
        guard shape != self.shape else { return }
        if shape.width > columnCapacity {
            columnUV.deallocate()
            columnPower.deallocate()
            columnUV = .allocate(capacity: shape.width)
            columnPower = .allocate(capacity: shape.width)
            columnCapacity = shape.width
        }
        if shape.height > rowCapacity {
            rows.deallocate()
            rows = .allocate(capacity: shape.height)
            rowCapacity = shape.height
        }
        scratches = (0..<shape.workers).map { _ in
            CurtainScratch(width: shape.width, scale: shape.scale, ringRows: shape.ringRows)
        }
        self.shape = shape
    }
}

/// The constants of one output row (everything that depends only on y).
struct CurtainRowConstants {
    /// false: the whole row is transparent (`compression >= 1`).
    var isDrawn: Bool
    var uvY: Float
    var stretch: Float
    var rowPower: Float
    var foldScale: Float
    var displacementScale: Float
    var blurMix: Float
    var shade: Float
    /// Columns from here on are transparent: every tap lies right of the layer.
    var end: Int
}

/// One worker's buffers: a ring of prepared layer rows and the per-pixel results of pass A.
///
/// The ring holds `ringRows` (a power of two) slots plus one: slot `(row + 2) & (ringRows - 1)`
/// holds layer row `row` (rows -2 … height+1; outside the layer, zeros), and the extra last
/// slot repeats slot 0 so the row below a slot is always the next slot. A slot is
/// `paddedWidth` texels of 8 floats, `[layer RGBA | blurred RGBA]` in 0…255 units, for
/// columns `-padding ..< width + padding`.
final class CurtainScratch {
    let width: Int
    let scale: Int
    let padding: Int
    let paddedWidth: Int
    let ringRows: Int
    /// Floats per ring slot.
    var slotStride: Int { paddedWidth * 8 }
    let ring: UnsafeMutablePointer<Float>
    /// One layer row as floats with `padding + 4 * scale` zero texels each side.
    let floatRow: UnsafeMutablePointer<SIMD4<Float>>
    let floatRowPadding: Int
    /// Pass A results per column: float offset of the top-left texel in `ring`, the four
    /// bilinear weights, and the light added to RGB.
    let offsets: UnsafeMutablePointer<Int32>
    /// Four planes of `weightPlane` floats: top-left, top-right, bottom-left, bottom-right.
    let weights: UnsafeMutablePointer<Float>
    let weightPlane: Int
    let light: UnsafeMutablePointer<Float>
    /// `(1, 1, 1, 0)`, kept in memory on purpose (see `passB`).
    var rgbMask = SIMD4<Float>(1, 1, 1, 0)
    /// The last ring row prepared (rows `highest - ringRows + 1 … highest` are valid).
    var highest = Int.min / 2

    init(width: Int, scale: Int, ringRows: Int) {
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
        offsets.deallocate()
        weights.deallocate()
        light.deallocate()
    }

    /// Prepares layer row `row` into its ring slot: the layer as floats and its 9-tap
    /// horizontal blur (taps `scale` pixels apart, zero outside the layer).
    func prepare(row: Int, of layer: UnsafePointer<UInt8>, height: Int) {
        let slot = (row + 2) & (ringRows - 1)
        let target = ring + slot * slotStride
        if row < 0 || row >= height {
            target.update(repeating: 0, count: slotStride)
        } else {
            let source = layer + row * width * 4
            // Bytes to floats as one flat loop, which the compiler vectorises.
            let floats = UnsafeMutableRawPointer(floatRow + floatRowPadding).assumingMemoryBound(to: Float.self)
            for lane in 0..<(width * 4) { floats[lane] = Float(source[lane]) }
            let texels = floatRow + floatRowPadding
            let w = CurtainKernel.blurWeightTuple
            // Broadcasts spelled out: the compiler scalarises `SIMD * scalar`.
            let w0 = SIMD4<Float>(repeating: w.0), w1 = SIMD4<Float>(repeating: w.1)
            let w2 = SIMD4<Float>(repeating: w.2), w3 = SIMD4<Float>(repeating: w.3)
            let w4 = SIMD4<Float>(repeating: w.4)
            let s1 = scale, s2 = 2 * scale, s3 = 3 * scale, s4 = 4 * scale
            // Pointers stepped with wrapping arithmetic: no overflow checks in the loop.
            var centre = texels - padding
            var slotTexel = UnsafeMutableRawPointer(target)
            for _ in 0..<paddedWidth {
                let texel = centre[0]
                var blurred = texel * w0
                blurred += (centre[-s1] + centre[s1]) * w1
                blurred += (centre[-s2] + centre[s2]) * w2
                blurred += (centre[-s3] + centre[s3]) * w3
                blurred += (centre[-s4] + centre[s4]) * w4
                slotTexel.storeBytes(of: texel, as: SIMD4<Float>.self)
                slotTexel.storeBytes(of: blurred, toByteOffset: 16, as: SIMD4<Float>.self)
                centre += 1
                slotTexel += 32
            }
        }
        if slot == 0 {
            (ring + ringRows * slotStride).update(from: target, count: slotStride)
        }
    }
}
