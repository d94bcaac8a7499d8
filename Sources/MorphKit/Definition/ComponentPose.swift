import MorphJSON

/// A still frame of a component file, named by where its machine is rather than by the input
/// that would get it there: `ComponentSession.scene(posed:)` draws it.
///
/// Everything is read from the file's own machine and variables, so a pose means the same for
/// every file: a state is reached by the taps, presses and drags its transitions name, an
/// animation is the one the machine runs toward a state, a drag is held on the node its
/// machine drags.
public struct ComponentPose: Sendable, Hashable {
    /// The machine state: at rest in it, or with `progress`, the animation toward it.
    public var state: String?
    /// With `state`: how far the animation toward it has come (0 where it starts, 1 at its
    /// target; beyond, as a spring overshoots), every animated variable at
    /// `start + (target − start) · progress` while the machine is in the state that animation
    /// runs in (SwiftUI moves each animated value from its old to its new value along the
    /// one curve). Without `state`: a scrub, the value of the file's `scrub` variable.
    public var progress: Double?
    /// A drag held at this point, in points, on the node the machine drags in the posed
    /// state, its springs caught up with the finger.
    public var drag: Point?
    /// Variables held at values after everything else: any pose of the file's own variables,
    /// also those no input reaches.
    public var variables: [HeldVariable]
    /// Scene time in seconds (what a file's `time` reads: timers, spinners).
    public var time: Double

    /// A variable of the file held at a value: a number, or a point for a point variable.
    public struct HeldVariable: Sendable, Hashable {
        /// The variable's name in the file.
        public var name: String
        /// A `.number`, or a `.point` for a point variable.
        public var value: ExpressionValue

        /// `name` held at `value`.
        public init(name: String, value: ExpressionValue) {
            self.name = name
            self.value = value
        }
    }

    /// A pose; with nothing given, the session as it is at time 0.
    public init(
        state: String? = nil, progress: Double? = nil, drag: Point? = nil, variables: [HeldVariable] = [], time: Double = 0
    ) {
        self.state = state
        self.progress = progress
        self.drag = drag
        self.variables = variables
        self.time = time
    }
}

/// Why a pose cannot be drawn; each says what to give instead.
public enum PoseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The machine has no state of that name; `states` lists those it has.
    case unknownState(String, states: [String])
    /// No sequence of taps, presses and drags leads from the session's state to it.
    case unreachable(String, from: String)
    /// The state is left as soon as its animation settles.
    case doesNotRest(String, settlesInto: String)
    /// The state lasts only while a drag is held.
    case heldByDrag(String)
    /// The machine reaches the state, but never by an animation (its transitions jump).
    case noAnimation(String, from: String)
    /// Not finite, or past ±`InputLimits.maxScrubProgress`.
    case progressOutOfRange(Double)
    /// A progress without a state scrubs, and the file names no `scrub` variable.
    case noScrubVariable
    /// The machine starts no drag in the state.
    case noDrag(state: String)
    /// The machine drags several nodes in the state, so a held point names none of them.
    case severalDrags(state: String, nodes: [String])
    /// A held drag and an animation's progress are two different frames.
    case dragWithProgress
    /// The file has no variable of that name; `variables` lists those it has.
    case unknownVariable(String, variables: [String])
    /// The value is not of the variable's type, or out of bounds.
    case badVariable(String, reason: String)
    /// A drag point not finite or past ±`InputLimits.maxCoordinate`.
    case badDrag(Point)
    /// A time not finite or outside 0...`InputLimits.maxTime`.
    case badTime(Double)

    /// What went wrong and what to give instead, in one line.
    public var description: String {
        switch self {
        case .unknownState(let name, let states):
            "unknown state '\(name)' (the machine's states: \(states.joined(separator: ", ")))"
        case .unreachable(let name, let from):
            "no tap, press or drag of the machine leads from '\(from)' to state '\(name)'"
        case .doesNotRest(let name, let next):
            "state '\(name)' does not rest: when its animation settles the machine goes on to '\(next)'; "
                + "pose it part of the way with a progress"
        case .heldByDrag(let name):
            "state '\(name)' lasts only while a drag is held; pose it with a held drag point"
        case .noAnimation(let name, let from):
            "no animation of the machine leads from '\(from)' to state '\(name)' (its transitions jump, "
                + "as under Reduce Motion); pose it at rest, without a progress"
        case .progressOutOfRange(let value):
            "progress \(JSONText.number(value)) is out of range: within ±\(JSONText.number(InputLimits.maxScrubProgress)) "
                + "(springs overshoot 0...1 a little, never by this much)"
        case .noScrubVariable:
            "the component names no `scrub` variable, so a progress alone scrubs nothing; "
                + "give a state to pose the animation toward it"
        case .noDrag(let state):
            "the machine starts no drag in state '\(state)'"
        case .severalDrags(let state, let nodes):
            "the machine drags several nodes in state '\(state)' (\(nodes.joined(separator: ", "))); hold a variable instead"
        case .dragWithProgress:
            "a held drag has no animation progress; pose one or the other"
        case .unknownVariable(let name, let variables):
            "unknown variable '\(name)' (the file's variables: \(variables.joined(separator: ", ")))"
        case .badVariable(let name, let reason):
            "variable '\(name)': \(reason)"
        case .badDrag(let point):
            "drag point \(JSONText.number(point.x)),\(JSONText.number(point.y)) is outside "
                + "±\(JSONText.number(InputLimits.maxCoordinate))"
        case .badTime(let time):
            "time \(JSONText.number(time)) is outside 0...\(JSONText.number(InputLimits.maxTime))"
        }
    }
}
