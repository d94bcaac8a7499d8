import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// A group's `level` (UIKit's `userInterfaceLevel`): inside an elevated group the system
/// background colours, written there or passed in as configuration colours, resolve to their
/// elevated values, lighter than the window in dark appearance, as a sheet's content does;
/// outside it, and in light appearance, nothing changes.
@Suite struct InterfaceLevelTests {
    static func source(sheetLevel: String = #", "level": "elevated""#, innerLevel: String = "") -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "levels", "viewport": [200, 200],
          "configuration": {
            "surface": { "type": "color", "default": "systemBackground" },
            "stripes": { "type": "colors", "default": ["secondarySystemBackground", [1, 0, 0, 1]] },
            "rows": { "type": "list", "maxItems": 2, "items": { "title": { "type": "text" }, "tint": { "type": "color" } },
                      "default": [{ "title": "A", "tint": "tertiarySystemBackground" }] }
          },
          "variables": {},
          "let": { "outside": "system('systemBackground')" },
          "background": "system('systemBackground')",
          "scene": {
            "type": "group", "id": "root",
            "children": [
              { "type": "shape", "id": "window", "path": { "rect": "rect(0, 0, 200, 200)" }, "fill": "config.surface" },
              { "type": "group", "id": "sheet"\(sheetLevel), "children": [
                { "type": "shape", "id": "surface", "path": { "rect": "rect(0, 50, 200, 150)" }, "fill": "config.surface" },
                { "type": "shape", "id": "row", "path": { "rect": "rect(10, 60, 180, 20)" },
                  "fill": "system('secondarySystemGroupedBackground')" },
                { "type": "shape", "id": "bound", "path": { "rect": "rect(10, 90, 180, 20)" }, "fill": "outside" },
                { "type": "shape", "id": "fixedDark", "path": { "rect": "rect(10, 110, 180, 5)" },
                  "fill": "system('systemBackground', 'dark')" },
                { "type": "shape", "id": "stripe", "path": { "rect": "rect(10, 120, 180, 20)" },
                  "fill": { "linear": { "from": "point(0, 0)", "to": "point(1, 0)", "colors": "config.stripes" } } },
                { "type": "repeat", "id": "tints", "list": "rows", "key": "title",
                  "node": { "type": "shape", "id": "tint", "path": { "rect": "rect(10, 150, 20, 20)" }, "fill": "item.tint" } },
                { "type": "group", "id": "inner"\(innerLevel), "children": [
                  { "type": "shape", "id": "innerSurface", "path": { "rect": "rect(100, 150, 20, 20)" },
                    "fill": "system('systemBackground')" }
                ] }
              ] }
            ]
          },
          "machine": { "states": ["idle"], "transitions": [] }
        }
        """
    }

    static func ops(_ source: String, _ scheme: ColorScheme) throws -> [DisplayList.Op] {
        let definition = try ComponentDefinition(json: Array(source.utf8), file: "levels.json")
        let session = try ComponentSession(definition: definition, environment: .init(colorScheme: scheme))
        return session.displayList().ops
    }

    static func fill(_ id: String, in ops: [DisplayList.Op]) -> Paint? {
        for op in ops { if case .fill(let fill) = op, fill.id == id { return fill.paint } }
        return nil
    }

    static func color(_ id: String, in ops: [DisplayList.Op]) -> RGBAColor? {
        if case .solid(let color)? = fill(id, in: ops) { return color }
        return nil
    }

    /// Apple's dark greys, as Flutter's `CupertinoColors` give UIKit's values.
    static func grey(_ value: Int) -> RGBAColor {
        RGBAColor(red: Double(value) / 255, green: Double(value) / 255, blue: Double(value + 2) / 255)
    }

    static func close(_ a: RGBAColor?, _ b: RGBAColor) -> Bool {
        guard let a else { return false }
        return abs(a.red - b.red) < 0.002 && abs(a.green - b.green) < 0.002 && abs(a.blue - b.blue) < 0.002
            && abs(a.alpha - b.alpha) < 0.002
    }

    /// The six backgrounds step up one grey in dark appearance at the elevated level (black →
    /// #1C1C1E → #2C2C2E → #3A3A3C) and keep their light values; every other colour is the
    /// same at both levels.
    @Test func onlyTheDarkBackgroundsDifferByLevel() {
        let elevated: [SystemColor: RGBAColor] = [
            .systemBackground: Self.grey(28), .secondarySystemBackground: Self.grey(44),
            .tertiarySystemBackground: Self.grey(58), .systemGroupedBackground: Self.grey(28),
            .secondarySystemGroupedBackground: Self.grey(44), .tertiarySystemGroupedBackground: Self.grey(58),
        ]
        let base: [SystemColor: RGBAColor] = [
            .systemBackground: .black, .secondarySystemBackground: Self.grey(28), .tertiarySystemBackground: Self.grey(44),
            .systemGroupedBackground: .black, .secondarySystemGroupedBackground: Self.grey(28),
            .tertiarySystemGroupedBackground: Self.grey(44),
        ]
        let light = RGBAColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255)
        let lightValues: [SystemColor: RGBAColor] = [
            .systemBackground: .white, .secondarySystemBackground: light, .tertiarySystemBackground: .white,
            .systemGroupedBackground: light, .secondarySystemGroupedBackground: .white, .tertiarySystemGroupedBackground: light,
        ]
        for color in SystemColor.allCases {
            #expect(color.color(in: .light, level: .elevated) == color.color(in: .light), "\(color)")
            if let expected = elevated[color] {
                #expect(Self.close(color.color(in: .dark, level: .elevated), expected), "\(color)")
                #expect(Self.close(color.color(in: .dark), base[color]!), "\(color)")
                #expect(Self.close(color.color(in: .light), lightValues[color]!), "\(color)")
            } else {
                #expect(color.color(in: .dark, level: .elevated) == color.color(in: .dark), "\(color)")
            }
        }
    }

    /// In dark appearance, what the elevated group draws in system backgrounds, directly or
    /// through a configuration colour, a colour list or a list item, is elevated; the window
    /// beside it stays black; a `let` binding, compiled outside any group, keeps the base value;
    /// a group inside that sets `level: "base"` is base again.
    @Test func anElevatedGroupResolvesItsBackgroundsElevated() throws {
        let dark = try Self.ops(Self.source(innerLevel: #", "level": "base""#), .dark)
        #expect(Self.color("window", in: dark) == .black)
        #expect(Self.close(Self.color("surface", in: dark), Self.grey(28)))
        #expect(Self.close(Self.color("row", in: dark), Self.grey(44)))
        #expect(Self.color("bound", in: dark) == .black)
        #expect(Self.close(Self.color("tints.A.tint", in: dark), Self.grey(58)))
        guard case .linear(_, _, let stops)? = Self.fill("stripe", in: dark) else {
            Issue.record("the stripe is a gradient")
            return
        }
        #expect(Self.close(stops.first?.color, Self.grey(44)))
        #expect(stops.last?.color == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(Self.color("innerSurface", in: dark) == .black)
        // Without a level the inner group takes its parent's.
        let inherited = try Self.ops(Self.source(), .dark)
        #expect(Self.close(Self.color("innerSurface", in: inherited), Self.grey(28)))
    }

    /// A colour in a fixed scheme (a layer under `.environment(\.colorScheme, .dark)`) keeps
    /// the level of where it is written: elevated dark in a light frame, base dark outside.
    @Test func aFixedSchemeColourTakesItsGroupsLevel() throws {
        #expect(Self.close(Self.color("fixedDark", in: try Self.ops(Self.source(), .light)), Self.grey(28)))
        #expect(Self.color("fixedDark", in: try Self.ops(Self.source(sheetLevel: ""), .light)) == .black)
    }

    /// Without `level` every colour is as before, and in light appearance the level changes
    /// no colour of the frame's scheme: the two files draw the same bytes.
    @Test func lightAppearanceAndBaseGroupsAreUnchanged() throws {
        let plain = try Self.ops(Self.source(sheetLevel: ""), .dark)
        #expect(Self.color("surface", in: plain) == .black)
        #expect(Self.close(Self.color("row", in: plain), Self.grey(28)))
        let explicitBase = try Self.ops(Self.source(sheetLevel: #", "level": "base""#), .dark)
        #expect(explicitBase == plain)
        // Light: equal bytes but for the one colour written in the dark scheme.
        func lightOps(_ source: String) throws -> [DisplayList.Op] {
            try Self.ops(source, .light).filter { if case .fill(let fill) = $0 { fill.id != "fixedDark" } else { true } }
        }
        #expect(try lightOps(Self.source()) == (try lightOps(Self.source(sheetLevel: ""))))
    }

    /// A level is `base` or `elevated`, on a group only; the file written back keeps it.
    @Test func theLevelIsCheckedAndWrittenBack() throws {
        #expect(throws: DefinitionError.self) {
            try ComponentDefinition(json: Array(Self.source(sheetLevel: #", "level": "raised""#).utf8))
        }
        let onShape = Self.source().replacingOccurrences(
            of: #""id": "window", "#, with: #""id": "window", "level": "elevated", "#)
        #expect(throws: DefinitionError.self) { try ComponentDefinition(json: Array(onShape.utf8)) }
        let definition = try ComponentDefinition(json: Array(Self.source().utf8))
        let written = definition.componentFile
        let again = try ComponentDefinition(json: written.compactBytes)
        #expect(again.componentFile == written)
        let session = try ComponentSession(definition: again, environment: .init(colorScheme: .dark))
        #expect(Self.close(Self.color("surface", in: session.displayList().ops), Self.grey(28)))
    }
}
