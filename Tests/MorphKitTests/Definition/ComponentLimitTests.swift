import Foundation
import Testing

@testable import MorphCore
@testable import MorphKit

/// Hostile component files, generated here: each is refused at load time with a `limit`
/// error at the line and column where it went over (`ComponentLimits`), or clamped, instead
/// of exhausting the stack, the memory or the time of whoever loads it.
@Suite struct ComponentLimitTests {
    /// The error for the `let` expression `source` (line 6, starting in column 18).
    static func letError(_ source: String) throws -> DefinitionError {
        try #require(DefinitionErrorTests.expressionError(source))
    }

    /// A component whose `let` bindings are `lets`, in order, one per line from line 6.
    static func file(lets: [(String, String)], scene: String = #"{ "type": "group", "id": "root" }"#) -> String {
        let bindings = lets.map { #"    "\#($0.0)": "\#($0.1)""# }.joined(separator: ",\n")
        return """
            {
              "format": "morph.component", "version": 1, "name": "morph-container",
              "viewport": [400, 440],
              "variables": {},
              "let": {
            \(bindings)
              },
              "background": "white(1)",
              "scene": \(scene),
              "machine": { "states": ["idle"], "transitions": [] }
            }
            """
    }

    static let nestingMessage =
        "let.x: nested deeper than \(ComponentLimits.expressionNesting) levels (parentheses, calls, '?:' and unary '-' '!')"

    /// The nested sources of finding 1 and the column offset each stops at (typed, so the
    /// list type-checks quickly).
    static let deeplyNested: [(String, Int)] = [
        (String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000), 64),
        (String(repeating: "-", count: 100_000) + "progress", 63),
        (String(repeating: "!", count: 100_000) + "progress", 63),
        (String(repeating: "progress ? ", count: 50_000) + "1" + String(repeating: " : 2", count: 50_000), 64 * 11),
        (String(repeating: "abs(", count: 50_000) + "progress" + String(repeating: ")", count: 50_000), 63 * 4 + 4),
    ]

    /// Finding 1: 5 000 nested parentheses, 100 000 unary operators, 50 000 nested `?:` and
    /// 50 000 nested calls each stop at the first token past the nesting limit (the parser
    /// recursed once per level and ran out of stack).
    @Test(arguments: deeplyNested)
    func deepNestingIsALoadError(source: String, offset: Int) throws {
        let error = try Self.letError(source)
        #expect(error.kind == .limit)
        #expect(error.message == Self.nestingMessage)
        #expect((error.line, error.column) == (6, 18 + offset))
    }

    /// Just under the limits loads, and evaluates (the tree's depth is the stack a frame uses).
    @Test func nestingAndDepthAtTheLimitsLoad() throws {
        let nested =
            String(repeating: "(", count: ComponentLimits.expressionNesting - 1) + "progress"
            + String(repeating: ")", count: ComponentLimits.expressionNesting - 1)
        let sum = Array(repeating: "progress", count: ComponentLimits.expressionDepth).joined(separator: "+")
        for source in [nested, sum] {
            let text = DefinitionErrorTests.file(expression: source)
            let definition = try ComponentDefinition(json: Array(text.utf8), file: "card.json")
            var session = try ComponentSession(definition: definition)
            #expect(!session.encodedDisplayList(at: 0.5).isEmpty)
        }
    }

    /// Finding 2: `time+time+…` parses in a loop but builds a tree as deep as it is long,
    /// which evaluation recursed down: the operator that makes it one level too deep is the
    /// error.
    @Test func aLongChainIsALoadErrorAtTheOperatorPastTheDepth() throws {
        let source = Array(repeating: "time", count: 30_000).joined(separator: "+")
        let error = try Self.letError(source)
        #expect(error.kind == .limit)
        #expect(
            error.message
                == "let.x: more than \(ComponentLimits.expressionDepth) operations deep (split it into let bindings)")
        // The 256th '+' makes a tree 257 deep.
        #expect((error.line, error.column) == (6, 18 + ComponentLimits.expressionDepth * 5 - 1))
    }

    /// Finding 3: 40 `let`s each joining the one before to itself would fold a 35 TB text at
    /// load time; the first join past the text limit is the error.
    @Test func aDoublingTextIsALoadErrorAtTheFirstJoinOverTheLimit() throws {
        var lets = [("a0", "'ab'")]
        for i in 1...40 { lets.append(("a\(i)", "a\(i - 1) + a\(i - 1)")) }
        let error = try #require(DefinitionErrorTests.error(Self.file(lets: lets)))
        #expect(error.kind == .limit)
        // a15 is 2^16 bytes, the limit; a16 would be twice that.
        #expect(error.message == "let.a16: the joined text is longer than \(ComponentLimits.textBytes) bytes")
        #expect((error.line, error.column) == (6 + 16, 17))
    }

    /// A quoted text over the limit is refused where it starts.
    @Test func aLongQuotedTextIsALoadError() throws {
        let error = try Self.letError("'" + String(repeating: "a", count: ComponentLimits.textBytes + 1) + "'")
        #expect(error.kind == .limit)
        #expect(error.message == "let.x: a text longer than \(ComponentLimits.textBytes) bytes")
        #expect((error.line, error.column) == (6, 18))
    }

    /// At run time a join keeps the first `textBytes` bytes, cut where a character starts.
    @Test func aJoinAtRunTimeIsTruncatedAtACharacterBoundary() throws {
        var scope = ExpressionScope()
        scope.declare("t", .text)
        var compiler = ExpressionCompiler(scope: scope)
        let reference = try compiler.compile("t + t + t")
        // '€' is 3 bytes: 65 536 bytes end inside one, so 21 845 whole ones are kept.
        let euros = String(repeating: "€", count: 30_000)
        let joined = compiler.program.evaluate(reference, ExpressionInputs(slots: [.text(euros)])).text
        #expect(joined.utf8.count == ComponentLimits.textBytes - 1)
        #expect(joined == String(repeating: "€", count: ComponentLimits.textBytes / 3))
        let short = compiler.program.evaluate(reference, ExpressionInputs(slots: [.text("ab")])).text
        #expect(short == "ababab")
    }

    /// Finding 10: 50 000 chained `let`s (1.3 MB) are over the file size limit, refused at the
    /// line and column of its first byte past it, before anything is parsed.
    @Test func aFileOverTheSizeLimitIsALoadErrorWhereItGoesOver() throws {
        var lets = [("a0", "time")]
        for i in 1..<50_000 { lets.append(("a\(i)", "a\(i - 1) + time")) }
        let text = Self.file(lets: lets)
        let bytes = Array(text.utf8)
        #expect(bytes.count > ComponentLimits.fileBytes)
        let error = try #require(DefinitionErrorTests.error(text))
        #expect(error.kind == .limit)
        #expect(error.message == "the file is larger than \(ComponentLimits.fileBytes) bytes")
        let before = bytes.prefix(ComponentLimits.fileBytes)
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1)
        #expect((error.line, error.column) == (line, column))
    }

    /// A long chain of `let`s within the size limit loads (in time linear in its length: each
    /// binding was looked up by name among all of them before) and evaluates to its sum.
    @Test func aLongChainOfLetsWithinTheLimitsLoads() throws {
        var lets = [("a0", "time")]
        for i in 1..<20_000 { lets.append(("a\(i)", "a\(i - 1) + time")) }
        let text = Self.file(
            lets: lets,
            scene:
                #"{ "type": "text", "id": "t", "text": "text(a19999)", "font": { "size": 10 }, "position": "point(0, 0)", "color": "white(0)" }"#
        )
        let definition = try ComponentDefinition(json: Array(text.utf8), file: "card.json")
        var session = try ComponentSession(definition: definition)
        let list = String(decoding: session.encodedDisplayList(at: 0.5), as: UTF8.self)
        #expect(list.contains("\"10000\""), "20 000 × time at 0.5 s")
    }

    /// Keyable bindings that each read the one before, the first a stepped clock over a
    /// binding a frame evaluates: none can be kept by key, so every one is a frame binding.
    /// (Loading dropped one per pass over all of them: quadratic, minutes for a few thousand.)
    @Test func aChainOfKeyableBindingsIsSortedInOnePass() throws {
        var lets = [("f", "time"), ("b0", "floor(f)")]
        for i in 1..<3000 { lets.append(("b\(i)", "b\(i - 1) + 1")) }
        let scene =
            #"{ "type": "text", "id": "t", "text": "text(b2999)", "font": { "size": 10 }, "position": "point(0, 0)", "color": "white(0)" }"#
        let definition = try ComponentDefinition(json: Array(Self.file(lets: lets, scene: scene).utf8), file: "card.json")
        #expect(definition.keyedBindings.isEmpty)
        #expect(definition.frameBindings.count == 3001)
        var session = try ComponentSession(definition: definition)
        let list = String(decoding: session.encodedDisplayList(at: 2.5), as: UTF8.self)
        #expect(list.contains("\"3001\""), "floor(2.5) + 2 999")
    }

    /// The node count is bounded too: many expressions, each within the other limits.
    @Test func aFileOverTheNodeLimitIsALoadError() throws {
        let sum = Array(repeating: "time", count: 200).joined(separator: "+")
        let lets = (0..<300).map { ("s\($0)", sum) }
        let error = try #require(DefinitionErrorTests.error(Self.file(lets: lets)))
        #expect(error.kind == .limit)
        #expect(error.message.hasSuffix(": the file has more than \(ComponentLimits.expressionNodes) expression nodes"))
        // 399 nodes a binding (200 leaves, 199 sums): binding 250 goes over.
        #expect(error.message.hasPrefix("let.s250:"))
        #expect(error.line == 6 + 250)
    }

    /// Finding 15: `rect(1e308, 0, 1e308, 10)` is finite, but its right edge is not: the path
    /// is built from coordinates clamped to `pathCoordinate`, so the frame encodes.
    @Test func aRectNearTheLargestDoubleIsClampedWhereItsPathIsBuilt() throws {
        let scene = #"{ "type": "shape", "id": "huge", "path": { "rect": "rect(1e308, 0, 1e308, 10)" }, "fill": "white(0)" }"#
        let text = Self.file(lets: [("x", "1")], scene: scene)
        var session = try ComponentSession(definition: try ComponentDefinition(json: Array(text.utf8), file: "card.json"))
        let list = try session.displayList().canonicalJSONString()
        #expect(list.contains(#"["M",1000000000,0]"#), "the left edge, clamped")
        #expect(list.contains(#"["L",2000000000,0]"#), "the right edge: the clamped edge plus the clamped width")
        #expect(!session.encodedDisplayList(at: 1).isEmpty)
    }
}
