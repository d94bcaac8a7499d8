import Foundation
import MorphJSON
import Testing

@testable import MorphKit

/// A text's font size and weight may be expressions: read each frame (a size that springs
/// with the machine), or once per configuration (a size a field sets).
@Suite struct FontExpressionTests {
    /// A label whose size springs from 12 to 24 pt and turns bold past halfway; `config.size`
    /// and `config.weight` set a second label's font.
    static func file(size: String = #""12 + 12 * grown""#, weight: String = #""grown > 0.5 ? 'bold' : 'regular'""#)
        -> String
    {
        """
        {"format":"morph.component","version":1,"name":"label","viewport":[390,844],
         "configuration":{"size":{"type":"number","default":15,"minimum":1,"maximum":80},
                          "weight":{"type":"text","default":"medium","enum":["regular","medium","semibold","bold"]}},
         "variables":{"grown":{"initial":0}},
         "background":"white(1)",
         "scene":{"type":"group","id":"root","bounds":"rect(0, 0, 390, 844)","children":[
           {"type":"text","id":"label","text":"'Grows'","font":{"size":\(size),"weight":\(weight)},
            "position":"point(20, 40)","color":"rgba(0, 0, 0, 1)"},
           {"type":"text","id":"configured","text":"'Set'","font":{"size":"config.size","weight":"config.weight"},
            "position":"point(20, 200)","color":"rgba(0, 0, 0, 1)"}]},
         "machine":{"states":["small","large"],
                    "transitions":[{"from":"small","on":{"tap":"root"},"to":"large",
                                    "effects":[{"animate":"grown","to":1,"with":"spring(0.5, 1)"}]}]}}
        """
    }

    static func font(_ id: String, in session: ComponentSession) throws -> DisplayList.Font {
        let fonts = session.displayList().ops.compactMap { op -> DisplayList.Font? in
            if case .text(let text) = op, text.id == id { return text.font }
            return nil
        }
        return try #require(fonts.first, "no text \(id)")
    }

    @Test func aSizeAndWeightReadEachFrameFollowTheSpring() throws {
        var session = try ComponentSession(definition: ComponentDefinition(json: Array(Self.file().utf8)))
        #expect(try Self.font("label", in: session).size == 12)
        #expect(try Self.font("label", in: session).weight == 400)
        try session.handle(InputEvent(time: 0, kind: .tap(Point(x: 200, y: 400))))
        var sizes: [Double] = []
        for frame in 1...90 {
            session.advance(to: Double(frame) / 60)
            let font = try Self.font("label", in: session)
            sizes.append(font.size)
            // The weight follows the same spring: bold once the size is past 18 pt.
            #expect(font.weight == (font.size > 18 ? 700 : 400), "frame \(frame): \(font)")
        }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "a critically damped spring only grows")
        #expect(sizes.first! > 12 && sizes.first! < 13 && sizes.last! > 23.9 && sizes.last! <= 24)
        // The label's box is laid out in the size it is drawn in.
        let label = try #require(session.scene().node(withID: "label"))
        #expect(label.frame.height > 24 && label.frame.height < 32, "\(label.frame)")
    }

    @Test func aSizeAndWeightFromTheConfigurationAreLaidOutOnce() throws {
        let definition = try ComponentDefinition(json: Array(Self.file().utf8))
        let session = try ComponentSession(
            definition: definition, configuration: .object([.init("size", .number(40)), .init("weight", .string("bold"))]))
        let font = try Self.font("configured", in: session)
        #expect(font.size == 40 && font.weight == 700)
        // The written-back file keeps the expressions.
        let again = try ComponentDefinition(json: definition.componentFile.compactBytes, file: "again.json")
        let reloaded = try ComponentSession(
            definition: again, configuration: .object([.init("size", .number(40)), .init("weight", .string("bold"))]))
        #expect(reloaded.displayList() == session.displayList())
    }

    @Test(arguments: [
        ("0", "a font size is 0.01…4096.0 points, not 0.0"),
        ("-3", "a font size is 0.01…4096.0 points, not -3.0"),
        ("true", "a font size is a number or an expression"),
    ])
    func aConstantSizeOutsideTheRangeIsALoadError(size: String, message: String) throws {
        #expect {
            _ = try ComponentDefinition(json: Array(Self.file(size: size).utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// A lone word that is no weight is taken for a misspelt weight, not an unknown name.
    @Test func aMisspeltWeightIsRefusedWithTheWeights() throws {
        #expect {
            _ = try ComponentDefinition(json: Array(Self.file(weight: #""semibod""#).utf8))
        } throws: { error in
            "\(error)".contains("'semibod' is not one of regular, medium, semibold, bold")
        }
    }

    /// A size an expression computes is clamped: a label at 0 pt or NaN is drawn at 0.01 pt.
    @Test func aComputedSizeIsClamped() throws {
        let session = try ComponentSession(
            definition: ComponentDefinition(json: Array(Self.file(size: #""grown - 1""#).utf8)))
        #expect(try Self.font("label", in: session).size == 0.01)
        let huge = try ComponentSession(
            definition: ComponentDefinition(json: Array(Self.file(size: #""1e9 + grown""#).utf8)))
        #expect(try Self.font("label", in: huge).size == 4096)
    }
}
