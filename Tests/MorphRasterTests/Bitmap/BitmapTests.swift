import MorphKit
import MorphRaster
import Testing

@Suite struct BitmapTests {
    @Test func rejectsBadSizes() {
        #expect(throws: RasterError.invalidDimensions(width: -1, height: 2)) { try Bitmap(width: -1, height: 2) }
        #expect(throws: RasterError.invalidScale(0)) { try Bitmap(width: 1, height: 1, scale: 0) }
        #expect(throws: RasterError.pixelCountMismatch(expected: 8, actual: 7)) {
            try Bitmap(width: 2, height: 1, pixels: [UInt8](repeating: 0, count: 7))
        }
    }

    @Test func pixelsAreRowMajorRGBAWithValueSemantics() throws {
        var bitmap = try Bitmap(width: 3, height: 2, scale: 2, fill: SIMD4(1, 2, 3, 4))
        let copy = bitmap
        bitmap[2, 1] = SIMD4(9, 8, 7, 6)
        #expect(Array(bitmap.pixels[20..<24]) == [9, 8, 7, 6])
        #expect(bitmap[2, 1] == SIMD4(9, 8, 7, 6))
        #expect(copy[2, 1] == SIMD4(1, 2, 3, 4))
        #expect(bitmap.pointSize == Size(width: 1.5, height: 1))
        #expect(bitmap.bytesPerRow == 12)
    }
}
