import MorphCairo

/// The fixed little-endian header in front of every binary `morph.v1` message: one encoded
/// tile (PNG, JPEG or WebP) of a session's effect layer (`schemas/protocol.md`, "Raster tiles").
///
/// Fixed offsets so the page reads it with a `DataView` and no parsing; `headerLength` lets
/// a later version append fields that older pages skip.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 4 | magic `MTIL` |
/// | 4 | 1 | version (2; 1 had no codec byte and always PNG) |
/// | 5 | 1 | flags (bit 0: the set holds every tile of the layer; bit 1: lowered scale) |
/// | 6 | 2 | header length (32); the encoded tile starts here |
/// | 8 | 4 | session frame `seq` the tile was rendered from |
/// | 12 | 4 | tile index (row-major in the layer's grid) |
/// | 16 | 2+2 | x, y of the tile in layer pixels |
/// | 20 | 2+2 | width, height of the tile in pixels |
/// | 24 | 2+2 | layer width, height in pixels |
/// | 28 | 1 | scale (pixels per point) |
/// | 29 | 1 | codec (`TileCodec`: 0 PNG, 1 JPEG, 2 WebP) |
/// | 30 | 2 | zero padding to a 4-byte boundary |
public struct TileHeader: Hashable, Sendable {
    /// `MTIL`.
    public static let magic: [UInt8] = Array("MTIL".utf8)
    /// The layout described above.
    public static let currentVersion: UInt8 = 2
    /// The first version, read for compatibility: byte 29 was padding and tiles were PNG.
    public static let firstVersion: UInt8 = 1
    /// Bytes of the header (the same in versions 1 and 2).
    public static let length = 32
    /// Flag bit: this set carries every tile of the layer (a new or resized layer).
    public static let completeFlag: UInt8 = 1
    /// Flag bit: the tile is below the scale the viewer asked for (a moving picture that full
    /// scale could not keep up with, `TileScalePolicy`); full scale follows at rest.
    public static let loweredFlag: UInt8 = 2

    /// Flag bits.
    public var flags: UInt8
    /// The session frame sequence the tile shows.
    public var sequence: UInt32
    /// The tile's index in the layer's grid.
    public var tileIndex: UInt32
    /// The tile's rectangle in layer pixels.
    public var x: UInt16, y: UInt16, width: UInt16, height: UInt16
    /// The whole layer's size in pixels.
    public var layerWidth: UInt16, layerHeight: UInt16
    /// Pixels per point.
    public var scale: UInt8
    /// How the tile after the header is encoded.
    public var codec: TileCodec

    /// Makes a header.
    public init(
        flags: UInt8, sequence: UInt32, tileIndex: UInt32, x: UInt16, y: UInt16, width: UInt16, height: UInt16,
        layerWidth: UInt16, layerHeight: UInt16, scale: UInt8, codec: TileCodec = .png
    ) {
        self.flags = flags
        self.sequence = sequence
        self.tileIndex = tileIndex
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.layerWidth = layerWidth
        self.layerHeight = layerHeight
        self.scale = scale
        self.codec = codec
    }

    /// The 32 header bytes.
    public var encoded: [UInt8] {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.length)
        bytes.append(Self.currentVersion)
        bytes.append(flags)
        func append<Value: FixedWidthInteger>(_ value: Value) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        append(UInt16(Self.length))
        append(sequence)
        append(tileIndex)
        for value in [x, y, width, height, layerWidth, layerHeight] { append(value) }
        bytes.append(scale)
        bytes.append(codec.rawValue)
        bytes.append(contentsOf: [0, 0])
        return bytes
    }

    /// Reads a header from the front of a binary message; nil when the magic, version or
    /// length is wrong or the codec unknown. Returns the header and where the tile starts.
    public static func decode(_ message: [UInt8]) -> (header: TileHeader, payloadOffset: Int)? {
        guard message.count >= length, Array(message[0..<4]) == magic, [firstVersion, currentVersion].contains(message[4])
        else { return nil }
        func read<Value: FixedWidthInteger>(_ offset: Int, as type: Value.Type) -> Value {
            var value: Value = 0
            for byte in (0..<MemoryLayout<Value>.size).reversed() { value = value << 8 | Value(message[offset + byte]) }
            return value
        }
        let headerLength = Int(read(6, as: UInt16.self))
        guard headerLength >= length, headerLength <= message.count,
            let codec = message[4] == firstVersion ? .png : TileCodec(rawValue: message[29])
        else { return nil }
        let header = TileHeader(
            flags: message[5], sequence: read(8, as: UInt32.self), tileIndex: read(12, as: UInt32.self),
            x: read(16, as: UInt16.self), y: read(18, as: UInt16.self), width: read(20, as: UInt16.self),
            height: read(22, as: UInt16.self), layerWidth: read(24, as: UInt16.self),
            layerHeight: read(26, as: UInt16.self), scale: message[28], codec: codec)
        return (header, headerLength)
    }
}
