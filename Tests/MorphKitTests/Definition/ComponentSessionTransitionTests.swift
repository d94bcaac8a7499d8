import Foundation
import MorphJSON
import MorphKit
import Testing

/// `ComponentSession.transitionFrames`: the seeds' opening and closing sampled from their
/// files' machines, checked against the spring's motion integrated here.
@Suite struct ComponentSessionTransitionTests {
    /// x'' = -k (x - target) - c x' by a fourth-order Runge-Kutta of 1/12000 s steps: the
    /// truth the sampled frames must follow (written here, not taken from the solver).
    static func integrate(response: Double, dampingRatio: Double, from: Double, to: Double, until time: Double)
        -> Double
    {
        let k = pow(2 * Double.pi / response, 2)
        let c = 4 * Double.pi * dampingRatio / response
        var x = from, v = 0.0
        let steps = Int((time * 12_000).rounded())
        let h = time / Double(max(steps, 1))
        func accel(_ x: Double, _ v: Double) -> Double { -k * (x - to) - c * v }
        for _ in 0..<steps {
            let (k1x, k1v) = (v, accel(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, accel(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, accel(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, accel(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    static func session(
        _ kind: ComponentKind, configuration: JSONValue = .object([]), reduceMotion: Bool = false
    ) throws -> ComponentSession {
        try ComponentSession(
            definition: try #require(ComponentDefinition.builtIn(kind)), configuration: configuration,
            environment: InputEvent.Environment(reduceMotion: reduceMotion))
    }

    /// The container's file animates `spring(0.42, dampingFraction)` open and
    /// `spring(0.36, min(1, dampingFraction + 0.08))` closed, the fraction from its configuration.
    @Test(arguments: [
        (ComponentSession.TransitionDirection.open, 0.82, 0.42, 0.82), (.close, 0.82, 0.36, 0.90),
        (.open, 0.5, 0.42, 0.5), (.close, 0.5, 0.36, 0.58),
    ])
    func containerFramesFollowTheSpring(
        direction: ComponentSession.TransitionDirection, dampingFraction: Double, response: Double, zeta: Double
    ) throws {
        let configuration = JSONValue.object([.init("dampingFraction", .number(dampingFraction))])
        let frames = try Self.session(.morphContainer, configuration: configuration).transitionFrames(direction, fps: 60)
        let (from, to) = direction == .open ? (0.0, 1.0) : (1.0, 0.0)
        #expect(frames.first?.time == 0 && frames.first?.scrub == from)
        for frame in frames.dropLast() {
            let truth = Self.integrate(response: response, dampingRatio: zeta, from: from, to: to, until: frame.time)
            // MorphKit's animator is SwiftUI's 300 Hz fluid integrator, within 0.6 % of the
            // exact motion (AnimatorTests); the frames show those very values, so allow 1 %.
            let scrub = try #require(frame.scrub)
            #expect(abs(scrub - truth) < 0.01, "t = \(frame.time)")
        }
        // Frames are 1/60 s apart and the last one is at rest on the target, in the state it heads for.
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(abs(b.time - a.time - 1.0 / 60) < 1e-12) }
        #expect(frames.last?.scrub == to && frames.last?.session.isAnimating == false)
        #expect(frames.last?.session.stateName == (direction == .open ? "expanded" : "collapsed"))
        #expect(
            frames.dropFirst().dropLast().allSatisfy { $0.session.stateName == (direction == .open ? "expanding" : "collapsing") }
        )
        let scrubs = frames.compactMap(\.scrub)
        if direction == .open {
            #expect(scrubs.max()! > 1.005, "the opening spring overshoots")
        } else if zeta >= 0.9 {
            #expect(scrubs.min()! >= -1e-3, "closing does not bounce past collapsed")
        } else {
            #expect(scrubs.min()! < -1e-3, "an underdamped close bounces past collapsed")
        }
    }

    /// The hero card opens on a press of the card and closes on one of its close button,
    /// both `smooth(0.5, 0.08)`: a spring of response 0.5 and damping 1 − 0.08.
    @Test(arguments: ComponentSession.TransitionDirection.allCases)
    func heroCardFramesFollowItsSpring(direction: ComponentSession.TransitionDirection) throws {
        let frames = try Self.session(.heroCard).transitionFrames(direction, fps: 30)
        let (from, to) = direction == .open ? (0.0, 1.0) : (1.0, 0.0)
        for frame in frames.dropLast() {
            let truth = Self.integrate(response: 0.5, dampingRatio: 0.92, from: from, to: to, until: frame.time)
            #expect(abs(try #require(frame.scrub) - truth) < 0.01, "t = \(frame.time)")
        }
        #expect(frames.count > 10 && frames.last?.scrub == to)
    }

    @Test(arguments: ComponentSession.TransitionDirection.allCases)
    func reduceMotionJumps(direction: ComponentSession.TransitionDirection) throws {
        let frames = try Self.session(.heroCard, reduceMotion: true).transitionFrames(direction, fps: 30)
        #expect(frames.map(\.scrub) == (direction == .open ? [0, 1] : [1, 0]))
        #expect(frames.map(\.time) == [0, 1.0 / 30])
    }

    /// Each frame is the session's own: its scene is the one a live session shows at that
    /// moment after the same input.
    @Test func framesAreTheLiveSessionsFrames() throws {
        let session = try Self.session(.morphContainer)
        let frames = try session.transitionFrames(.open, fps: 24)
        var live = session
        // The card's centre (its frame in the 400 × 440 preview: 30, 172, 340 × 96).
        try live.handle(InputEvent(time: 0, kind: .tap(Point(x: 200, y: 220))))
        #expect(live.stateName == "expanding")
        for frame in frames.dropFirst() {
            live.advance(to: frame.time)
            #expect(try frame.session.scene().canonicalJSON() == live.scene().canonicalJSON(), "t = \(frame.time)")
        }
    }

    /// A card a tap grows (`morph new`'s blank), its tap's effects given.
    static func card(effects: String) throws -> ComponentSession {
        let text = """
            {"format":"morph.component","version":1,"name":"card","summary":"A card.","viewport":[390,844],
             "variables":{"grown":{"initial":0}},"scrub":"grown",
             "let":{"size":"lerp(120, 300, grown)","card":"rect(20, 20, size, size)"},
             "background":"system('systemBackground')",
             "scene":{"type":"group","id":"card","bounds":"card",
                      "children":[{"type":"shape","id":"fill","path":{"rect":"card"},"fill":"system('blue')"}]},
             "machine":{"states":["small","large"],
                        "transitions":[{"from":"small","on":{"tap":"card"},"to":"large","effects":\(effects)}]}}
            """
        return try ComponentSession(definition: try ComponentDefinition(json: Array(text.utf8)))
    }

    /// Any file's machine: the input is found from its transitions, not from its name.
    @Test func anyFilesTransitionIsSampled() throws {
        let frames = try Self.card(effects: #"[{"animate":"grown","to":1,"with":"spring(0.5, 1)"}]"#)
            .transitionFrames(.open, fps: 60)
        #expect(frames.first?.scrub == 0 && frames.last?.scrub == 1 && frames.last?.session.stateName == "large")
        for frame in frames.dropLast() {
            let truth = Self.integrate(response: 0.5, dampingRatio: 1, from: 0, to: 1, until: frame.time)
            #expect(abs(try #require(frame.scrub) - truth) < 0.01, "t = \(frame.time)")
        }
        // Nothing animates back from large.
        #expect(throws: TransitionError.noTransition(state: "large")) {
            try Self.card(effects: #"[{"animate":"grown","to":1,"with":"spring(0.5, 1)"}]"#).transitionFrames(.close, fps: 60)
        }
    }

    @Test func aMachineWithNoAnimatingInputIsAnError() throws {
        #expect(throws: TransitionError.noTransition(state: "small")) {
            try Self.card(effects: "[]").transitionFrames(.open, fps: 60)
        }
    }
}
