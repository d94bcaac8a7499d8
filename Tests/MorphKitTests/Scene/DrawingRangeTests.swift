import Foundation
import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// Values that size a renderer's buffers or go straight into pixels are kept in range where the
/// display list is built (clamped) and where one is decoded (refused with the path).
@Suite struct DrawingRangeTests {
    /// A component whose shadow radius reads a number field with no maximum, and whose fill,
    /// gradient, text and shadow colours are out of 0...1.
    static let component = """
        { "format": "morph.component", "version": 1, "name": "blurry", "viewport": [200, 100],
          "configuration": { "blur": { "type": "number", "default": 10 } }, "variables": {},
          "background": "white(1)",
          "scene": { "type": "group", "id": "root", "children": [
            { "type": "group", "id": "card",
              "shadow": { "color": "rgba(0, 0, 0, 3)", "radius": "config.blur", "offset": "point(0, 2)" },
              "children": [
                { "type": "shape", "id": "fill", "path": { "rect": "rect(0, 0, 50, 50)" }, "fill": "rgb(2, -1, 0.5)" },
                { "type": "shape", "id": "ramp", "path": { "rect": "rect(0, 50, 50, 50)" },
                  "fill": { "linear": { "from": "point(0, 0)", "to": "point(50, 0)",
                    "colors": ["rgb(0.25, 0.5, 0.75)", "rgb(2, -1, 0.5)"] } } },
                { "type": "text", "id": "label", "text": "'Hi'", "font": { "size": 12 },
                  "position": "point(60, 10)", "color": "rgb(-3, 0.5, 9)" } ] } ] },
          "machine": { "states": ["idle"], "transitions": [] } }
        """

    static func list(blur: Double) throws -> DisplayList {
        let definition = try ComponentDefinition(json: Array(component.utf8), file: "blurry.json")
        var session = try ComponentSession(definition: definition)
        try session.handle(InputEvent(time: 0, kind: .set(key: "blur", value: .number(blur))))
        return session.displayList()
    }

    static func shadow(of list: DisplayList) -> Shadow? {
        for case .push(let group) in list.ops where group.id == "card" { return group.shadow }
        return nil
    }

    /// `set blur=1000000` (the most a `set` takes) and 2000 draw at `Shadow.maxRadius`, and the
    /// list still decodes.
    @Test(arguments: [1e6, 2000])
    func aHugeShadowRadiusIsClampedWhereTheListIsBuilt(blur: Double) throws {
        let list = try Self.list(blur: blur)
        #expect(Self.shadow(of: list)?.radius == Shadow.maxRadius)
        #expect(try DisplayList(json: try list.canonicalJSON()) == list)
    }

    @Test func radiiWithinTheRangeAreKept() throws {
        #expect(Self.shadow(of: try Self.list(blur: 34))?.radius == 34)
        #expect(Self.shadow(of: try Self.list(blur: -5))?.radius == 0)
    }

    /// `rgb(2, -1, 0.5)` draws as (1, 0, 0.5) in fills, gradient stops, text and shadows; an
    /// in-range stop is kept as it is.
    @Test func coloursOutsideTheUnitRangeAreClamped() throws {
        let list = try Self.list(blur: 10)
        var seen: Set<String> = []
        for op in list.ops {
            switch op {
            case .fill(let fill) where fill.id == "fill":
                #expect(fill.paint == .solid(RGBAColor(red: 1, green: 0, blue: 0.5)))
                seen.insert(fill.id)
            case .fill(let fill) where fill.id == "ramp":
                guard case .linear(_, _, let stops) = fill.paint else { Issue.record("not a gradient"); continue }
                #expect(
                    stops.map(\.color) == [RGBAColor(red: 0.25, green: 0.5, blue: 0.75), RGBAColor(red: 1, green: 0, blue: 0.5)])
                seen.insert(fill.id)
            case .text(let text):
                #expect(text.color == RGBAColor(red: 0, green: 0.5, blue: 1))
                seen.insert(text.id)
            default: continue
            }
        }
        #expect(seen == ["fill", "ramp", "label"])
        #expect(Self.shadow(of: list)?.color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))
        // The decoder takes only 0...1: the clamped list is one it accepts.
        #expect(try DisplayList(json: try list.canonicalJSON()) == list)
    }

    /// NaN (which expressions never make, but a scene built in code can) becomes 0.
    @Test func notANumberBecomesZero() {
        let scene = Scene(
            component: .curtain, size: Size(width: 10, height: 10), background: .white,
            root: .group(
                "g", shadow: Shadow(color: RGBAColor(red: .nan, green: 1, blue: 1), radius: .nan),
                children: [.shape("s", path: Path(), paint: .solid(RGBAColor(red: .nan, green: .infinity, blue: -.infinity)))]))
        let list = scene.displayList()
        guard case .push(let group) = list.ops.first, case .fill(let fill) = list.ops[1] else {
            Issue.record("unexpected ops \(list.ops)"); return
        }
        #expect(group.shadow == Shadow(color: RGBAColor(red: 0, green: 1, blue: 1), radius: 0))
        #expect(fill.paint == .solid(RGBAColor(red: 0, green: 1, blue: 0)))
    }

    /// A decoded list with a radius past the maximum is refused, naming where.
    @Test(arguments: ["1e5", "1e300", "64.5"])
    func aDecodedRadiusOverTheMaximumIsRefused(radius: String) throws {
        let text =
            #"{"format":"morph.display-list","version":1,"component":"curtain","size":[10,20],"time":0,"background":[0,0,0,1],"ops":[{"op":"push","id":"g","shadow":{"color":[0,0,0,1],"radius":\#(radius)}},{"op":"pop"}]}"#
        let error = try #require(throws: JSONError.self) { _ = try DisplayList(json: text) }
        guard case .malformed(let path, let reason, _) = error else { Issue.record("\(error)"); return }
        #expect(path == "ops[0].shadow.radius")
        #expect(reason.contains("over the maximum of 64.0 points"), "\(reason)")
        let accepted = text.replacingOccurrences(of: #""radius":\#(radius)"#, with: #""radius":64"#)
        #expect(try DisplayList(json: accepted).ops.count == 2)
    }
}
