import Foundation
import MorphCairo
import MorphRaster

/// Chooses each dirty tile's codec and encodes the tiles across the worker pool's cores.
///
/// While the curtain moves, tiles go out in the job's codec (`--tile-codec`, JPEG by default:
/// the fastest per tile in bench/results.md); at rest, and for sets so small that PNG costs
/// nothing, they go out as PNG. JPEG has no alpha, so a tile with any pixel that is not
/// opaque (the folded-away edge, the revealed area) is sent as PNG instead: PNG is lossless,
/// fast on flat or empty tiles, and needs no second channel on the page.
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
    /// parallel (the codec choice runs on the workers too: it reads the tile's pixels). A
    /// transparent tile is the one PNG of its size, made once (`PNGEncoder.clearTile`).
    public static func encode(
        _ bitmap: Bitmap, tiles rects: [PixelRect], dirtyCount: Int, requested: TileCodec
    ) throws -> [(codec: TileCodec, bytes: [UInt8])] {
        let results = EncodedTiles(count: rects.count)
        WorkerPool.shared.parallelFor(rects.count) { index in
            let rect = rects[index]
            let coverage = TileCodec.coverage(of: bitmap, rect: rect)
            let codec = codec(for: coverage, dirtyCount: dirtyCount, requested: requested)
            results.store(
                index,
                Result { () throws(MorphCairoError) in
                    let bytes =
                        coverage == .clear
                        ? try PNGEncoder.clearTile(width: rect.width, height: rect.height)
                        : try codec.encode(bitmap, rect: rect)
                    return (codec, bytes)
                })
        }
        return try results.values()
    }
}

/// Slots the parallel encoders write into, one per tile; each index is written once.
private final class EncodedTiles: @unchecked Sendable {
    private var slots: [Result<(codec: TileCodec, bytes: [UInt8]), MorphCairoError>]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: .success((.png, [])), count: count) }

    func store(_ index: Int, _ value: Result<(codec: TileCodec, bytes: [UInt8]), MorphCairoError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() throws -> [(codec: TileCodec, bytes: [UInt8])] { try slots.map { try $0.get() } }
}
