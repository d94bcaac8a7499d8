import Foundation
import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// What the curtain added to the component format, against values worked out by hand, and
/// the messages for each new kind of mistake.
@Suite struct CurtainFormatTests {
    static func value(_ source: String, scheme: ColorScheme = .light, size: DynamicTypeSize = .large) throws -> ExpressionValue {
        var compiler = ExpressionCompiler(scope: ExpressionScope())
        let reference = try compiler.compile(source)
        return compiler.program.evaluate(reference, ExpressionInputs(slots: [], colorScheme: scheme, dynamicTypeSize: size))
    }

    @Test(arguments: [
        ("'Folds (' + text(4) + ')'", "Folds (4)"), ("text(0.5)", "0.5"), ("text(-3)", "-3"),
        ("timerText(0)", "0:00"), ("timerText(59.99)", "0:59"), ("timerText(61)", "1:01"), ("timerText(600)", "10:00"),
        ("timerText(3725.5)", "1:02:05"), ("timerText(-4)", "0:00"),
        ("markdownText('a `List` and ``x`y`` here')", "a List and x`y here"), ("markdownText('no `close')", "no `close"),
    ])
    func textFunctions(_ source: String, _ expected: String) throws {
        #expect(try Self.value(source) == .text(expected), "\(source)")
    }

    /// A fixed scheme ignores the frame's: `.environment(\.colorScheme, .dark)` on a layer.
    @Test func systemColoursInAFixedScheme() throws {
        let dark = SystemColor.label.color(in: .dark)
        #expect(try Self.value("system('label', 'dark')", scheme: .light) == .color(dark))
        #expect(try Self.value("system('label', 'dark')", scheme: .dark) == .color(dark))
        #expect(try Self.value("system('label')", scheme: .light) == .color(SystemColor.label.color(in: .light)))
        #expect(dark != SystemColor.label.color(in: .light))
    }

    /// `.loose` adds 2 points per line after the first; code spans are wider (monospaced);
    /// one line's first baseline is the font's ascender; the hand symbol's baseline is 0.88
    /// of its point size.
    @Test func styledMeasurement() throws {
        let text = "Views backed by UIKit will not display correctly on the top layer, this includes List."
        let standard = try Self.value("measure('\(text)', 'body', '', 200)").point
        let loose = try Self.value("measure('\(text)', 'body', '', 200, 'loose')").point
        let lines = TextLayout(text, style: .body, maxWidth: 200).lines.count
        #expect(lines > 2)
        #expect(loose.y == standard.y + 2 * Double(lines - 1))
        let plain = try Self.value("measure('use List', 'body', '')").point
        let code = try Self.value("measureMarkdown('use `List`', 'body', '')").point
        #expect(code.x > plain.x && code.y == plain.y)
        let tracked = try Self.value("measure('ABCD', 'caption', 'medium', 300, 'standard', 0.5)").point
        let untracked = try Self.value("measure('ABCD', 'caption', 'medium', 300)").point
        #expect(abs(tracked.x - (untracked.x + 4 * 0.5)) < 1e-9)
        let ascender = Font.style(.body, at: .large, weight: .semibold).ascender
        #expect(try Self.value("firstBaseline('Try', 'body', 'semibold', 300, 'loose')") == .number(ascender))
        #expect(try Self.value("symbolBaseline('hand.point.up.left', 10)") == .number(0.88 * 10))
        #expect(try Self.value("symbolBaseline('no.such.symbol', 10)") == .number(0))
        #expect(
            try Self.value("markdownLines('a `b` c', 'body', '')") == .text("a b c"))
    }

    static func load(_ text: String) -> DefinitionError? {
        do {
            _ = try ComponentDefinition(json: Array(text.utf8), file: "c.json")
            return nil
        } catch {
            return error
        }
    }

    static func file(
        variables: String = #"{ "p": { "type": "point", "initial": [1, 2] } }"#, top: String = "",
        scene: String = #"{ "type": "group", "id": "root", "transform": "translate(p)" }"#, transitions: String = ""
    ) -> String {
        """
        { "format": "morph.component", "version": 1, "name": "c", "viewport": [100, 100], \(top)
          "variables": \(variables), "background": "white(1)", "scene": \(scene),
          "machine": { "states": ["idle"], "transitions": [\(transitions)] } }
        """
    }

    @Test(arguments: [
        ("let.x", "system('label', 'dim')", "the scheme of system is 'light' or 'dark'"),
        (
            "let.x", "measure('a', 'body', '', 10, 'wide')",
            "measure(text, 'style', 'weight'[, maxWidth[, 'leading'[, tracking[, maxHeight]]]]): the leading is"
        ),
        (
            "let.x", "measure('a', 'body', '', 10, 'loose', p.x)",
            "measure(text, 'style', 'weight'[, maxWidth[, 'leading'[, tracking[, maxHeight]]]]): the tracking is a constant number"
        ),
        (
            "let.x", "firstBaseline('a', 'body', '', 1, 'loose', 0, 3, 4)",
            "firstBaseline(text, 'style', 'weight'[, maxWidth[, 'leading'[, tracking[, maxHeight]]]]) takes 3 to 7 arguments, found 8"
        ),
        ("let.x", "'a' + 1", "'+' does not apply to a text and a number"),
    ])
    func expressionMistakes(_ path: String, _ source: String, _ message: String) throws {
        let error = try #require(Self.load(Self.file(top: #""let": { "x": "\#(source)" },"#)))
        #expect(error.message.hasPrefix("\(path): \(message)"), "\(error.message)")
    }

    @Test func fileMistakes() throws {
        func message(_ text: String) throws -> String { try #require(Self.load(text)).message }
        #expect(
            try message(Self.file(variables: #"{ "p": { "type": "vector" } }"#))
                == "variables.p: a variable's type is number or point, found 'vector'")
        #expect(
            try message(Self.file(transitions: #"{ "from": "*", "on": "set", "effects": [{ "jump": "p", "to": "1" }] }"#))
                == "machine.transitions[0].effects[0].to: expected a point, found a number")
        #expect(
            try message(Self.file(transitions: #"{ "from": "*", "on": { "dragStart": "root", "minimumDistance": -1 } }"#))
                == "machine.transitions[0].on.minimumDistance: minimumDistance must be at least 0")
        #expect(try message(Self.file(top: #""ticksPerSecond": 0,"#)) == "ticksPerSecond: ticksPerSecond must be in (0, 1000]")
        #expect(
            try message(Self.file(variables: #"{ "p": { "type": "point" } }"#, top: #""scrub": "p","#))
                == "scrub: the scrub variable must be a number")
        let effect =
            #"{ "type": "effect", "id": "root", "kernel": "blur", "bounds": "rect(0, 0, 1, 1)", "drag": "p", "folds": 2 }"#
        #expect(try message(Self.file(scene: effect)).hasPrefix("scene.kernel: "))
        let stroke =
            #"{ "type": "stroke", "id": "root", "name": "x", "path": { "polyline": ["p"] }, "color": "white(0)", "width": 1, "cap": "flat" }"#
        #expect(try message(Self.file(scene: stroke)) == "scene.cap: 'flat' is not one of butt, round, square")
        let empty =
            #"{ "type": "stroke", "id": "root", "name": "x", "path": { "polyline": [] }, "color": "white(0)", "width": 1 }"#
        #expect(try message(Self.file(scene: empty)) == "scene.path: a polyline has at least one point")
        let parent =
            #"{ "type": "stroke", "id": "root", "name": "x", "path": { "polyline": ["p"] }, "color": "white(0)", "width": 1, "children": [] }"#
        #expect(try message(Self.file(scene: parent)) == "scene.children: only groups and effects have children")
        #expect(
            try message(Self.file(transitions: #"{ "from": "*", "on": "set", "effects": [{ "configure": "size", "to": 1 }] }"#))
                == "machine.transitions[0].effects[0].configure: no number, integer or boolean field 'size' (fields: )")
        #expect(
            try message(Self.file(transitions: #"{ "from": "*", "on": { "press": "plus", "region": "p" } }"#))
                == "machine.transitions[0].on.region: expected a rect, found a point")
    }

    /// A point variable springs as one `Animator<Point>` (one completion test over both
    /// coordinates), read as a point and through `.x`, `.target`, `.velocity`.
    @Test func pointVariablesSpringTogether() throws {
        let transitions =
            #"{ "from": "*", "on": "set", "effects": [{ "animate": "p", "to": "point(100, 0.5)", "with": "spring(0.4, 0.8)" }] }"#
        let text = Self.file(
            top: #""configuration": { "n": { "type": "number", "default": 0 } },"#, transitions: transitions)
        let definition = try ComponentDefinition(json: Array(text.utf8), file: "c.json")
        var session = try ComponentSession(definition: definition)
        #expect(session.scene().root.content == .group(.init(transform: .translation(x: 1, y: 2))))
        try session.handle(InputEvent(time: 0, kind: .set(key: "n", value: .number(1))))
        var animator = Animator(value: Point(x: 1, y: 2))
        animator.animate(to: Point(x: 100, y: 0.5), with: .spring(response: 0.4, dampingFraction: 0.8), at: 0)
        for time in stride(from: 0.05, through: 3, by: 0.05) {
            session.advance(to: time)
            animator.advance(to: time)
            #expect(
                session.scene().root.content == .group(.init(transform: .translation(x: animator.value.x, y: animator.value.y))),
                "t = \(time)")
        }
        #expect(!animator.isAnimating)
    }

    /// `ticksPerSecond`: a still file component's picture changes by itself at each tick.
    @Test func ticksScheduleChanges() throws {
        let definition = try ComponentDefinition(json: Array(Self.file(top: #""ticksPerSecond": 8,"#).utf8), file: "c.json")
        let session = try ComponentSession(definition: definition)
        #expect(session.nextScheduledChange(after: 0.1) == 0.125)
        #expect(session.nextScheduledChange(after: 0.125) == 0.25)
        let still = try ComponentSession(definition: try ComponentDefinition(json: Array(Self.file().utf8), file: "c.json"))
        #expect(still.nextScheduledChange(after: 0.1) == nil)
    }
}
