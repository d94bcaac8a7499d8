import Foundation
import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// `image` nodes in component files: what loads, what is refused (with file, line and
/// column), the content modes against hand-computed rectangles, and the round trip.
@Suite struct ImageNodeTests {
    static let examples = ComponentFileReplayTests.examples

    /// A 1 × 1 opaque PNG (signature, IHDR 1×1 RGBA, one IDAT, IEND), written out by hand.
    static let onePixel: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0,
        0, 0x1F, 0x15, 0xC4, 0x89, 0, 0, 0, 13, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0, 0x05,
        0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// A file whose scene is one image node with `properties` (the `"source"` key starts on
    /// line 5, column 7).
    static func file(_ properties: String) -> String {
        """
        { "format": "morph.component", "version": 1, "name": "picture", "viewport": [200, 100],
          "variables": { "fade": { "initial": 0.5 } }, "background": "white(1)",
          "scene": { "type": "group", "id": "root", "children": [
            { "type": "image", "id": "pic",
              \(properties) } ] },
          "machine": { "states": ["idle"], "transitions": [] } }
        """
    }

    static func load(_ properties: String, directory: URL? = examples) throws(DefinitionError) -> ComponentDefinition {
        try ComponentDefinition(json: Array(file(properties).utf8), file: "picture.json", directory: directory)
    }

    static func error(_ properties: String, directory: URL? = examples) -> DefinitionError? {
        do {
            _ = try load(properties, directory: directory)
            return nil
        } catch {
            return error
        }
    }

    @Test func theExamplesPictureLoadsWithItsPixelSize() throws {
        let definition = try Self.load(#""source": "images/nearby-map.png", "frame": "rect(0, 0, 200, 100)""#)
        #expect(definition.images.map(\.source) == ["images/nearby-map.png"])
        #expect(definition.images.first.map { [$0.pixelWidth, $0.pixelHeight] } == [480, 270])
        let bytes = Array(try Data(contentsOf: Self.examples.appendingPathComponent("images/nearby-map.png")))
        #expect(definition.imageBytes["images/nearby-map.png"] == bytes)
    }

    @Test(arguments: [
        (
            #""source": "images/absent.png", "frame": "rect(0, 0, 1, 1)""#, DefinitionError.Kind.badReference, 17,
            "scene.children[0].source: no image 'images/absent.png' beside the component file"
        ),
        (
            #""source": "../secret.png", "frame": "rect(0, 0, 1, 1)""#, .badReference, 17,
            "scene.children[0].source: '../secret.png' is not an image name: a relative path of letters, digits, '-', '_' and '.' (no part starting with '.', at most 128 bytes) ending in .png"
        ),
        (
            #""source": "bottom-sheet.json", "frame": "rect(0, 0, 1, 1)""#, .badReference, 17,
            "scene.children[0].source: 'bottom-sheet.json' is not an image name: a relative path of letters, digits, '-', '_' and '.' (no part starting with '.', at most 128 bytes) ending in .png"
        ),
        (
            #""source": "data:image/gif;base64,R0lG", "frame": "rect(0, 0, 1, 1)""#, .badReference, 17,
            "scene.children[0].source: only data:image/png;base64, URIs are read (PNG, base64)"
        ),
        (
            #""source": "data:image/png;base64,aGVsbG8gd29ybGQgdGhpcyBpcyBub3QgYSBwbmcgYXQgYWxs", "frame": "rect(0, 0, 1, 1)""#,
            .badReference, 17, "scene.children[0].source: 'data:image/png;base64,aGVsbG8gd2…' is not a PNG"
        ),
        (
            #""source": 3, "frame": "rect(0, 0, 1, 1)""#, .typeMismatch, 17,
            "scene.children[0].source: an image source is a file name or a data:image/png;base64, URI (a constant string), found a number"
        ),
        (#""source": "images/nearby-map.png""#, .malformed, -5, "scene.children[0].frame: missing required key"),
        (
            #""source": "images/nearby-map.png", "frame": "rect(0, 0, 1, 1)", "contentMode": "cover""#, .malformed, 86,
            "scene.children[0].contentMode: \"cover\" is not one of \"fit\", \"fill\", \"stretch\""
        ),
        (
            #""source": "images/nearby-map.png", "frame": "point(0, 0)""#, .typeMismatch, 52,
            "scene.children[0].frame: expected a rect, found a point"
        ),
    ])
    func mistakesAreReportedWhereTheyAre(_ properties: String, _ kind: DefinitionError.Kind, _ column: Int, _ message: String)
        throws
    {
        let error = try #require(Self.error(properties))
        #expect(error.kind == kind)
        #expect(error.file == "picture.json")
        // A negative column: the mistake is the node itself, on the line before.
        #expect(error.line == (column < 0 ? 4 : 5))
        #expect(error.column == abs(column), "\(error)")
        #expect(error.message == message)
    }

    @Test func aFileNeedsTheComponentsFolder() throws {
        let error = try #require(Self.error(#""source": "images/nearby-map.png", "frame": "rect(0, 0, 1, 1)""#, directory: nil))
        #expect(
            error.message
                == "scene.children[0].source: 'images/nearby-map.png' is a file, and this component was loaded without its folder"
        )
    }

    @Test func anOversizedInlinePictureIsRefused() throws {
        let uri = ImageSource.dataURI(png: Self.onePixel + [UInt8](repeating: 0, count: ImageSource.maxInlineBytes))
        let error = try #require(Self.error(#""source": "\#(uri)", "frame": "rect(0, 0, 1, 1)""#))
        #expect(error.kind == .badReference)
        #expect(error.message.hasSuffix("an inline picture is at most 8192 bytes; use a file"))
    }

    @Test func thePicturesIdIsTakenToo() throws {
        let text = Self.file(#""source": "images/nearby-map.png", "frame": "rect(0, 0, 1, 1)""#)
            .replacingOccurrences(of: #""id": "root""#, with: #""id": "pic.image""#)
        #expect(throws: DefinitionError.self) {
            _ = try ComponentDefinition(json: Array(text.utf8), file: "picture.json", directory: Self.examples)
        }
    }

    /// SwiftUI's resizable image in a 200 × 100 frame at (10, 20), for a 480 × 270 picture
    /// (16:9): fit is 100 high, 177.78 wide, centred; fill is 200 wide, 112.5 high, centred.
    @Test func contentModesPlaceThePictureAsSwiftUIDoes() {
        let frame = Rect(x: 10, y: 20, width: 200, height: 100)
        let picture = Size(width: 480, height: 270)
        let fit = ImageContentMode.fit.drawRect(imageSize: picture, in: frame)
        #expect(abs(fit.width - 1600.0 / 9) < 1e-9 && fit.height == 100)
        #expect(abs(fit.minX - (10 + (200 - 1600.0 / 9) / 2)) < 1e-9 && fit.minY == 20)
        let fill = ImageContentMode.fill.drawRect(imageSize: picture, in: frame)
        #expect(fill == Rect(x: 10, y: 20 - 6.25, width: 200, height: 112.5))
        #expect(ImageContentMode.stretch.drawRect(imageSize: picture, in: frame) == frame)
        // Degenerate frames and pictures draw nothing, never NaN.
        for mode in ImageContentMode.allCases {
            #expect(
                mode.drawRect(imageSize: picture, in: Rect(x: 1, y: 2, width: 0, height: 5))
                    == Rect(x: 1, y: 2, width: 0, height: 0))
            #expect(mode.drawRect(imageSize: .zero, in: frame) == Rect(x: 10, y: 20, width: 0, height: 0))
        }
    }

    /// The node is a group (frame as bounds, opacity, the corner clip) around `pic.image`.
    @Test func theNodeIsAGroupAroundThePicture() throws {
        let definition = try Self.load(
            #""source": "images/nearby-map.png", "frame": "rect(10, 20, 200, 100)", "contentMode": "fit", "opacity": "fade", "cornerRadius": 8, "interpolation": "none""#
        )
        let list = try ComponentSession(definition: definition).displayList()
        let text = list.printedDescription
        #expect(text.contains("push pic opacity=0.5 clip=path["), "\(text)")
        guard case .image(let image) = list.ops[2] else {
            Issue.record("expected the picture as the third op, found \(list.ops[2])")
            return
        }
        #expect(image.id == "pic.image" && image.source == "images/nearby-map.png" && image.interpolation == .none)
        #expect(
            image.rect
                == ImageContentMode.fit.drawRect(
                    imageSize: Size(width: 480, height: 270), in: Rect(x: 10, y: 20, width: 200, height: 100)))
        // Without a radius, fit needs no clip.
        let plain = try Self.load(#""source": "images/nearby-map.png", "frame": "rect(10, 20, 200, 100)", "contentMode": "fit""#)
        guard case .push(let group) = try ComponentSession(definition: plain).displayList().ops[1] else {
            Issue.record("expected the image's group")
            return
        }
        #expect(group.id == "pic" && group.clip == nil && group.opacity == 1)
    }

    /// File → runtime → export → file, with an image: the written file loads into the same
    /// pictures and the same display list.
    @Test func theExportedFileKeepsThePicture() throws {
        let uri = ImageSource.dataURI(png: Self.onePixel)
        let definition = try Self.load(
            #""source": "\#(uri)", "frame": "rect(10, 20, 200, 100)", "contentMode": "fill", "cornerRadius": "4 + fade""#)
        let exported = definition.componentFile
        let reloaded = try ComponentDefinition(json: exported.compactBytes, file: "exported.json")
        #expect(reloaded.componentFile == exported)
        #expect(reloaded.images == definition.images)
        #expect(
            try ComponentSession(definition: reloaded).displayList().canonicalJSON()
                == ComponentSession(definition: definition).displayList().canonicalJSON())
    }

    /// The op's JSON: written canonically, read back equal; a bad source is refused with
    /// its path.
    @Test func theImageOpRoundTripsThroughJSON() throws {
        let list = DisplayList(
            component: .curtain, size: Size(width: 10, height: 10),
            ops: [.image(.init(id: "a", source: "x/y.png", rect: Rect(x: 1, y: 2, width: 3, height: 4), interpolation: .high))])
        let json = try list.canonicalJSONString()
        #expect(json.contains(#"{"op":"image","id":"a","source":"x/y.png","rect":[1,2,3,4],"interpolation":"high"}"#))
        #expect(try DisplayList(json: json) == list)
        // The same op from a scene's image node, through a session's encoder, twice (the
        // second copied from the first).
        let scene = Scene(
            component: .curtain, size: Size(width: 10, height: 10), background: .white,
            root: .image("a", source: "x/y.png", rect: Rect(x: 1, y: 2, width: 3, height: 4), interpolation: .high))
        #expect(scene.displayList().ops == list.ops)
        var encoder = DisplayListEncoder()
        #expect(try encoder.encode(scene) == scene.displayList().canonicalJSON())
        #expect(try encoder.encode(scene) == scene.displayList().canonicalJSON())
        let bad = json.replacingOccurrences(of: "x/y.png", with: "/etc/passwd")
        #expect(throws: JSONError.self) { _ = try DisplayList(json: bad) }
    }

    /// PNG headers are checked without decoding: the signature, IHDR first, a size that is
    /// neither empty nor over 4096 a side.
    @Test func headersAreCheckedWithoutDecoding() throws {
        func png(width: UInt32, height: UInt32) -> [UInt8] {
            var bytes = Array(Self.onePixel)
            withUnsafeBytes(of: width.bigEndian) { bytes.replaceSubrange(16..<20, with: $0) }
            withUnsafeBytes(of: height.bigEndian) { bytes.replaceSubrange(20..<24, with: $0) }
            return bytes
        }
        #expect(try ImageAsset(source: "a.png", png: png(width: 4096, height: 3)).pixelSize == Size(width: 4096, height: 3))
        #expect(throws: ImageError.tooLarge("'a.png' is 4097×1 pixels; at most 4096 on a side")) {
            _ = try ImageAsset(source: "a.png", png: png(width: 4097, height: 1))
        }
        #expect(throws: ImageError.malformed("'a.png' has no pixels")) {
            _ = try ImageAsset(source: "a.png", png: png(width: 0, height: 1))
        }
        #expect(throws: ImageError.malformed("'a.png' is not a PNG")) {
            _ = try ImageAsset(source: "a.png", png: Array("GIF89a, not a PNG at all, long enough".utf8))
        }
        var noHeader = Self.onePixel
        noHeader[12] = UInt8(ascii: "i")
        #expect(throws: ImageError.malformed("'a.png' is a damaged PNG (no IHDR chunk first)")) {
            _ = try ImageAsset(source: "a.png", png: noHeader)
        }
    }

    /// Two 4096 × 4096 pictures are more than one component may hold decoded (their headers
    /// say so; nothing is decoded to find out).
    @Test func aComponentsPicturesAreBoundedTogether() throws {
        var big = Self.onePixel
        big.replaceSubrange(16..<24, with: [0, 0, 0x10, 0, 0, 0, 0x10, 0])
        let first = ImageSource.dataURI(png: big), second = ImageSource.dataURI(png: big + [0])
        let text = Self.file(#""source": "\#(first)", "frame": "rect(0, 0, 1, 1)""#)
            .replacingOccurrences(
                of: #"} ] },"#,
                with: #"}, { "type": "image", "id": "two", "source": "\#(second)", "frame": "rect(0, 0, 1, 1)" } ] },"#)
        let error = try #require(throws: DefinitionError.self) {
            _ = try ComponentDefinition(json: Array(text.utf8), file: "picture.json")
        }
        #expect(error.kind == .badReference)
        #expect(error.message.hasSuffix("the component's pictures have 33554432 pixels together; at most 16777216"))
    }

    /// Names that could leave the folder, hide, or are not PNGs are refused before any
    /// file is touched.
    @Test func fileNamesStayInTheirFolder() {
        for good in ["a.png", "images/nearby-map.png", "A_b-c.d.png", "x/y/z.png"] {
            #expect(ImageSource.isFileName(good), "\(good)")
        }
        for bad in [
            "", ".png", "../a.png", "a/../b.png", "/etc/a.png", "a//b.png", "a/.b.png", "a.PNG", "a.png/", "a b.png", "a\\b.png",
            "ä.png", String(repeating: "a", count: 126) + ".png",
        ] {
            #expect(!ImageSource.isFileName(bad), "\(bad)")
        }
    }
}
