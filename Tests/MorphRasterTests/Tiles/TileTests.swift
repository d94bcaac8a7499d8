import MorphRaster
import MorphTestSupport
import Testing

@Suite struct TileTests {
    @Test func gridClipsTheLastColumnAndRow() throws {
        let grid = try TileGrid(width: 130, height: 70, tileSize: 64)
        #expect(grid.columns == 3 && grid.rows == 2 && grid.count == 6)
        #expect(grid.rect(ofTile: 2) == PixelRect(x: 128, y: 0, width: 2, height: 64))
        #expect(grid.rect(ofTile: 5) == PixelRect(x: 128, y: 64, width: 2, height: 6))
        let coveredArea: Int = (0..<grid.count).map { grid.rect(ofTile: $0).area }.reduce(0, +)
        #expect(coveredArea == 130 * 70)
        #expect(try TileGrid(width: 0, height: 10).count == 0)
        #expect(throws: RasterError.invalidTileSize(0)) { try TileGrid(width: 4, height: 4, tileSize: 0) }
    }

    @Test func identicalFramesHaveNoDirtyTiles() throws {
        let frame = try Bitmap(width: 100, height: 90, fill: SIMD4(1, 2, 3, 4))
        #expect(try DirtyTiles(from: frame, to: frame, tileSize: 32).isEmpty)
    }

    @Test func changedPixelsMarkExactlyTheirTiles() throws {
        try withEverySeed(1...20) { seed, generator in
            let width = Int.random(in: 1...150, using: &generator), height = Int.random(in: 1...150, using: &generator)
            let tileSize = Int.random(in: 1...64, using: &generator)
            let old = try Bitmap(width: width, height: height, fill: SIMD4(10, 20, 30, 255))
            var new = old
            var expected = Set<Int>()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let x = Int.random(in: 0..<width, using: &generator), y = Int.random(in: 0..<height, using: &generator)
                new[x, y] = SIMD4(10, 20, 31, 255)  // one channel, one step
                expected.insert((y / tileSize) * ((width + tileSize - 1) / tileSize) + x / tileSize)
            }
            let dirty = try DirtyTiles(from: old, to: new, tileSize: tileSize)
            #expect(dirty.indices == expected.sorted(), "seed \(seed)")
            #expect(dirty.rects.allSatisfy { $0.area > 0 })
        }
    }

    @Test func resizedFramesAreDirtyEverywhere() throws {
        let old = try Bitmap(width: 64, height: 64), new = try Bitmap(width: 65, height: 64)
        #expect(try DirtyTiles(from: old, to: new, tileSize: 64).indices == [0, 1])
    }
}
