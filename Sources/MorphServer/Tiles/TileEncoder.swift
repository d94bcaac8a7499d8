import Foundation
import MorphCairo
import MorphRaster
import MorphWork

/// Chooses each dirty tile's codec and encodes the tiles across the worker pool's cores.
///
/// While the curtain moves, tiles go out in the job's codec (`--tile-codec`, JPEG by default:
/// the fastest per tile in bench/results.md); at rest, and for sets so small that PNG costs
/// nothing, they go out as PNG. JPEG has no alpha, so a tile with any pixel that is not
/// opaque (the folded-away edge, the revealed area) is sent as PNG instead: PNG is lossless,
/// fast on flat or empty tiles, and needs no second channel on the page; when those pixels
/// are a band of columns at one side of the tile, only the band is PNG (`split`).
public enum TileEncoder {
    /// A set changing at most this many tiles is sent as PNG even while moving (the timer's
    /// four tiles): it is cheap and needs no refinement.
    public static let losslessDirtyLimit = 8

    /// The codec of one tile of a set that changes `dirtyCount` tiles, for a job asking for
    /// `requested` (`TileJob.codec`).
    public static func codec(
        for rect: PixelRect, of bitmap: Bitmap, dirtyCount: Int, requested: TileCodec
    ) -> TileCodec {
        codec(for: TileCodec.coverage(of: bitmap, rect: rect), dirtyCount: dirtyCount, requested: requested)
    }

    /// The same for a tile whose coverage is known.
    static func codec(for coverage: TileCodec.Coverage, dirtyCount: Int, requested: TileCodec) -> TileCodec {
        if dirtyCount <= losslessDirtyLimit || coverage == .clear { return .png }
        switch requested {
        case .png: return .png
        case .jpeg: return coverage == .opaque ? .jpeg : .png
        case .webp: return .webp
        }
    }

    /// The tiles at `rects` of `bitmap`, each with the codec `codec(for:...)` picks, encoded in
    /// parallel (the codec choice runs on the workers too: it reads the tile's pixels), as
    /// one part each or, for JPEG, two (`split`). A transparent tile is the one PNG of its
    /// size, made once (`PNGEncoder.clearTile`). `pool` is the one the caller runs on
    /// (morphd's, `WorkerPool.shared`).
    public static func encode(
        _ bitmap: Bitmap, tiles rects: [PixelRect], dirtyCount: Int, requested: TileCodec, pool: WorkerPool = .shared
    ) throws -> [[TilePart]] {
        let results = EncodedTiles(count: rects.count)
        pool.parallelFor(rects.count) { index in
            let rect = rects[index]
            let coverage = TileCodec.coverage(of: bitmap, rect: rect)
            let codec = codec(for: coverage, dirtyCount: dirtyCount, requested: requested)
            results.store(
                index,
                Result { () throws(MorphCairoError) in
                    if coverage == .clear {
                        let bytes = try PNGEncoder.clearTile(width: rect.width, height: rect.height)
                        return [TilePart(rect: rect, codec: .png, bytes: bytes)]
                    }
                    if codec == .png, coverage == .mixed, requested == .jpeg, dirtyCount > losslessDirtyLimit,
                        let (opaque, band) = split(rect, of: bitmap)
                    {
                        return [
                            TilePart(rect: opaque, codec: .jpeg, bytes: try TileCodec.jpeg.encode(bitmap, rect: opaque)),
                            TilePart(rect: band, codec: .png, bytes: try TileCodec.png.encode(bitmap, rect: band)),
                        ]
                    }
                    return [TilePart(rect: rect, codec: codec, bytes: try codec.encode(bitmap, rect: rect))]
                })
        }
        return try results.values()
    }

    /// The fewest opaque columns worth a JPEG part of their own: below this a split tile costs
    /// two encoder set-ups for little JPEG.
    static let minimumOpaqueColumns = 16

    /// A mixed tile whose pixels that are not opaque all lie in a band of columns at one side
    /// (the layer's left edge, whose first columns the kernel's blur leaves translucent, and
    /// the fold's edge, translucent then transparent) as its opaque columns, which JPEG can
    /// carry, and that band, for PNG: PNG costs about 4× JPEG a pixel (bench/results.md), so
    /// the tile costs about what its band does. Nil when the tile is not such a tile or keeps
    /// fewer than `minimumOpaqueColumns` opaque columns.
    static func split(_ rect: PixelRect, of bitmap: Bitmap) -> (opaque: PixelRect, band: PixelRect)? {
        // The AND of each column's pixels: alpha 255 only if the whole column is opaque.
        // Unchecked pointers: the checked loop cost as much as a third of a JPEG tile.
        var columnAND = [UInt32](repeating: .max, count: rect.width)
        columnAND.withUnsafeMutableBufferPointer { columns in
            bitmap.pixels.withUnsafeBytes { bytes in
                let words = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
                let and = columns.baseAddress!
                for row in rect.y..<(rect.y + rect.height) {
                    let start = words + (row &* bitmap.width &+ rect.x)
                    for column in 0..<rect.width { and[column] &= start[column] }
                }
            }
        }
        let isOpaque = columnAND.map { UInt32(littleEndian: $0) >> 24 == 255 }
        guard let first = isOpaque.firstIndex(of: false), let last = isOpaque.lastIndex(of: false) else { return nil }
        let band: Range<Int>
        if first == 0, last < rect.width - 1 {
            band = 0..<(last + 1)
        } else if first > 0, last == rect.width - 1 {
            band = first..<rect.width
        } else {
            return nil
        }
        guard rect.width - band.count >= minimumOpaqueColumns else { return nil }
        let opaque = band.lowerBound == 0 ? band.upperBound..<rect.width : 0..<band.lowerBound
        func columns(_ range: Range<Int>) -> PixelRect {
            PixelRect(x: rect.x + range.lowerBound, y: rect.y, width: range.count, height: rect.height)
        }
        return (columns(opaque), columns(band))
    }
}

/// Slots the parallel encoders write into, one per tile; each index is written once.
private final class EncodedTiles: @unchecked Sendable {
    private var slots: [Result<[TilePart], MorphCairoError>]
    /// Guards `slots`: each encoder writes its own, the caller reads them all at the end.
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: .success([]), count: count) }

    func store(_ index: Int, _ value: Result<[TilePart], MorphCairoError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() throws -> [[TilePart]] { try slots.map { try $0.get() } }
}
