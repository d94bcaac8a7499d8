import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// `Explorer` (`morph explore`) on component files with planted bugs: each is found within
/// a few dozen sequences, shrunk to a recording of a handful of events, and that recording,
/// written and read back, breaks the same rule when replayed.
@Suite struct ExplorerTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__/explore")

    static func explorer(_ name: String, seed: UInt64 = 0) throws -> Explorer {
        let url = fixtures.appendingPathComponent("\(name).json")
        return Explorer(definition: try ComponentDefinition(contentsOf: url), seed: seed)
    }

    /// The first of `count` sequences that breaks `rule`, shrunk; fails the test when none does.
    static func shrunkFailure(
        _ explorer: Explorer, _ rule: FrameRule, invariant: String? = nil, within count: Int = 40
    ) throws -> (recording: Recording, violation: RuleViolation) {
        let failing = (0..<count).lazy.map { explorer.sequence($0) }
            .first { explorer.run($0.recording).violations.contains { $0.rule == rule && $0.invariant == invariant } }
        let sequence = try #require(failing, "no sequence of \(count) breaks \(rule.rawValue)")
        return try #require(explorer.shrink(sequence.recording, breaking: rule, invariant: invariant))
    }

    /// How many of the recording's events change the environment.
    static func environmentChanges(_ recording: Recording) -> Int {
        recording.events.filter {
            if case .environment = $0.kind { true } else { false }
        }.count
    }

    /// The shrunk recording through its JSONL text and back, replayed: the same rule breaks.
    static func expectReproduces(_ explorer: Explorer, _ shrunk: Recording, _ rule: FrameRule) throws {
        let read = try RecordingReader.read(Data(shrunk.jsonl.utf8))
        #expect(read.recording == shrunk)
        let again = explorer.run(read.recording).violations.first { $0.rule == rule }
        #expect(again != nil, "the written recording no longer breaks \(rule.rawValue)")
    }

    @Test func overshootingOpacityAtTheDampingBound() throws {
        let explorer = try Self.explorer("overshooting-opacity")
        let (recording, violation) = try Self.shrunkFailure(explorer, .unitRange)
        #expect(violation.value.hasPrefix("card.opacity = 1."), "\(violation)")
        // A tap (down, up) under the bound's damping: everything else shrinks away.
        #expect(recording.events.count <= 3, "\(recording.jsonl)")
        #expect(recording.header.configuration.objectValue?["damping"]?.numberValue.map { $0 < 1 } == true)
        #expect(recording.header.environment == InputEvent.Environment())
        try Self.expectReproduces(explorer, recording, .unitRange)
    }

    @Test func divergingValueAtAFieldMinimum() throws {
        let explorer = try Self.explorer("diverging-offset")
        let (recording, violation) = try Self.shrunkFailure(explorer, .finite)
        #expect(violation.value.hasPrefix("card.transform.ty = "), "\(violation)")
        #expect(recording.events.count <= 3, "\(recording.jsonl)")
        #expect(recording.header.configuration.objectValue?["gap"]?.numberValue == 0.000001)
        try Self.expectReproduces(explorer, recording, .finite)
    }

    @Test func stateWithNoWayToRest() throws {
        var explorer = try Self.explorer("restless")
        explorer.restLimit = 2
        let (recording, violation) = try Self.shrunkFailure(explorer, .rest)
        #expect(violation.value.contains("in state pulsing"), "\(violation)")
        #expect(violation.time >= 2)
        #expect(recording.events.count <= 3, "\(recording.jsonl)")
        try Self.expectReproduces(explorer, recording, .rest)
    }

    @Test func unlabeledElementInOneState() throws {
        let explorer = try Self.explorer("unlabeled-when-large")
        let (recording, violation) = try Self.shrunkFailure(explorer, .accessibility)
        #expect(violation.value == "card: button without a label", "\(violation)")
        #expect(recording.events.count <= 3, "\(recording.jsonl)")
        try Self.expectReproduces(explorer, recording, .accessibility)
        // Before the tap the element is labelled: the rule is about the state, not the file.
        var untapped = recording
        untapped.events = []
        #expect(!explorer.run(untapped).violations.contains { $0.rule == .accessibility })
    }

    @Test func leapWhenAnAnimationIsInterrupted() throws {
        let explorer = try Self.explorer("leaping-when-interrupted")
        let (recording, violation) = try Self.shrunkFailure(explorer, .jump)
        #expect(violation.value.hasPrefix("card.fill.frame.y leapt by "), "\(violation)")
        // A tap to grow and a tap that interrupts it: four pointer events, and at most one
        // environment change between them (the second tap's position was generated after it,
        // so the shrinker cannot drop it alone).
        #expect(recording.events.count - Self.environmentChanges(recording) <= 4, "\(recording.jsonl)")
        #expect(Self.environmentChanges(recording) <= 1, "\(recording.jsonl)")
        try Self.expectReproduces(explorer, recording, .jump)
        // Read from the animated value in every state, the same taps move it continuously.
        let url = Self.fixtures.appendingPathComponent("leaping-when-interrupted.json")
        let fixed = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "state == 'shrinking' ? grown.target : grown", with: "grown")
        let sound = Explorer(definition: try ComponentDefinition(json: Array(fixed.utf8), file: "fixed.json"))
        #expect(!sound.run(recording).violations.contains { $0.rule == .jump })
    }

    /// The file's own rule: its card springs wider than the viewport at the damping bound.
    @Test func fileInvariantBrokenAtTheDampingBound() throws {
        let explorer = try Self.explorer("escaping-card")
        let (recording, violation) = try Self.shrunkFailure(explorer, .invariant, invariant: "card-in-viewport")
        #expect(violation.invariant == "card-in-viewport")
        #expect(violation.ruleName == "invariant:card-in-viewport")
        #expect(
            violation.value == "card-in-viewport = 0 in state large: the card never leaves the viewport", "\(violation)")
        #expect(recording.events.count <= 3, "\(recording.jsonl)")
        #expect(recording.header.configuration.objectValue?["damping"]?.numberValue.map { $0 < 1 } == true)
        try Self.expectReproduces(explorer, recording, .invariant)
        // At the default damping the same tap keeps the card inside: the rule is about the bound.
        var plain = recording
        plain.header.configuration = .object([])
        #expect(!explorer.run(plain).violations.contains { $0.rule == .invariant })
        #expect(!explorer.run(plain).violations.contains { $0.rule != .hitTarget }, "\(explorer.run(plain).violations)")
    }

    /// A file without planted bugs passes every rule over the same sequences.
    @Test func sound_componentPasses() throws {
        let explorer = try Self.explorer("unlabeled-when-large")
        let sound = try ComponentDefinition(
            json: Array(
                try String(contentsOf: Self.fixtures.appendingPathComponent("unlabeled-when-large.json"), encoding: .utf8)
                    .replacingOccurrences(of: "state == 'large' ? '' : 'Card'", with: "'Card'").utf8))
        let soundExplorer = Explorer(definition: sound)
        for index in 0..<16 {
            let sequence = soundExplorer.sequence(index)
            #expect(soundExplorer.run(sequence.recording, checkingDeterminism: true).violations.isEmpty)
            #expect(sequence.recording.events == explorer.sequence(index).recording.events)
        }
    }

    @Test func sameSeedSameSequencesAndFrames() throws {
        let first = try Self.explorer("overshooting-opacity", seed: 7)
        let second = try Self.explorer("overshooting-opacity", seed: 7)
        let other = try Self.explorer("overshooting-opacity", seed: 8)
        var differs = false
        for index in 0..<12 {
            let a = first.sequence(index), b = second.sequence(index)
            #expect(a.recording == b.recording)
            #expect(a.interruptions == b.interruptions)
            #expect(
                first.run(a.recording, checkingDeterminism: true).hashes
                    == second.run(b.recording, checkingDeterminism: true).hashes)
            if other.sequence(index).recording != a.recording { differs = true }
        }
        #expect(differs, "another seed should give other sequences")
    }

    /// Keeping scenes changes no frame: the explorer's replay and the plain one agree.
    @Test func keptScenesLeaveFramesAsTheyAre() throws {
        let explorer = try Self.explorer("overshooting-opacity")
        let recording = explorer.sequence(3).recording
        #expect(!recording.events.isEmpty)
        var plain = try Replay(recording, definition: explorer.definition)
        var keeping = try Replay(recording, definition: explorer.definition)
        keeping.keepsScenes = true
        var frames = 0
        while let frame = plain.next() {
            let kept = keeping.next()
            #expect(kept == frame)
            if keeping.sceneIsFresh { #expect(keeping.scene?.time == frame.time) }
            frames += 1
        }
        #expect(keeping.next() == nil)
        #expect(frames > 10)
    }

    /// The generator reaches every state and interrupts transitions on a built-in seed.
    @Test func builtInCoverage() throws {
        let explorer = try #require(Explorer(builtIn: .heroCard))
        var states: Set<String> = []
        var interruptions = 0
        for index in 0..<16 {
            let sequence = explorer.sequence(index)
            interruptions += sequence.interruptions
            states.formUnion(explorer.run(sequence.recording).states)
        }
        #expect(states == Set(explorer.definition.stateNames))
        #expect(interruptions > 0)
    }

    /// Releases either side of the curtain's threshold (its `revealed` is set from
    /// `drag.predictedEndLocation.x < 100` on `dragEnd`) take both branches: played up to the
    /// release and then to rest, one whose predicted end lands left of it reveals (a leftward
    /// drag past it, a rightward one short of it) and one that lands right of it closes, for
    /// slow releases and flicks alike.
    @Test func releasesEitherSideOfAThresholdTakeBothBranches() throws {
        let explorer = try #require(Explorer(builtIn: .curtain))
        var outcomes: [String: Set<String>] = [:]
        for index in 0..<80 {
            let sequence = explorer.sequence(index)
            for release in sequence.thresholdReleases {
                #expect(release.handle == "handle")
                var upToRelease = sequence.recording
                upToRelease.events = Array(upToRelease.events.prefix(release.event + 1))
                guard case .pointerUp(_, let lift) = upToRelease.events.last?.kind,
                    case .pointerDown(_, let down) = upToRelease.events.last(where: {
                        if case .pointerDown = $0.kind { true } else { false }
                    })?.kind
                else {
                    Issue.record("event \(release.event) of sequence \(index) is no drag's release")
                    continue
                }
                var replay = try Replay(upToRelease)
                var last: Replay.Frame?
                while let frame = replay.next() { last = frame }
                let leftOfThreshold = (lift.x < down.x) == release.past
                let key = "\(release.style.rawValue) \(leftOfThreshold ? "left" : "right")"
                outcomes[key, default: []].insert(try #require(last).stateName)
            }
        }
        #expect(outcomes["slow left"] == ["revealed"], "\(outcomes)")
        #expect(outcomes["slow right"] == ["closed"], "\(outcomes)")
        #expect(outcomes["flick left"] == ["revealed"], "\(outcomes)")
        #expect(outcomes["flick right"] == ["closed"], "\(outcomes)")
    }

    /// The bottom sheet's release decides between three detents by two comparisons of its
    /// predicted end (`toClosed`, `toLarge`): both are found, each as a distance and a speed.
    @Test func thresholdsReadThroughLetBindings() throws {
        let url = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/components/bottom-sheet.json")
        let explorer = Explorer(definition: try ComponentDefinition(contentsOf: url))
        var releases: [Explorer.ThresholdRelease] = []
        for index in 0..<600 { releases += explorer.sequence(index).thresholdReleases }
        #expect(Set(releases.map(\.handle)) == ["sheet"])
        for style in Explorer.ThresholdRelease.Style.allCases {
            let found = Set(releases.filter { $0.style == style }.map { ($0.threshold * 10).rounded() / 10 })
            #expect(found.count >= 2, "\(style): \(found.sorted())")
            #expect(Set(releases.filter { $0.style == style }.map(\.past)) == [false, true])
        }
    }

    /// An input that interrupts comes at a fraction of the settling duration of the spring the
    /// one before started: the hero card opens and closes with `smooth(0.5, 0.08)`, so the
    /// waits after its releases include each fraction of that spring's duration.
    @Test func interruptionsComeAtFractionsOfTheRunningSpring() throws {
        let explorer = try #require(Explorer(builtIn: .heroCard))
        let settling = Animation.smooth(duration: 0.5, extraBounce: 0.08).spring.settlingDuration
        func micro(_ seconds: Double) -> Double { (seconds * 1e6).rounded() / 1e6 }
        var waits: Set<Double> = []
        var atFractions: [Double: Int] = [:]
        for index in 0..<40 {
            let sequence = explorer.sequence(index)
            atFractions.merge(sequence.interruptionsAtFractions, uniquingKeysWith: +)
            let events = sequence.recording.events
            for (release, next) in zip(events, events.dropFirst()) {
                if case .pointerUp = release.kind { waits.insert(micro(next.time - release.time)) }
            }
        }
        #expect(Set(atFractions.keys) == Set(Explorer.interruptionFractions), "\(atFractions)")
        for fraction in Explorer.interruptionFractions {
            #expect(waits.contains(micro(fraction * settling)), "\(fraction): \(waits.sorted())")
        }
    }

    @Test func configurationBoundsComeFromTheFields() throws {
        let explorer = try Self.explorer("diverging-offset")
        let bounds = explorer.configurationBounds.map { "\($0.field)=\($0.value.canonicalText)" }
        #expect(bounds == ["gap=1e-06", "gap=40"])
    }

    /// The seeds over their first sequences: the value, rest and determinism rules hold for
    /// the hero card and the curtain; what the container breaks is its spring's own overshoot
    /// (a chevron's opacity a little under 0 while it settles; the display list clamps it).
    @Test(arguments: [ComponentKind.heroCard, .curtain, .morphContainer])
    func seeds(kind: ComponentKind) throws {
        let explorer = try #require(Explorer(builtIn: kind))
        var broken: Set<FrameRule> = []
        for index in 0..<8 {
            let run = explorer.run(explorer.sequence(index).recording, checkingDeterminism: index % 4 == 0)
            broken.formUnion(run.violations.map(\.rule))
        }
        // The container's undamped bound (dampingFraction 1e-6) folds its card through zero
        // height, which `jump` sees too (schemas/morph-container.md).
        var general: Set<FrameRule> = [.finite, .nonNegative, .rest, .deterministic]
        if kind != .morphContainer { general.insert(.jump) }
        #expect(broken.isDisjoint(with: general), "\(broken)")
        #expect(broken.contains(.unitRange) == (kind == .morphContainer), "\(broken)")
    }
}
