import MorphJSON
import MorphKit

/// A built-in component's scene at a point of its motion, named the way the seeds' views take
/// it (a progress and the state an animation heads for; a drag point, revealed and folds),
/// drawn by posing its bundled file (`ComponentSession.scene(posed:)`), the one runtime.
///
/// Tests of the seeds' geometry read a frame at a progress; the poses that mean it are:
/// a scrub `progress p` is the pose `progress p`; an animation's frame `progress p, model 1`
/// is `state expanded, progress p` (from 0 to 1) and `progress p, model 0` is
/// `state collapsed, progress 1 − p` (from 1 back to 0); the curtain's drag point, revealed
/// flag and folds are its variables `dragPosition` and `dragged`, `revealed`, and its
/// configuration's `folds`.
public struct SeedScenes: Sendable {
    /// The built-in component.
    public var component: ComponentKind
    /// Configuration fields, over the file's defaults.
    public var configuration: [JSONValue.Member]

    /// The component with `configuration` over its defaults.
    public init(_ component: ComponentKind, _ configuration: [JSONValue.Member] = []) {
        self.component = component
        self.configuration = configuration
    }

    /// The size the component's preview uses (its file's `viewport`).
    public var defaultSize: Size { ComponentSession.defaultViewport(for: component) }

    /// An expand/collapse component at `progress`: a scrub, or with `model` (0 or 1) an
    /// animation's frame toward that state.
    public func scene(
        progress: Double, model: Double? = nil, environment: ComponentEnvironment = .standard, size: Size? = nil,
        time: Double = 0
    ) throws -> Scene {
        let pose =
            switch model {
            case nil: ComponentPose(progress: progress, time: time)
            case 1?: ComponentPose(state: "expanded", progress: progress, time: time)
            default: ComponentPose(state: "collapsed", progress: 1 - progress, time: time)
            }
        return try session(environment: environment, size: size).scene(posed: pose)
    }

    /// The curtain with its drag point at `drag` (nil: no drag, the effect off), revealed or
    /// not, with `folds` (nil: the configuration's).
    public func scene(
        drag: Point?, isRevealed: Bool = false, folds: Int? = nil, environment: ComponentEnvironment = .standard,
        size: Size? = nil, time: Double = 0
    ) throws -> Scene {
        var held: [ComponentPose.HeldVariable] = []
        if let drag { held += [.init(name: "dragPosition", value: .point(drag)), .init(name: "dragged", value: .number(1))] }
        if isRevealed { held.append(.init(name: "revealed", value: .number(1))) }
        var seed = self
        if let folds { seed.configuration.append(.init("folds", .number(Double(folds)))) }
        return try seed.session(environment: environment, size: size).scene(posed: ComponentPose(variables: held, time: time))
    }

    /// A session at rest in the initial state. The environment's safe area is always given
    /// (a session would otherwise take the viewport preset's).
    public func session(environment: ComponentEnvironment = .standard, size: Size? = nil) throws -> ComponentSession {
        try ComponentSession(
            component: component, configuration: .object(configuration),
            environment: InputEvent.Environment(
                reduceMotion: environment.reduceMotion, dynamicType: environment.dynamicTypeSize,
                colorScheme: environment.colorScheme, safeArea: environment.safeArea),
            viewport: size ?? defaultSize)
    }
}
