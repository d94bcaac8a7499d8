import MorphCairo
import MorphKit
import MorphRaster

/// The newest complete tile set of one stream: every tile of the effect layer, encoded (PNG
/// or lossy, `codecs`) in one or two parts (`TilePart`, one binary message each), with the
/// stream version at which each last changed. Immutable, shared by all viewers.
///
/// A viewer remembers the version it last received and is sent the tiles changed since, so a
/// viewer that keeps up gets exactly the dirty tiles and one that fell behind catches up in
/// one set, never through a queue.
public final class TileSnapshot: Sendable {
    /// The effect layer a set describes; nil once the effect is off.
    public struct Layer: Hashable, Sendable {
        /// The effect group's id.
        public let groupID: String
        /// The effect's bounds in points (the page draws the layer there).
        public let bounds: Rect
        /// The layer's pixel grid.
        public let grid: TileGrid
    }

    /// The session the set belongs to.
    public let session: String
    /// The frame sequence it was rendered from.
    public let sequence: Int
    /// The frame's `serverTime` (so the page can tell latency).
    public let serverTime: Double
    /// Pixels per point of these tiles.
    public let scale: Int
    /// The stream's scale, which viewers asked for: above `scale` while a moving picture goes
    /// out lowered (`TileScalePolicy`), else equal.
    public let fullScale: Int
    /// The layer, or nil when the effect is off.
    public let layer: Layer?
    /// Each tile's encoded parts, by index.
    public let parts: [[TilePart]]
    /// Each tile's codec, by index: lossy when any of its parts is.
    public let codecs: [TileCodec]
    /// For each tile, the stream version whose render last changed it.
    public let tileVersions: [Int]
    /// This set's version: the stream's count of published sets.
    public let version: Int
    /// Tile frames rendered and frames skipped by the stream so far (for the HUD).
    public let rendered: Int, skipped: Int
    /// Where this set's time went; `timings.total` is its milliseconds.
    public let timings: TileTimings

    /// Makes a set.
    public init(
        session: String, sequence: Int, serverTime: Double, scale: Int, fullScale: Int? = nil, layer: Layer?,
        parts: [[TilePart]], tileVersions: [Int], version: Int, rendered: Int, skipped: Int,
        timings: TileTimings
    ) {
        self.session = session
        self.sequence = sequence
        self.serverTime = serverTime
        self.scale = scale
        self.fullScale = fullScale ?? scale
        self.layer = layer
        self.parts = parts
        codecs = parts.map(\.tileCodec)
        self.tileVersions = tileVersions
        self.version = version
        self.rendered = rendered
        self.skipped = skipped
        self.timings = timings
    }

    /// Indices of the tiles a viewer that has version `version` must receive.
    public func tiles(after version: Int) -> [Int] {
        tileVersions.indices.filter { tileVersions[$0] > version }
    }

    /// How many tiles are held in a lossy codec (0 once a resting picture is refined).
    public var lossyTileCount: Int { codecs.reduce(0) { $0 + ($1.isLossy ? 1 : 0) } }

    /// Whether the set is below the scale viewers asked for.
    public var isLowered: Bool { layer != nil && scale < fullScale }

    /// Whether a resting picture must be sent again: lossy tiles, or a lowered scale.
    public var needsRefinement: Bool { isLowered || lossyTileCount > 0 }

    /// The messages that carry `tiles` (indices from `tiles(after:)`), as (tile index, part
    /// index) pairs in tile order.
    public func messages(of tiles: [Int]) -> [(tile: Int, part: Int)] {
        tiles.flatMap { tile in parts[tile].indices.map { (tile, $0) } }
    }

    /// The bytes of the encoded tiles after `version` (benchmarks).
    public func byteCount(after version: Int) -> Int {
        messages(of: tiles(after: version)).reduce(0) { $0 + parts[$1.tile][$1.part].bytes.count }
    }

    /// The binary message of part `part` of tile `index`: header, then the encoded part.
    public func message(tile index: Int, part: Int = 0, complete: Bool) -> [UInt8] {
        guard let layer else { return [] }
        let piece = parts[index][part], rect = piece.rect
        let header = TileHeader(
            flags: (complete ? TileHeader.completeFlag : 0) | (isLowered ? TileHeader.loweredFlag : 0),
            sequence: UInt32(truncatingIfNeeded: sequence),
            tileIndex: UInt32(index), x: UInt16(rect.x), y: UInt16(rect.y),
            width: UInt16(rect.width), height: UInt16(rect.height),
            layerWidth: UInt16(layer.grid.width), layerHeight: UInt16(layer.grid.height), scale: UInt8(scale),
            codec: piece.codec)
        return header.encoded + piece.bytes
    }

    /// The `tiles-done` text message closing a set of `count` tile messages, `lossy` of them lossy.
    public func doneMessage(tiles count: Int, lossy: Int) -> [UInt8] {
        var writer = JSONValue.CompactWriter(capacity: 256)
        writer.raw("{\"type\":\"tiles-done\"")
        writer.key("session")
        writer.write(string: session)
        writer.key("seq")
        writer.write(number: Double(sequence))
        writer.key("layer")
        if let layer {
            writer.write(
                .array([layer.bounds.minX, layer.bounds.minY, layer.bounds.width, layer.bounds.height].map(JSONValue.number)))
        } else {
            writer.raw("null")
        }
        writer.key("group")
        if let layer { writer.write(string: layer.groupID) } else { writer.raw("null") }
        writer.key("scale")
        writer.write(number: Double(scale))
        writer.key("fullScale")
        writer.write(number: Double(fullScale))
        writer.key("tiles")
        writer.write(number: Double(count))
        writer.key("lossy")
        writer.write(number: Double(lossy))
        writer.key("rendered")
        writer.write(number: Double(rendered))
        writer.key("skipped")
        writer.write(number: Double(skipped))
        writer.key("renderMs")
        writer.write(number: (timings.total * 100).rounded() / 100)
        writer.key("serverTime")
        writer.write(number: serverTime)
        writer.raw("}")
        return writer.bytes
    }
}
