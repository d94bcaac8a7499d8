import MorphJSON

/// Model-based testing for a component (`morph explore`): generates input sequences from its
/// machine and scene, plays each through `Replay` (the one replay path `morph replay` and
/// `morph check` use) and holds every frame to `FrameRule`s; a failing sequence shrinks to a
/// small recording that breaks the same rule.
///
/// Every sequence is a `Recording`, decided by the seed and its index alone, so a failure is
/// a file `morph replay` plays back.
public struct Explorer: Sendable {
    /// The component as a file: its fields give the configuration bounds, its machine the
    /// input targets (for a built-in component, its bundled file).
    public let definition: ComponentDefinition
    /// The name recordings carry.
    public let componentName: String
    /// The file replays run through: nil for a built-in component, whose recordings replay
    /// through its Swift model as `morph replay` plays them.
    public let replayDefinition: ComponentDefinition?
    /// The seed every sequence is drawn from.
    public var seed: UInt64
    /// How long after the last input the component has to come to rest (seconds).
    public var restLimit = Replay.settleLimit

    /// An explorer for the file `definition` (`morph explore --component FILE`).
    public init(definition: ComponentDefinition, seed: UInt64 = 0) {
        self.definition = definition
        componentName = definition.name
        replayDefinition = definition
        self.seed = seed
    }

    /// An explorer for a built-in component; nil for a kind that has no bundled file.
    public init?(builtIn kind: ComponentKind, seed: UInt64 = 0) {
        guard kind.isBuiltIn, let definition = ComponentDefinition.builtIn(kind) else { return nil }
        self.definition = definition
        componentName = kind.rawValue
        replayDefinition = nil
        self.seed = seed
    }

    // MARK: Running

    /// What one play of a sequence found.
    public struct Run: Sendable {
        /// The first break of each rule, in rule order.
        public var violations: [RuleViolation] = []
        /// Frames played.
        public var frames = 0
        /// The machine states seen.
        public var states: Set<String> = []
        /// State changes seen from one frame to the next, "from → to".
        public var transitions: Set<String> = []
        /// Each frame's SHA-256, when asked for.
        public var hashes: [String] = []

        /// The failures (warnings left out).
        public var failures: [RuleViolation] { violations.filter { !$0.rule.isWarning } }
    }

    /// Plays `recording` through `Replay`, checking each frame it builds: the value rules on
    /// every built frame, accessibility and hit targets on frames where nothing moves, rest
    /// after the last frame. With `checkingDeterminism`, plays it a second time through the
    /// plain `Replay` path (`morph check`'s) and compares every frame's hash.
    public func run(_ recording: Recording, checkingDeterminism: Bool = false) -> Run {
        var result = Run()
        var replay: Replay
        do {
            replay = try Replay(recording, definition: replayDefinition)
        } catch {
            result.violations.append(RuleViolation(rule: .rest, frame: 0, time: 0, value: "cannot replay: \(error)"))
            return result
        }
        replay.keepsScenes = true
        replay.restLimit = restLimit
        // By `ruleName`: each invariant is a rule of its own.
        var broken: Set<String> = []
        func add(_ found: [RuleViolation]) {
            for violation in found where broken.insert(violation.ruleName).inserted {
                result.violations.append(violation)
            }
        }
        let invariants = (replayDefinition ?? definition).invariants
        var previousState: String?
        var last: Replay.Frame?
        // The last checked frame's node frames, index and jump count, and the nodes' change a
        // frame up to it (nil right after a jump: unknown), for `jump`.
        var before: (frames: [String: Rect], index: Int, jumps: Int)?
        var velocities: [String: [Double]]?
        while let frame = replay.next() {
            result.frames += 1
            if frame.stateName != previousState {
                result.states.insert(frame.stateName)
                if let previousState { result.transitions.insert(previousState + " → " + frame.stateName) }
                previousState = frame.stateName
            }
            if checkingDeterminism { result.hashes.append(frame.hash) }
            last = frame
            if !invariants.isEmpty {
                for (invariant, value) in zip(invariants, replay.invariantValues) where value == 0 {
                    add([Self.violation(of: invariant, frame: frame)])
                }
            }
            guard replay.sceneIsFresh, let scene = replay.scene else { continue }
            add(FrameRules.check(scene, frame: frame.index))
            if let before, before.jumps == replay.jumps, !replay.inputSetValues {
                let step = FrameRules.checkContinuity(
                    from: before.frames, velocities: velocities, frames: frame.index - before.index, to: scene,
                    frame: frame.index)
                add(step.found)
                velocities = step.velocities
            } else {
                velocities = before == nil ? [:] : nil  // the first frame starts from rest
            }
            before = (FrameRules.nodeFrames(scene), frame.index, replay.jumps)
            replay.inputSetValues = false
            if !replay.isMoving { add(FrameRules.checkAtRest(scene, frame: frame.index)) }
        }
        if replay.isMoving, let last {
            add([
                RuleViolation(
                    rule: .rest, frame: last.index, time: last.time,
                    value: "still moving \(JSONText.number(restLimit)) s after the last input, in state \(last.stateName)")
            ])
        }
        if checkingDeterminism, let again = try? Replay(recording, definition: replayDefinition) {
            var plain = again
            plain.restLimit = restLimit
            var index = 0
            var differs: (Int, Double)?
            while let frame = plain.next() {
                if index >= result.hashes.count || frame.hash != result.hashes[index] {
                    differs = (frame.index, frame.time)
                    break
                }
                index += 1
            }
            if differs == nil && index != result.hashes.count { differs = (index, Double(index) / plain.fps) }
            if let (frame, time) = differs {
                add([
                    RuleViolation(
                        rule: .deterministic, frame: frame, time: time, value: "a second replay's frame hash differs")
                ])
            }
        }
        result.violations.sort { ($0.rule, $0.invariant ?? "") < ($1.rule, $1.invariant ?? "") }
        return result
    }

    /// The break of `invariant` at `frame`: its value (0), the state, and what it promised.
    static func violation(of invariant: ComponentDefinition.Invariant, frame: Replay.Frame) -> RuleViolation {
        let promise = invariant.summary.isEmpty ? "" : ": " + invariant.summary
        return RuleViolation(
            rule: .invariant, frame: frame.index, time: frame.time,
            value: "\(invariant.name) = 0 in state \(frame.stateName)\(promise)", invariant: invariant.name)
    }

    // MARK: Shrinking

    /// A smaller sequence that still breaks `rule`: whole gestures dropped, then single
    /// events, waits shortened, configuration values moved to their defaults, the viewport
    /// to the file's own and the environment to the default one, over and over until nothing more can go (or `budget`
    /// frames are played: a candidate that never rests costs the whole rest limit). Returns
    /// the sequence and the violation it ends with.
    /// For `invariant`, `invariant` names which one.
    public func shrink(
        _ recording: Recording, breaking rule: FrameRule, invariant: String? = nil, budget: Int = 100_000
    ) -> (recording: Recording, violation: RuleViolation)? {
        var spent = 0
        func violation(_ candidate: Recording) -> RuleViolation? {
            let played = run(candidate, checkingDeterminism: rule == .deterministic)
            spent += played.frames
            return played.violations.first { $0.rule == rule && $0.invariant == invariant }
        }
        guard var found = violation(recording) else { return nil }
        var best = recording
        func attempt(_ candidate: Recording) -> Bool {
            guard spent < budget, candidate != best, let broke = violation(candidate) else { return false }
            best = candidate
            found = broke
            return true
        }
        var changed = true
        while changed && spent < budget {
            changed = false
            // Whole gestures (a press to its release), last first.
            var groups = Self.gestures(best.events)
            var index = groups.count - 1
            while index >= 0 {
                var fewer = groups
                fewer.remove(at: index)
                var candidate = best
                candidate.events = fewer.flatMap { $0 }
                if attempt(candidate) {
                    groups = fewer
                    changed = true
                }
                index -= 1
            }
            // Two neighbouring gestures at once (a tap that opens and the tap that closes).
            index = groups.count - 2
            while index >= 0 {
                var fewer = groups
                fewer.removeSubrange(index...index + 1)
                var candidate = best
                candidate.events = fewer.flatMap { $0 }
                if attempt(candidate) {
                    groups = fewer
                    changed = true
                }
                index = min(index, groups.count - 1) - 1
            }
            // Single events.
            index = best.events.count - 1
            while index >= 0 {
                var candidate = best
                candidate.events.remove(at: index)
                if attempt(candidate) { changed = true }
                index = min(index, best.events.count) - 1
            }
            // Waits: each gap (from 0 for the first event) halved, later events moved with it.
            for position in best.events.indices {
                let before = position == 0 ? 0 : best.events[position - 1].time
                let gap = best.events[position].time - before
                guard gap > 1.0 / 60 else { continue }
                var candidate = best
                let cut = (gap / 2 * 60).rounded(.down) / 60
                for later in position..<candidate.events.count { candidate.events[later].time -= cut }
                if attempt(candidate) { changed = true }
            }
            // Configuration toward the defaults: each key dropped, else halfway there.
            if let members = best.header.configuration.objectValue {
                // Sorted: a dictionary's order changes from process to process.
                for key in members.keys.sorted() {
                    let value = members[key]!
                    var candidate = best
                    candidate.header.configuration = .object(sorting: members.filter { $0.key != key })
                    if attempt(candidate) {
                        changed = true
                        break
                    }
                    if let number = value.numberValue, let field = definition.fields.first(where: { $0.name == key }),
                        let target = field.defaultValue.numberValue
                    {
                        var middle = (number + target) / 2
                        if field.type == .integer { middle = middle.rounded(.towardZero) }
                        guard middle != number else { continue }
                        var moved = members
                        moved[key] = .number(middle)
                        candidate.header.configuration = .object(sorting: moved)
                        if attempt(candidate) {
                            changed = true
                            break
                        }
                    }
                }
            }
            // The file's own viewport.
            if best.header.viewport != definition.defaultViewport {
                var candidate = best
                candidate.header.viewport = definition.defaultViewport
                if attempt(candidate) { changed = true }
            }
            // The environment toward the default one.
            let environment = best.header.environment
            for plainer in [
                InputEvent.Environment(
                    reduceMotion: environment.reduceMotion, dynamicType: nil, colorScheme: environment.colorScheme),
                InputEvent.Environment(
                    reduceMotion: environment.reduceMotion, dynamicType: environment.dynamicType, colorScheme: nil),
                InputEvent.Environment(
                    reduceMotion: nil, dynamicType: environment.dynamicType, colorScheme: environment.colorScheme),
            ] where plainer != environment {
                var candidate = best
                candidate.header.environment = plainer
                if attempt(candidate) {
                    changed = true
                    break
                }
            }
        }
        return (best, found)
    }

    /// The events in gestures: a pointer's down through its up, each other event alone.
    static func gestures(_ events: [InputEvent]) -> [[InputEvent]] {
        var groups: [[InputEvent]] = []
        var open = false
        for event in events {
            switch event.kind {
            case .pointerDown:
                groups.append([event])
                open = true
            case .pointerMove, .pointerUp:
                if open { groups[groups.count - 1].append(event) } else { groups.append([event]) }
                if case .pointerUp = event.kind { open = false }
            default:
                groups.append([event])
                open = false
            }
        }
        return groups
    }
}
