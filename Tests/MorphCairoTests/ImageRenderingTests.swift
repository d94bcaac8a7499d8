import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import Testing

/// `image` ops drawn through cairo, compared pixel by pixel with the PNG decoded here.
@Suite struct ImageRenderingTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/components")

    /// A 4 × 2 picture: columns red, green, blue, and half-transparent black on top; grey,
    /// white, yellow, clear below.
    static let columns: [SIMD4<UInt8>] = [
        [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [0, 0, 0, 128],
        [128, 128, 128, 255], [255, 255, 255, 255], [255, 255, 0, 255], [0, 0, 0, 0],
    ]

    static func png(_ pixels: [SIMD4<UInt8>], width: Int) throws -> [UInt8] {
        try PNGEncoder.encode(
            StraightImage(width: width, height: pixels.count / width, pixels: pixels.flatMap { [$0.x, $0.y, $0.z, $0.w] }))
    }

    /// Straight `source` over an opaque white background, per channel, rounded.
    static func overWhite(_ source: SIMD4<UInt8>) -> SIMD4<UInt8> {
        let alpha = Double(source.w) / 255
        func channel(_ value: UInt8) -> UInt8 { UInt8((Double(value) * alpha + 255 * (1 - alpha)).rounded()) }
        return SIMD4(channel(source.x), channel(source.y), channel(source.z), 255)
    }

    static func maxDifference(_ a: SIMD4<UInt8>, _ b: SIMD4<UInt8>) -> Int {
        (0..<4).map { abs(Int(a[$0]) - Int(b[$0])) }.max() ?? 0
    }

    func list(_ ops: [DisplayList.Op], width: Double, height: Double) -> DisplayList {
        DisplayList(component: .curtain, size: Size(width: width, height: height), background: .white, ops: ops)
    }

    /// At one device pixel per picture pixel, the drawn pixels are the decoded file's
    /// (tolerance 1/255 for rounding in compositing; the example's map is opaque).
    @Test func aPictureAtItsOwnSizeIsTheDecodedFile() throws {
        let bytes = Array(try Data(contentsOf: Self.examples.appendingPathComponent("images/nearby-map.png")))
        let decoded = try PNGDecoder.decodeStraight(bytes)
        let drawer = try renderer()
        drawer.images = ["images/nearby-map.png": bytes]
        let rect = Rect(x: 10, y: 5, width: Double(decoded.width), height: Double(decoded.height))
        let bitmap = try drawer.render(
            list([.image(.init(id: "map", source: "images/nearby-map.png", rect: rect))], width: 500, height: 280), scale: 1)
        var worst = 0
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let offset = (y * decoded.width + x) * 4
                let expected = SIMD4(
                    decoded.pixels[offset], decoded.pixels[offset + 1], decoded.pixels[offset + 2], decoded.pixels[offset + 3])
                worst = max(worst, Self.maxDifference(bitmap[x + 10, y + 5], Self.overWhite(expected)))
            }
        }
        #expect(worst <= 1)
        #expect(bitmap[5, 2] == SIMD4(255, 255, 255, 255))
        #expect(bitmap[10 + decoded.width + 2, 100] == SIMD4(255, 255, 255, 255))
    }

    /// `interpolation: none` scaled 4×: each picture pixel is a 4 × 4 block of exactly its
    /// colour (over white where it is translucent), up to the rectangle's edges.
    @Test func nearestNeighbourScalingGivesBlocks() throws {
        let bytes = try Self.png(Self.columns, width: 4)
        let drawer = try renderer()
        drawer.images = ["grid.png": bytes]
        let op = DisplayList.Image(
            id: "grid", source: "grid.png", rect: Rect(x: 2, y: 3, width: 16, height: 8), interpolation: .none)
        let bitmap = try drawer.render(list([.image(op)], width: 24, height: 14), scale: 1)
        for y in 0..<8 {
            for x in 0..<16 {
                let expected = Self.overWhite(Self.columns[(y / 4) * 4 + x / 4])
                #expect(Self.maxDifference(bitmap[x + 2, y + 3], expected) <= 1, "pixel \(x), \(y)")
            }
        }
        #expect(bitmap[1, 5] == SIMD4(255, 255, 255, 255))
        #expect(bitmap[18, 5] == SIMD4(255, 255, 255, 255))
    }

    /// A data URI draws with no `images` given; a source the renderer has no bytes for draws
    /// nothing (as the page before the picture arrives).
    @Test func inlinePicturesNeedNoLookupAndUnknownOnesDrawNothing() throws {
        let uri = ImageSource.dataURI(png: try Self.png(Self.columns, width: 4))
        let drawer = try renderer()
        let bitmap = try drawer.render(
            list(
                [
                    .image(.init(id: "inline", source: uri, rect: Rect(x: 0, y: 0, width: 8, height: 4), interpolation: .none)),
                    .image(.init(id: "missing", source: "missing.png", rect: Rect(x: 10, y: 0, width: 8, height: 4))),
                ], width: 20, height: 4), scale: 1)
        #expect(bitmap[0, 0] == SIMD4(255, 0, 0, 255))
        #expect(bitmap[7, 3] == SIMD4(255, 255, 255, 255))  // clear pixel over white
        #expect(bitmap[3, 0] == SIMD4(0, 255, 0, 255))
        for x in 10..<18 { #expect(bitmap[x, 1] == SIMD4(255, 255, 255, 255)) }
    }

    /// A component file's `fill` picture overflows its frame and is clipped to it: a 4 × 2
    /// picture in a 20 × 20 frame is drawn 40 × 20 from x = -10, so the frame shows the
    /// middle columns (green, blue) and nothing of red or of the right column outside it; at
    /// opacity 0.5 the colours are half over white.
    @Test func fillIsClippedToTheFrameThroughTheGroup() throws {
        let uri = ImageSource.dataURI(png: try Self.png(Self.columns, width: 4))
        let file = """
            { "format": "morph.component", "version": 1, "name": "picture", "viewport": [60, 40], "variables": {},
              "background": "white(1)",
              "scene": { "type": "group", "id": "root", "children": [
                { "type": "image", "id": "pic", "source": "\(uri)", "frame": "rect(20, 10, 20, 20)",
                  "contentMode": "fill", "interpolation": "none", "opacity": 0.5 } ] },
              "machine": { "states": ["idle"], "transitions": [] } }
            """
        let definition = try ComponentDefinition(json: Array(file.utf8), file: "picture.json")
        let session = try ComponentSession(definition: definition)
        let displayList = session.displayList()
        let bitmap = try renderer().render(displayList, scale: 1)
        let half = { (color: SIMD4<UInt8>) in Self.overWhite(SIMD4(color.x, color.y, color.z, 128)) }
        #expect(Self.maxDifference(bitmap[25, 12], half(SIMD4(0, 255, 0, 255))) <= 1)  // green, top half
        #expect(Self.maxDifference(bitmap[35, 12], half(SIMD4(0, 0, 255, 255))) <= 1)  // blue, top half
        #expect(Self.maxDifference(bitmap[25, 25], half(SIMD4(255, 255, 255, 255))) <= 1)  // white, bottom half
        #expect(bitmap[15, 12] == SIMD4(255, 255, 255, 255))  // red would be here, clipped
        #expect(bitmap[45, 12] == SIMD4(255, 255, 255, 255))  // the right column, clipped
    }
}
