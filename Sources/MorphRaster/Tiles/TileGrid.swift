/// A bitmap cut into square tiles of a fixed edge, numbered row-major from the top left; the
/// last column and row are clipped to the bitmap's edge.
///
/// Fixed tiles let the server send only what changed and the page place tiles without layout.
public struct TileGrid: Hashable, Sendable {
    /// The default tile edge: 128 px cuts a 780×1688 layer (the curtain at 2x) into 7×14 tiles.
    /// Every tile is a message the page decodes and draws on its main thread, so fewer, larger
    /// tiles keep a set's latency down: against 64 px (13×27) a browser drew 17–18 sets a
    /// second instead of 6–9 during a drag, at a median latency of 80 ms instead of 135–154, and
    /// a set took 153 KB instead of 242 (`make bench-tiles`, same run: input → tile p99 27 ms
    /// against 32, the same 60 sets/s and render time). Larger still (256 px) would send a
    /// small change (the timer's text) as a quarter of the layer's width.
    public static let defaultTileSize = 128

    public let width: Int
    public let height: Int
    public let tileSize: Int

    /// A grid over a `width × height` pixel area; throws for negative sizes or tiles below 1 px.
    public init(width: Int, height: Int, tileSize: Int = TileGrid.defaultTileSize) throws(RasterError) {
        guard width >= 0, height >= 0 else { throw .invalidDimensions(width: width, height: height) }
        guard tileSize >= 1 else { throw .invalidTileSize(tileSize) }
        self.width = width
        self.height = height
        self.tileSize = tileSize
    }

    /// The grid covering `bitmap`.
    public init(covering bitmap: Bitmap, tileSize: Int = TileGrid.defaultTileSize) throws(RasterError) {
        try self.init(width: bitmap.width, height: bitmap.height, tileSize: tileSize)
    }

    /// Tiles per row (a partial last tile counts).
    public var columns: Int { (width + tileSize - 1) / tileSize }
    /// Tile rows (a partial last row counts).
    public var rows: Int { (height + tileSize - 1) / tileSize }
    /// Number of tiles; zero for an empty area.
    public var count: Int { columns * rows }

    /// The pixel rectangle of tile `index`, clipped at the right and bottom edges.
    public func rect(ofTile index: Int) -> PixelRect {
        precondition(index >= 0 && index < count, "tile \(index) outside grid of \(count)")
        let column = index % columns, row = index / columns
        let x = column * tileSize, y = row * tileSize
        return PixelRect(x: x, y: y, width: min(tileSize, width - x), height: min(tileSize, height - y))
    }

    /// The index of the tile at `column`, `row`.
    public func index(column: Int, row: Int) -> Int { row * columns + column }
}
