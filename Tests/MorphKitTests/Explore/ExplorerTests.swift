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
        _ explorer: Explorer, _ rule: FrameRule, within count: Int = 40
    ) throws -> (recording: Recording, violation: RuleViolation) {
        let failing = (0..<count).lazy.map { explorer.sequence($0) }
            .first { explorer.run($0.recording).violations.contains { $0.rule == rule } }
        let sequence = try #require(failing, "no sequence of \(count) breaks \(rule.rawValue)")
        return try #require(explorer.shrink(sequence.recording, breaking: rule))
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
        // A tap to grow and a tap that interrupts it: four pointer events.
        #expect(recording.events.count <= 4, "\(recording.jsonl)")
        try Self.expectReproduces(explorer, recording, .jump)
        // Read from the animated value in every state, the same taps move it continuously.
        let url = Self.fixtures.appendingPathComponent("leaping-when-interrupted.json")
        let fixed = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "state == 'shrinking' ? grown.target : grown", with: "grown")
        let sound = Explorer(definition: try ComponentDefinition(json: Array(fixed.utf8), file: "fixed.json"))
        #expect(!sound.run(recording).violations.contains { $0.rule == .jump })
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
