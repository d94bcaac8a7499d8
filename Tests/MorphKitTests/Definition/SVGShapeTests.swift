import MorphKit
import Testing

/// A shape's path as SVG path data (`{"svg": …}`): drawn as written, or its `viewBox` fitted
/// into a rect as SVG's default `xMidYMid meet` fits it; mistakes are load errors at the
/// string's line and column.
@Suite struct SVGShapeTests {
    static func file(path: String, extra: String = "") -> String {
        let shape = #"{ "type": "shape", "id": "s", "path": \#(path), "fill": "white(0)" }"#
        return CurtainFormatTests.file(top: extra, scene: #"{ "type": "group", "id": "root", "children": [ \#(shape) ] }"#)
    }

    func shapePath(_ text: String) throws -> Path {
        let session = try ComponentSession(definition: try ComponentDefinition(json: Array(text.utf8), file: "c.json"))
        guard case .shape(let shape)? = session.scene().node(withID: "s")?.content else {
            Issue.record("no shape s")
            return Path()
        }
        return shape.path
    }

    @Test func pathDataIsDrawnAsWritten() throws {
        let path = try shapePath(Self.file(path: #"{ "svg": "M10 10 h20 v20 h-20 Z" }"#))
        #expect(path == (try Path(svgPathData: "M10 10 L30 10 L30 30 L10 30 Z")))
    }

    /// A 24 × 24 icon box into a 100 × 50 rect: scale 50/24, centred horizontally.
    @Test func aViewBoxIsFittedIntoItsRectUniformlyAndCentred() throws {
        let path = try shapePath(
            Self.file(path: #"{ "svg": "M0 0 L24 0 L24 24 L0 24 Z", "viewBox": [0, 0, 24, 24], "in": "rect(0, 10, 100, 50)" }"#))
        let scale = 50.0 / 24
        #expect(path.elements.first == .move(to: Point(x: 25, y: 10)))
        #expect(path.elements[2] == .line(to: Point(x: 25 + 24 * scale, y: 10 + 24 * scale)))
        // A box that does not start at the origin moves with it.
        let shifted = try shapePath(
            Self.file(path: #"{ "svg": "M12 12 L24 12", "viewBox": [12, 12, 12, 12], "in": "rect(0, 0, 10, 10)" }"#))
        #expect(shifted.elements == [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0))])
    }

    @Test func theFileWritesItsPathDataBack() throws {
        let text = Self.file(path: #"{ "svg": "M0 0 A5 5 0 0 1 10 0", "viewBox": [0, -5, 10, 5], "in": "rect(0, 0, 20, 10)" }"#)
        let definition = try ComponentDefinition(json: Array(text.utf8), file: "c.json")
        let again = try ComponentDefinition(json: definition.componentFile.compactBytes, file: "again.json")
        let first = try ComponentSession(definition: definition).scene()
        let second = try ComponentSession(definition: again).scene()
        #expect(first == second)
    }

    @Test(arguments: [
        (#"{ "svg": 5 }"#, "svg is SVG path data (a string such as \"M0 0 L10 0 Z\"), found a number"),
        (#"{ "svg": "M0 0 Q1" }"#, "path.svg: a command is missing numbers at the end at character 8"),
        (#"{ "svg": "M0 0", "viewBox": [0, 0, 24, 24] }"#, "viewBox and in come together"),
        (#"{ "svg": "M0 0", "viewBox": [0, 0, 0, 24], "in": "rect(0, 0, 1, 1)" }"#, "viewBox is [x, y, width, height]"),
    ])
    func mistakesAreLoadErrors(path: String, message: String) throws {
        let error = try #require(CurtainFormatTests.load(Self.file(path: path)))
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.line == 2)
    }
}
