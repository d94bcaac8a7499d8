import Foundation
import MorphArguments
import MorphCairo
import MorphKit
import MorphWork

/// `morph explore`: generates interactions from a component's machine and scene, plays them
/// through `Replay` and checks every frame against rules that hold for any component
/// (`Explorer`, `FrameRule`); each failure is shrunk to a small recording (issue 34).
enum ExploreCommand {
    static let subcommand = Subcommand(
        name: "explore",
        summary: "generate interactions, check every frame against general rules, shrink failures",
        usage: usage, help: help,
        body: { arguments in try run(arguments) }
    )

    static let usage = """
        usage: morph explore (NAME | --component FILE.json) [--sequences N | --seconds S] [--seed S]
                             [--settle S] [--save DIR] [--report DIR] [--junit FILE] [--jobs J]
        """

    static let help = """
        morph explore — the machine writes its own tests

        \(usage)

        Generates input sequences for a built-in component (NAME: \(ComponentKind.allCases.map(\.rawValue).joined(separator: ", ")))
        or a component file, deterministically from the seed: taps on every tap and press target
        and drags on every drag handle (four directions, three lengths, slow, fast and held
        releases) in each state the sequence reaches, the next input either after rest or
        mid-flight at \(Explorer.interruptionFractions.map { "\(Int(($0 * 100).rounded()))" }.joined(separator: ", ")) % of the settling duration of the spring the last input
        started (at most \(JSONText.number(Explorer.longestInterruptedDuration)) s; \(Explorer.interruptionPhases.map { JSONText.number($0) }.joined(separator: ", ")) s in where no spring runs),
        configuration values at the bounds of the component's configuration schema, each
        viewport in turn (the file's own and the presets the page and --viewport offer:
        \(ViewportPreset.all.map { "\(JSONText.number($0.size.width))x\(JSONText.number($0.size.height))" }.joined(separator: ", "))),
        Dynamic Type xS, L and AX5, light and dark, Reduce Motion on and off, and environment
        changes between inputs (Dynamic Type, colour scheme, Reduce Motion, viewport), as a
        recording's environment events make them.

        Thresholds: some drags are released just short of and just past a threshold, so both
        outcomes of each are taken. They are read from the machine: every <, <=, > or >= that
        reads a drag value (drag.translation, drag.location, drag.predictedEndLocation, ...)
        in the guards and effects of the handle's dragEnd transitions from the state the drag
        is in, and in the let bindings those read, against anything else (constants,
        configuration, viewport, variables). Each is located by evaluating it along the drag's
        direction: for slow releases over the distance from the start, the finger held still
        (no velocity: the predicted end is where it lifts), landing 2 pt either side; for
        flicks over the release speed (three even steps a frame apart, lifted with the last, so
        the predicted end is 0.25 s ahead), 2 % (at least 5 pt/s) either side.
        Not found: thresholds in dragChange or dragStart transitions or in the scene,
        thresholds on a diagonal (drags go along the four axes), ones beyond the viewport
        (slow) or past 4000 pt/s (flicks), and equality tests (== and !=) of drag values.

        Each sequence plays through the replay `morph replay` runs, and every frame is checked:

          finite          every number finite and within ±1e6 pt
          unit-range      opacities and colour components in 0...1 before the display list clamps
          non-negative    frames, bounds, shadow radii, stroke widths, font sizes >= 0
          jump            motion is continuous: no visible node leaps by over a quarter of the
                          viewport a frame beyond its motion the frame before, unless a jump
                          effect or an input (a dragging pointer, scrub, set, environment) did it
          rest            still within --settle seconds of the last input
          deterministic   a second replay gives the same frame hashes (every 8th sequence)
          accessibility   at rest, every element has a label and a frame with area in the viewport
          hit-target      at rest, a button is at least 44 × 44 pt (a warning only)
          invariant       the file's own rules: each entry of its "invariants" (reported as
                          invariant:NAME, one rule each) is non-zero on every frame

        The first failing sequence of each rule is shrunk (fewer gestures and events, shorter
        waits, configuration, viewport and environment toward the defaults) and written as a
        recording, explore-NAME-RULE.jsonl, under --report DIR or the current folder, with one
        line: the rule, the frame, the value. Then a table: states and state changes reached,
        interruptions tried (at each phase), threshold releases (short and past, slow and
        flick), sequences per viewport, environment changes, sequences, frames per second.
        Exit status 1 when a rule other than hit-target fails. On a terminal, a progress bar on
        stderr.

          --component F    explore component file F (schemas/component.md)
          --sequences N    play N sequences (default \(defaultSequences))
          --seconds S      play sequences for S seconds instead (how many depends on the machine;
                           each sequence depends only on the seed and its number)
          --seed S         the seed, an integer (default 0)
          --settle S       seconds after the last input within which the component must rest
                           (default \(JSONText.number(Replay.settleLimit)))
          --save DIR       write a covering set of passing sequences (each adds a state or a
                           state change) as recordings with baselines, ready for morph check
          --report DIR     write the shrunk recordings there (default: the current folder) and
                           DIR/index.html: the table, and per shrunk failure the frame it breaks
                           at, a filmstrip and the curves of the node it names
          --junit FILE     JUnit XML, one test case per rule (and per invariant)
          --jobs J         play J sequences at a time (default: one per core)

        """

    static let defaultSequences = 300

    struct Options {
        var name: String?
        var definition: ComponentDefinition?
        var componentPath: String?
        var sequences: Int?
        var seconds: Double?
        var seed: UInt64 = 0
        var settle = Replay.settleLimit
        var save: String?
        var report: String?
        var junit: String?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
    }

    static let scanner = ArgumentScanner(
        values: [
            "--component", "--sequences", "--seconds", "--seed", "--settle", "--save", "--report", "--junit", "--jobs",
        ],
        switches: [])

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        var options = Options()
        for option in scanned.options {
            let flag = option.flag
            let text = option.value ?? ""
            if text.isEmpty { throw UsageError(message: "\(flag) needs a value") }
            switch flag {
            case "--component":
                options.definition = try ComponentFile.load(text)
                options.componentPath = text
            case "--sequences":
                guard let count = Int(text), (1...10_000_000).contains(count) else {
                    throw UsageError(message: "--sequences expects an integer in 1...10000000, got '\(text)'")
                }
                options.sequences = count
            case "--seconds", "--settle":
                guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
                    throw UsageError(message: "\(flag) expects a number of seconds in 0 < S <= 86400, got '\(text)'")
                }
                if flag == "--seconds" { options.seconds = value } else { options.settle = value }
            case "--seed":
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "--seed expects a non-negative integer, got '\(text)'")
                }
                options.seed = seed
            case "--save": options.save = text
            case "--report": options.report = text
            case "--junit": options.junit = text
            default:  // --jobs
                guard let jobs = Int(text), (1...256).contains(jobs) else {
                    throw UsageError(message: "--jobs expects an integer in 1...256, got '\(text)'")
                }
                options.jobs = jobs
            }
        }
        if options.sequences != nil && options.seconds != nil {
            throw UsageError(message: "--sequences and --seconds both say when to stop; give one")
        }
        if scanned.operands.count > 1 {
            throw UsageError(message: "one component at a time (got '\(scanned.operands[1])' too)")
        }
        options.name = scanned.operands.first
        switch (options.name, options.definition) {
        case (nil, nil): throw UsageError(message: "missing component: a built-in NAME or --component FILE")
        case (.some(let name), .some):
            throw UsageError(message: "--component names the file to explore; '\(name)' does not apply with it")
        case (.some(let name), nil):
            guard ComponentKind(rawValue: name)?.isBuiltIn == true else {
                let names = ComponentKind.allCases.map(\.rawValue)
                throw UsageError(
                    message: "unknown component '\(name)'\(Suggestion.didYouMean(name, in: names)) "
                        + "(built in: \(names.joined(separator: ", ")); a file: --component FILE)")
            }
        default: break
        }
        return options
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        var explorer: Explorer
        if let definition = options.definition {
            explorer = Explorer(definition: definition, seed: options.seed)
        } else {
            guard let kind = options.name.flatMap(ComponentKind.init(rawValue:)), let builtIn = Explorer(builtIn: kind)
            else { throw UsageError(message: "no component file for '\(options.name ?? "")'") }
            explorer = builtIn
        }
        explorer.seed = options.seed
        explorer.restLimit = options.settle
        do {
            let exploration = explore(explorer, options)
            return try report(exploration, explorer, options)
        } catch {
            printError("morph explore: error: \(error)")
            return 1
        }
    }

    // MARK: Playing sequences

    /// What one sequence gave, kept by its number.
    struct Played: Sendable {
        var sequence: Explorer.Sequence
        var run: Explorer.Run
    }

    /// Every sequence played, in number order, and the wall time it took.
    struct Exploration {
        var played: [Played]
        var seconds: Double
    }

    /// Shared between workers: the next sequence number, the results, the progress line.
    final class Progress: @unchecked Sendable {
        /// Guards `next`, `results` and `stopped`.
        private let lock = NSLock()
        private var next = 0
        private var stopped = false
        private(set) var results: [Int: Played] = [:]
        let terminal = TerminalProgress()
        let limit: Int?
        let deadline: UInt64?

        init(limit: Int?, seconds: Double?) {
            self.limit = limit
            deadline = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64($0 * 1e9) }
        }

        /// The next sequence number, or nil when the count is reached or the time is up.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            if let limit, next >= limit { return nil }
            if let deadline, DispatchTime.now().uptimeNanoseconds >= deadline { stopped = true }
            guard !stopped else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ played: Played) {
            lock.lock()
            defer { lock.unlock() }
            results[index] = played
            if let limit {
                terminal.bar(results.count, of: limit, "sequences")
            } else {
                terminal.show("\(results.count) sequences")
            }
        }
    }

    /// Sequences are checked for determinism this often (a second replay each).
    static let determinismEvery = 8

    static func explore(_ explorer: Explorer, _ options: Options) -> Exploration {
        let limit = options.seconds == nil ? (options.sequences ?? defaultSequences) : nil
        let progress = Progress(limit: limit, seconds: options.seconds)
        let started = DispatchTime.now().uptimeNanoseconds
        let pool = WorkerPool(threads: options.jobs, name: "morph-explore")
        defer { pool.shutdown() }
        pool.parallelFor(options.jobs) { _ in
            while let index = progress.take() {
                let sequence = explorer.sequence(index)
                let run = explorer.run(sequence.recording, checkingDeterminism: index % determinismEvery == 0)
                progress.finish(index, Played(sequence: sequence, run: run))
            }
        }
        progress.terminal.clear()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        // With --seconds, workers stop at different numbers: keep the unbroken run from 0.
        var played: [Played] = []
        while let next = progress.results[played.count] { played.append(next) }
        return Exploration(played: played, seconds: seconds)
    }

    // MARK: Reporting

    /// One rule's outcome: how many sequences broke it and the shrunk case.
    struct RuleOutcome {
        var rule: FrameRule
        /// The invariant's name, for `invariant` (one outcome each).
        var invariant: String? = nil
        var failing = 0
        var shrunk: (file: String, violation: RuleViolation, events: Int)?

        /// As reports name it: the rule, or `invariant:NAME`.
        var name: String { invariant.map { "invariant:" + $0 } ?? rule.rawValue }
    }

    /// One outcome per rule, and per invariant the file declares, in report order.
    static func outcomes(_ explorer: Explorer) -> [RuleOutcome] {
        FrameRule.allCases.filter { $0 != .invariant }.map { RuleOutcome(rule: $0) }
            + explorer.definition.invariants.map { RuleOutcome(rule: .invariant, invariant: $0.name) }
    }

    static func report(_ exploration: Exploration, _ explorer: Explorer, _ options: Options) throws -> Int32 {
        let played = exploration.played
        let folder = URL(fileURLWithPath: options.report ?? ".")
        var outcomes = outcomes(explorer)
        for item in played {
            for violation in item.run.violations {
                if let index = outcomes.firstIndex(where: { $0.name == violation.ruleName }) { outcomes[index].failing += 1 }
            }
        }
        if outcomes.contains(where: { $0.failing > 0 }) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let replayFlag = options.componentPath.map { " --component \($0)" } ?? ""
        var cases: [ExploreReport.Case] = []
        for index in outcomes.indices where outcomes[index].failing > 0 {
            let (rule, invariant) = (outcomes[index].rule, outcomes[index].invariant)
            guard
                let first = played.first(where: {
                    $0.run.violations.contains { $0.rule == rule && $0.invariant == invariant }
                }),
                let (recording, violation) = explorer.shrink(
                    first.sequence.recording, breaking: rule, invariant: invariant)
            else { continue }
            let ruleFile = invariant.map { "invariant-" + $0 } ?? rule.rawValue
            let name = "explore-\(explorer.componentName)-\(ruleFile).jsonl"
            let url = folder.appendingPathComponent(name)
            try Data(recording.jsonl.utf8).write(to: url)
            let path = options.report.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + name } ?? name
            outcomes[index].shrunk = (path, violation, recording.events.count)
            cases.append(ExploreReport.Case(file: name, violation: violation, recording: recording))
            let word = rule.isWarning ? "warning" : "failure"
            printOutput(
                "\(word): \(violation) — \(path) (\(recording.events.count) events; morph replay \(path)\(replayFlag))\n")
        }
        let summary = table(exploration, explorer, outcomes)
        printOutput(summary)
        if options.report != nil {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let renderer = try DisplayListRenderer(pool: .shared)
            renderer.images = explorer.definition.imageBytes
            let page = try ExploreReport.page(table: summary, cases: cases, explorer: explorer, renderer: renderer)
            try Data(page.utf8).write(to: folder.appendingPathComponent("index.html"))
        }
        if let save = options.save { try saveCovering(played, explorer, to: save, replayFlag: replayFlag) }
        if let junit = options.junit {
            let url = URL(fileURLWithPath: junit)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(junitXML(outcomes, sequences: played.count, component: explorer.componentName).utf8).write(to: url)
        }
        return outcomes.contains { $0.failing > 0 && !$0.rule.isWarning } ? 1 : 0
    }

    static func table(_ exploration: Exploration, _ explorer: Explorer, _ outcomes: [RuleOutcome]) -> String {
        let played = exploration.played
        let frames = played.reduce(0) { $0 + $1.run.frames }
        let states = played.reduce(into: Set<String>()) { $0.formUnion($1.run.states) }
        let transitions = played.reduce(into: Set<String>()) { $0.formUnion($1.run.transitions) }
        let interruptions = played.reduce(0) { $0 + $1.sequence.interruptions }
        let environments = Set(played.map(\.sequence.recording.header.environment)).count
        let configurations = Set(played.map(\.sequence.recording.header.configuration.canonicalText)).count
        let seconds = max(exploration.seconds, 1e-9)
        let declared = explorer.definition.stateNames
        func per(_ count: Double) -> String { String(format: "%.0f", count) }
        var text = "morph explore \(explorer.componentName), seed \(explorer.seed): \(played.count) sequences, "
        text += "\(frames) frames in \(String(format: "%.1f", exploration.seconds)) s "
        text += "(\(per(Double(played.count) / seconds * 60)) sequences/min, \(per(Double(frames) / seconds)) frames/s)\n"
        let reached = declared.filter(states.contains)
        let missed = declared.filter { !states.contains($0) }
        text += "  states         \(reached.count)/\(declared.count) reached: \(reached.joined(separator: ", "))"
        text += missed.isEmpty ? "\n" : "; not reached: \(missed.joined(separator: ", "))\n"
        text += "  state changes  \(transitions.count): \(transitions.sorted().joined(separator: ", "))\n"
        text += "  interruptions  \(interruptions) inputs mid-flight" + interruptionPhases(played) + "\n"
        text += "  thresholds     " + thresholdCoverage(played) + "\n"
        text += "  viewports      " + viewportCoverage(played, explorer) + "\n"
        text += "  env changes    " + environmentChangeCoverage(played) + "\n"
        text += "  environments   \(environments); configurations \(configurations)\n"
        text += "  rule            failing sequences  shrunk case\n"
        for outcome in outcomes {
            let name = outcome.name.padding(toLength: max(16, outcome.name.count + 1), withPad: " ", startingAt: 0)
            let count = String(outcome.failing).padding(toLength: 19, withPad: " ", startingAt: 0)
            let shrunk = outcome.shrunk.map { "\($0.file): frame \($0.violation.frame), \($0.violation.value)" } ?? ""
            text += shrunk.isEmpty ? "  \(name)\(outcome.failing)\n" : "  \(name)\(count)\(shrunk)\n"
        }
        return text
    }

    /// How the interruptions were timed: at each fraction of the running spring's settling
    /// duration, or at fixed times where none was known.
    static func interruptionPhases(_ played: [Played]) -> String {
        let interruptions = played.reduce(0) { $0 + $1.sequence.interruptions }
        guard interruptions > 0 else { return "" }
        var counts: [Double: Int] = [:]
        for item in played { counts.merge(item.sequence.interruptionsAtFractions, uniquingKeysWith: +) }
        let timed = Explorer.interruptionFractions.map { "\(counts[$0] ?? 0) at \(Int(($0 * 100).rounded())) %" }
        let fixed = interruptions - counts.values.reduce(0, +)
        return ": " + timed.joined(separator: ", ") + " of the spring's settling duration, \(fixed) at fixed times"
    }

    /// Releases either side of the thresholds found, by style and side.
    static func thresholdCoverage(_ played: [Played]) -> String {
        let releases = played.flatMap(\.sequence.thresholdReleases)
        guard !releases.isEmpty else { return "none found (no drag-end comparison of a drag value)" }
        let handles = Set(releases.map(\.handle)).sorted()
        let styles = Explorer.ThresholdRelease.Style.allCases.map { style in
            let of = releases.filter { $0.style == style }
            return "\(style.rawValue) \(of.filter { !$0.past }.count) short/\(of.filter(\.past).count) past"
        }
        return "\(releases.count) releases either side (\(styles.joined(separator: ", "))) on \(handles.joined(separator: ", "))"
    }

    /// Sequences on each viewport.
    static func viewportCoverage(_ played: [Played], _ explorer: Explorer) -> String {
        explorer.viewports.map { size in
            let count = played.filter { $0.sequence.recording.header.viewport == size }.count
            return "\(JSONText.number(size.width))×\(JSONText.number(size.height)) \(count)"
        }.joined(separator: ", ")
    }

    /// Environment changes between inputs, by what they changed.
    static func environmentChangeCoverage(_ played: [Played]) -> String {
        let changes = played.flatMap(\.sequence.environmentChanges)
        let kinds = Explorer.EnvironmentChange.allCases.map { kind in "\(kind.rawValue) \(changes.filter { $0 == kind }.count)" }
        return "\(changes.count) between inputs: " + kinds.joined(separator: ", ")
    }

    /// Passing sequences that each add a state or a state change the ones before did not
    /// reach, written as NAME-NNNN.jsonl with their baselines (`morph check` reads them).
    static func saveCovering(_ played: [Played], _ explorer: Explorer, to directory: String, replayFlag: String) throws {
        let folder = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var covered: Set<String> = []
        var written = 0
        for (index, item) in played.enumerated() where item.run.failures.isEmpty {
            let adds = item.run.states.union(item.run.transitions).subtracting(covered)
            guard !adds.isEmpty else { continue }
            covered.formUnion(adds)
            let name = String(format: "explore-%@-%05d.jsonl", explorer.componentName, index)
            let url = folder.appendingPathComponent(name)
            try Data(item.sequence.recording.jsonl.utf8).write(to: url)
            var replay = try Replay(item.sequence.recording, definition: explorer.replayDefinition)
            var frames: [Replay.Frame] = []
            while let frame = replay.next() { frames.append(frame) }
            let baseline = CheckBaseline(recording: name, frameRate: replay.fps, frames: frames)
            try baseline.write(to: CheckBaseline.Location(recording: url, relativePath: name, directory: nil))
            written += 1
        }
        printOutput(
            "saved \(written) covering recordings with baselines in \(directory) (morph check \(directory)\(replayFlag))\n")
    }

    /// One test case per rule: a failure when any sequence broke it (hit-target only as output).
    static func junitXML(_ outcomes: [RuleOutcome], sequences: Int, component: String) -> String {
        let failures = outcomes.filter { $0.failing > 0 && !$0.rule.isWarning }.count
        let counts = "tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\""
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"morph explore\" \(counts)>\n"
        text += "<testsuite name=\"morph explore \(escapeXML(component))\" \(counts)>\n"
        for outcome in outcomes {
            let name = escapeXML(outcome.name)
            var message = "\(outcome.failing) of \(sequences) sequences"
            if let shrunk = outcome.shrunk { message += "; shrunk: \(shrunk.file): \(shrunk.violation)" }
            let escaped = escapeXML(message)
            if outcome.failing > 0 && !outcome.rule.isWarning {
                text +=
                    "<testcase classname=\"morph.explore.\(escapeXML(component))\" name=\"\(name)\"><failure type=\"\(name)\" message=\"\(escaped)\">\(escaped)</failure></testcase>\n"
            } else {
                text +=
                    "<testcase classname=\"morph.explore.\(escapeXML(component))\" name=\"\(name)\"><system-out>\(escaped)</system-out></testcase>\n"
            }
        }
        text += "</testsuite>\n</testsuites>\n"
        return text
    }
}
