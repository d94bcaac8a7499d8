import Glibc

/// The tiles that differ between two frames, found by comparing pixel rows tile by tile.
///
/// Only changed tiles go over the wire; comparing rows with `memcmp` costs far less than
/// encoding even one tile, so the whole frame is compared every time.
public struct DirtyTiles: Hashable, Sendable {
    /// The grid the indices refer to (the new frame's).
    public let grid: TileGrid
    /// Indices of the changed tiles, ascending.
    public let indices: [Int]

    /// Compares `old` with `new`. When the sizes differ, every tile of `new` is dirty: a
    /// resized frame repaints everything.
    public init(from old: Bitmap, to new: Bitmap, tileSize: Int = TileGrid.defaultTileSize) throws(RasterError) {
        let grid = try TileGrid(covering: new, tileSize: tileSize)
        self.grid = grid
        guard old.width == new.width, old.height == new.height else {
            indices = Array(0..<grid.count)
            return
        }
        var dirty = [Bool](repeating: false, count: grid.count)
        let rowBytes = new.bytesPerRow
        old.pixels.withUnsafeBytes { oldBytes in
            new.pixels.withUnsafeBytes { newBytes in
                guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else { return }
                for tileRow in 0..<grid.rows {
                    let top = tileRow * grid.tileSize, bottom = min(top + grid.tileSize, new.height)
                    for column in 0..<grid.columns {
                        let left = column * grid.tileSize * 4
                        let length = min(grid.tileSize, new.width - column * grid.tileSize) * 4
                        for y in top..<bottom
                        where memcmp(oldBase + y * rowBytes + left, newBase + y * rowBytes + left, length) != 0 {
                            dirty[grid.index(column: column, row: tileRow)] = true
                            break
                        }
                    }
                }
            }
        }
        indices = dirty.indices.filter { dirty[$0] }
    }

    /// The changed tiles' rectangles, in index order.
    public var rects: [PixelRect] { indices.map(grid.rect(ofTile:)) }

    /// Whether nothing changed.
    public var isEmpty: Bool { indices.isEmpty }
}
