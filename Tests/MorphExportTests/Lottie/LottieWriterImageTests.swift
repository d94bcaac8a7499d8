import Foundation
import MorphExport
import MorphKit
import Testing

/// `image` ops as image layers: the transform decomposition and the masks in the layer's own
/// space are checked by mapping points back through the written position, rotation and scale.
@Suite struct LottieWriterImageTests {
    /// A PNG header of `width` × `height` pixels (what an asset needs: the size, not the pixels).
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width)
            + bigEndian(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// A group turned a quarter turn and moved, clipping an inline picture drawn into a rect
    /// twice its pixel size, and a file picture the writer has no bytes for.
    static func list(source: String) throws -> DisplayList {
        try DisplayList(
            json: """
                {"format":"morph.display-list","version":1,"component":"sheet","size":[200,100],"time":0,
                "background":[1,1,1,1],"ops":[
                {"op":"push","id":"g","transform":[0,1,-1,0,150,10],"opacity":0.5,
                 "clip":[["M",0,0],["L",40,0],["L",40,30],["L",0,30],["Z"]]},
                {"op":"image","id":"pic","source":"\(source)","rect":[5,6,20,8]},
                {"op":"image","id":"absent","source":"absent.png","rect":[0,0,1,1]},
                {"op":"pop"}]}
                """)
    }

    @Test func anImageOpIsAnImageLayerOverAnEmbeddedAsset() throws {
        let png = Self.pngHeader(width: 10, height: 4)
        let source = ImageSource.dataPrefix + Data(png).base64EncodedString()
        let animation = LottieWriter().animation([try Self.list(source: source)], fps: 60, name: "sheet")
        guard case .array(let assets)? = animation["assets"] else { Issue.record("no assets"); return }
        #expect(assets.count == 1, "the file picture with no bytes is left out")
        #expect(assets[0]["p"] == .string(source))
        #expect(assets[0]["w"] == .number(10) && assets[0]["h"] == .number(4) && assets[0]["e"] == .number(1))
        let layer = try #require(LottieWriterTests.layer(named: "g/pic#image", in: animation))
        #expect(layer["ty"] == .number(2) && layer["refId"] == assets[0]["id"])
        #expect(layer["ks"]?["o"]?["k"] == .number(50), "the group's opacity fades the layer")
        #expect(LottieWriterTests.layer(named: "g/absent#image", in: animation) == nil)

        // Lottie's M = translate(p) · rotate(r) · scale(s): where the picture's pixels land.
        func number(_ value: JSONValue?) -> Double { if case .number(let n)? = value { n } else { .nan } }
        func item(_ value: JSONValue?, _ index: Int) -> JSONValue? {
            if case .array(let items)? = value, index < items.count { items[index] } else { nil }
        }
        let ks = try #require(layer["ks"])
        let (px, py) = (number(item(ks["p"]?["k"], 0)), number(item(ks["p"]?["k"], 1)))
        let radians = number(ks["r"]?["k"]) * .pi / 180
        let (sx, sy) = (number(item(ks["s"]?["k"], 0)) / 100, number(item(ks["s"]?["k"], 1)) / 100)
        func placed(_ u: Double, _ v: Double) -> Point {
            Point(x: px + cos(radians) * sx * u - sin(radians) * sy * v, y: py + sin(radians) * sx * u + cos(radians) * sy * v)
        }
        // Truth: the group's transform of the rect's corners (x' = 150 - y, y' = 10 + x).
        for (pixel, point) in [((0.0, 0.0), (5.0, 6.0)), ((10, 0), (25, 6)), ((10, 4), (25, 14))] {
            let got = placed(pixel.0, pixel.1)
            #expect(abs(got.x - (150 - point.1)) < 1e-3 && abs(got.y - (10 + point.0)) < 1e-3, "pixel \(pixel)")
        }
        // The clip, written in the picture's pixel space, lands on the group's clip.
        guard case .array(let vertices)? = item(layer["masksProperties"], 0)?["pt"]?["k"]?["v"] else {
            Issue.record("no mask")
            return
        }
        let expected = [(0.0, 0.0), (40, 0), (40, 30), (0, 30)].map { Point(x: 150 - $0.1, y: 10 + $0.0) }
        #expect(vertices.count == expected.count)
        for (vertex, want) in zip(vertices, expected) {
            let got = placed(number(item(vertex, 0)), number(item(vertex, 1)))
            #expect(abs(got.x - want.x) < 1e-2 && abs(got.y - want.y) < 1e-2, "mask vertex \(want)")
        }
    }
}
