import Foundation
import MorphJSON
import MorphKit
import Testing

/// Every pose `morph export` gives the Swift scene builders, through the component files and
/// `ComponentSession.scene(posed:)`: byte-identical scene JSON and display lists, so the
/// builders can go (issue 29) without a pose changing.
///
/// The builders' poses map onto the files' as follows: a scrub `progress p` is the pose
/// `progress p`; an animation's frame `progress p, model 1` is `state expanded, progress p`
/// (the animation toward expanded, from 0 to 1) and `progress p, model 0` is
/// `state collapsed, progress 1 − p` (from 1 back to 0); the curtain's `drag X,Y` is a held
/// drag (at X ≥ 44, where the machine's rubber band leaves the finger's x as it is) or, at any
/// point, the variables `dragPosition = X,Y, dragged = 1`; `revealed` is the state revealed
/// with a drag, or the variable `revealed = 1`; `folds N` is the configuration's `folds`.
@Suite struct PoseEquivalenceTests {
    /// An environment and viewport as `morph export` takes them (nil: its default).
    struct Setting: CustomStringConvertible {
        var dynamicType: DynamicTypeSize = .large
        var scheme: ColorScheme = .light
        var reduceMotion = false
        var safeArea: EdgeInsets?
        var size: Size?

        var description: String {
            "\(dynamicType), \(scheme), reduceMotion \(reduceMotion), \(String(describing: safeArea)), \(String(describing: size))"
        }

        /// The builder's environment as `morph export` makes it: the given insets, else the
        /// preset's for the viewport.
        func builderEnvironment(viewport: Size) -> ComponentEnvironment {
            ComponentEnvironment(
                reduceMotion: reduceMotion, dynamicTypeSize: dynamicType, colorScheme: scheme,
                safeArea: safeArea ?? ViewportPreset.safeArea(for: viewport))
        }

        /// A session of `definition` in this setting, as `morph export --component` starts one.
        func session(_ definition: ComponentDefinition, configuration: JSONValue = .object([])) throws -> ComponentSession {
            try ComponentSession(
                definition: definition, configuration: configuration,
                environment: InputEvent.Environment(
                    reduceMotion: reduceMotion, dynamicType: dynamicType, colorScheme: scheme, safeArea: safeArea),
                viewport: size)
        }
    }

    static let settings = [
        Setting(),
        Setting(dynamicType: .accessibility3, scheme: .dark, size: Size(width: 430, height: 932)),
        Setting(
            dynamicType: .xSmall, reduceMotion: true, safeArea: EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59),
            size: Size(width: 320, height: 568)),
        Setting(dynamicType: .xxxLarge, scheme: .dark, safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0)),
    ]

    /// The same scene JSON and display-list JSON, byte for byte.
    static func expectSame(_ file: Scene, _ builder: Scene, _ label: @autoclosure () -> String) throws {
        let sameScene = try file.canonicalJSON() == builder.canonicalJSON()
        #expect(sameScene, "scene: \(label())")
        let sameList = try file.displayList().canonicalJSON() == builder.displayList().canonicalJSON()
        #expect(sameList, "display list: \(label())")
    }

    /// A seed that expands and collapses, with its Swift builder.
    struct ExpandCollapse: Sendable {
        var file: String
        var viewport: Size
        var build: @Sendable (_ progress: Double, _ model: Double?, ComponentEnvironment, Size, _ time: Double) -> Scene
    }

    static let expandCollapse = [
        ExpandCollapse(file: "morph-container", viewport: MorphContainer.previewSize) {
            MorphContainer().scene(progress: $0, model: $1, environment: $2, size: $3, time: $4)
        },
        ExpandCollapse(file: "hero-card", viewport: HeroCard.defaultSize) {
            HeroCard().scene(progress: $0, model: $1, environment: $2, size: $3, time: $4)
        },
    ]

    /// Scrubs, both directions' animated frames and both rests, at progress values around and
    /// beyond 0...1, in every setting, at two times. Under Reduce Motion the machine jumps, so
    /// an animated frame is refused as having no animation (the builder draws one anyway).
    @Test(arguments: 0..<2)
    func expandCollapsePosesMatchTheBuilder(_ index: Int) throws {
        let seed = Self.expandCollapse[index]
        let definition = try ComponentFileReplayTests.definition(seed.file)
        var compared = 0
        for setting in Self.settings {
            let viewport = setting.size ?? seed.viewport
            let environment = setting.builderEnvironment(viewport: viewport)
            let session = try setting.session(definition)
            for time in [0, 2.5] {
                func builder(_ progress: Double, _ model: Double?) -> Scene {
                    seed.build(progress, model, environment, viewport, time)
                }
                func file(_ state: String? = nil, _ progress: Double? = nil) throws -> Scene {
                    try session.scene(posed: ComponentPose(state: state, progress: progress, time: time))
                }
                let label = "\(seed.file), \(setting), time \(time)"
                try Self.expectSame(try file(), builder(0, nil), "at rest, \(label)")
                try Self.expectSame(try file("collapsed"), builder(0, 0), "collapsed, \(label)")
                try Self.expectSame(try file("expanded"), builder(1, 1), "expanded, \(label)")
                compared += 3
                for progress in stride(from: -0.1, through: 1.1, by: 0.1) {
                    try Self.expectSame(try file(nil, progress), builder(progress, nil), "scrub \(progress), \(label)")
                    compared += 1
                    guard !setting.reduceMotion else {
                        #expect(throws: PoseError.noAnimation("expanded", from: "collapsed")) { try file("expanded", progress) }
                        continue
                    }
                    try Self.expectSame(try file("expanded", progress), builder(progress, 1), "model 1 at \(progress), \(label)")
                    try Self.expectSame(try file("expanding", progress), builder(progress, 1), "expanding \(progress), \(label)")
                    try Self.expectSame(
                        try file("collapsed", progress), builder(1 - progress, 0), "model 0 at \(1 - progress), \(label)")
                    compared += 3
                }
            }
        }
        #expect(compared > 300)
    }

    /// The curtain closed, held at drag points (inside, on the stand-in's x, left of the
    /// rubber band's 44), revealed with and without a drag, at three fold counts and two
    /// times (the timer and spinner), in every setting.
    @Test func curtainPosesMatchTheBuilder() throws {
        let definition = try ComponentFileReplayTests.definition("curtain")
        let drags: [Point?] = [
            nil, Point(x: 300, y: 400), Point(x: 120, y: 90), Point(x: 44, y: 700), Point(x: 20, y: 400),
        ]
        var compared = 0
        for setting in Self.settings {
            let viewport = setting.size ?? Curtain.defaultSize
            let environment = setting.builderEnvironment(viewport: viewport)
            for folds in [nil, 1, 8] {
                let configuration: JSONValue = folds.map { .object([.init("folds", .number(Double($0)))]) } ?? .object([])
                let session = try setting.session(definition, configuration: configuration)
                for time in [0, 3.3] {
                    // The stand-in drag point's x (the width: the effect stays off) as a drag too.
                    for drag in drags + [Point(x: viewport.width, y: 0)] {
                        for revealed in [false, true] {
                            let label =
                                "drag \(String(describing: drag)), revealed \(revealed), folds \(String(describing: folds)), \(setting), time \(time)"
                            let builder = Curtain().scene(
                                drag: drag, isRevealed: revealed, folds: folds, environment: environment, size: viewport,
                                time: time)
                            // Any pose as the file's variables.
                            var held: [ComponentPose.HeldVariable] = []
                            if let drag {
                                held += [
                                    .init(name: "dragPosition", value: .point(drag)), .init(name: "dragged", value: .number(1)),
                                ]
                            }
                            if revealed { held.append(.init(name: "revealed", value: .number(1))) }
                            try Self.expectSame(
                                try session.scene(posed: ComponentPose(variables: held, time: time)), builder,
                                "variables, \(label)")
                            compared += 1
                            // The same through the machine: a drag held, revealed by a drag.
                            guard let drag, drag.x >= 44 else { continue }
                            let pose = ComponentPose(state: revealed ? "revealed" : nil, drag: drag, time: time)
                            try Self.expectSame(try session.scene(posed: pose), builder, "held drag, \(label)")
                            compared += 1
                        }
                    }
                    // Revealed at rest by a drag released at the viewport's leading edge, level
                    // with the handle's centre: the drag point rests at 44 on that line.
                    let rest = Curtain().scene(
                        drag: Point(x: 44, y: viewport.height / 2), isRevealed: true, folds: folds, environment: environment,
                        size: viewport, time: time)
                    try Self.expectSame(
                        try session.scene(posed: ComponentPose(state: "revealed", time: time)), rest,
                        "revealed at rest, \(setting)")
                    try Self.expectSame(
                        try session.scene(posed: ComponentPose(state: "closed", time: time)),
                        Curtain().scene(
                            drag: nil, isRevealed: false, folds: folds, environment: environment, size: viewport, time: time),
                        "closed, \(setting)")
                    compared += 2
                }
            }
        }
        #expect(compared > 300)
    }
}
