import Foundation
import MorphJSON
import MorphKit
import Testing

/// `Sources/MorphKit/BuiltIn/hero-card.json` against the Swift `HeroCard`: the same display list
/// bytes at every frame of sessions that press, retarget, scrub, set every kind of field and
/// change the environment, and the same scene at every progress in every environment.
@Suite struct HeroCardFileTests {
    static let card = Point(x: 195, y: 200)

    /// Every frame of `recording` through the Swift component and through the file.
    static func compareFrames(_ recording: Recording) throws -> (frames: Int, states: [String]) {
        try ComponentFileReplayTests.compareFrames(recording, try ComponentFileReplayTests.definition("hero-card"))
    }

    /// Presses held (the pressed dimming), a close mid-flight, a press during a scrub (which
    /// dims but does not toggle), Reduce Motion, Dynamic Type, dark mode, safe areas and
    /// viewport changes, and `set` of text, icon, colour list and row list fields.
    @Test func pressesScrubsSettingsAndEnvironmentMatch() throws {
        func down(_ t: Double, _ p: Point) -> InputEvent { InputEvent(time: t, kind: .pointerDown(pointer: 1, location: p)) }
        func up(_ t: Double, _ p: Point) -> InputEvent { InputEvent(time: t, kind: .pointerUp(pointer: 1, location: p)) }
        // The close button's centre: at 390 × 844, then 430 × 932, then there at xSmall.
        let close = Point(x: 336, y: 170)
        let wideClose = Point(x: 374, y: 172)
        let smallClose = Point(x: 376, y: 165)
        let recording = Recording(
            header: RecordingHeader(
                component: "hero-card",
                configuration: .object([.init("title", .string("Porto")), .init("colors", .array([.string("blue")]))]),
                viewport: Size(width: 390, height: 844)),
            events: [
                down(0.1, Self.card), InputEvent(time: 0.2, kind: .pointerMove(pointer: 1, location: Point(x: 197, y: 203))),
                up(0.3, Point(x: 197, y: 203)),
                down(0.45, close), up(0.5, close),  // closes mid-flight
                InputEvent(time: 0.6, kind: .environment(.init(colorScheme: .dark))),
                InputEvent(time: 0.7, kind: .set(key: "colors", value: .string("[\"indigo\", [0.2, 0.9, 0.4, 1], \"pink\"]"))),
                InputEvent(time: 0.8, kind: .set(key: "systemImage", value: .string("waveform"))),
                InputEvent(
                    time: 0.9,
                    kind: .set(
                        key: "rows",
                        value: .string(
                            "[{\"title\": \"Tram 28 from Martim Moniz to Prazeres\", \"systemImage\": \"tram.fill\"}, {\"title\": \"Fado\", \"systemImage\": \"xmark\"}]"
                        ))),
                InputEvent(time: 1.0, kind: .set(key: "subtitle", value: .string("A long weekend by the Tagus, with trams"))),
                InputEvent(time: 1.5, kind: .scrub(progress: 0.7)),
                down(1.6, close), up(1.7, close),  // pressed while scrubbing: dims, does not toggle
                InputEvent(time: 1.8, kind: .scrub(progress: 0.2)),
                InputEvent(time: 1.9, kind: .scrub(progress: nil)),
                InputEvent(time: 2.0, kind: .environment(.init(dynamicType: .accessibility3))),
                down(2.1, Self.card), up(2.2, Self.card),
                InputEvent(
                    time: 3.0,
                    kind: .environment(
                        .init(
                            size: Size(width: 430, height: 932),
                            safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0)))),
                InputEvent(time: 3.1, kind: .set(key: "detail", value: .string("Short."))),
                down(3.2, wideClose), up(3.25, wideClose),
                InputEvent(time: 4.0, kind: .environment(.init(reduceMotion: true, dynamicType: .xSmall, colorScheme: .light))),
                down(4.1, Self.card), up(4.15, Self.card),
                InputEvent(time: 4.3, kind: .tap(smallClose)),
                InputEvent(time: 4.5, kind: .environment(.init(reduceMotion: false, size: Size(width: 320, height: 568)))),
                InputEvent(time: 4.6, kind: .tap(Point(x: 160, y: 180))),
            ])
        let (frames, states) = try Self.compareFrames(recording)
        #expect(frames > 200)
        // Opened, closed mid-flight; not toggled by the press while scrubbing; opened at AX3
        // and closed before it settled in the new viewport; jumped open and shut under Reduce
        // Motion; opened again.
        #expect(
            states == [
                "collapsed", "expanding", "collapsing", "collapsed", "expanding", "collapsing", "expanded", "collapsed",
                "expanding", "expanded",
            ], "\(states)")
    }

    /// The scene at progress values around and beyond 0...1, in both colour schemes, at
    /// every Dynamic Type size, with and without a safe area.
    @Test func sceneMatchesAtEveryProgressAndEnvironment() throws {
        let definition = try ComponentFileReplayTests.definition("hero-card")
        let insets = [
            nil, EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
            EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59),
        ]
        for dynamicType in DynamicTypeSize.allCases {
            for (scheme, safeArea) in zip([ColorScheme.light, .dark, .light], insets) {
                let environment = InputEvent.Environment(dynamicType: dynamicType, colorScheme: scheme, safeArea: safeArea)
                for progress in stride(from: -0.1, through: 1.1, by: 0.1) {
                    var swift = try ComponentSession(component: .heroCard, environment: environment)
                    var data = try ComponentSession(definition: definition, environment: environment)
                    try swift.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
                    try data.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
                    #expect(
                        data.scene() == swift.scene(),
                        "progress \(progress), \(dynamicType), \(scheme), \(String(describing: safeArea))")
                    #expect(data.hitTestScene() == swift.hitTestScene())
                }
            }
        }
    }
}
