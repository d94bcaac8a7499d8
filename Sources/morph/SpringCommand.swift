import Foundation
import MorphArguments
import MorphKit

/// `morph spring`: samples a spring's value and velocity over time as JSON (and optionally
/// an SVG plot), so a spring can be checked or tuned without building a component.
enum SpringCommand {
    static let subcommand = Subcommand(
        name: "spring",
        summary: "sample a spring's value and velocity over time (JSON, optional SVG)",
        run: { arguments in
            // `--overlay` samples several springs; its own usage applies.
            let overlay = arguments.contains { $0 == "--overlay" || $0.hasPrefix("--overlay=") }
            return Subcommand.execute(
                "spring", usage: overlay ? SpringOverlay.usage : usage, help: help, arguments, run)
        }
    )

    static let usage = """
        usage: morph spring (--response R --damping-fraction Z | --duration D [--bounce B] |
                             --preset smooth|snappy|bouncy|interactive|default)
                            [--from A] [--to B] [--velocity V]
                            (--times t1,t2,... | [--fps 60] --until T) [--model exact|fluid] [--svg FILE]
        """

    static let help = """
        morph spring — sample a SwiftUI-style spring

        \(usage)

          --response R            period of the undamped spring in seconds (> 0)
          --damping-fraction Z    fraction of critical damping (>= 0)
          --duration D            perceptual duration in seconds (> 0)
          --bounce B              -1 < B <= 1 (default 0)
          --preset NAME           smooth, snappy, bouncy (duration 0.5), interactive
                                  (.interactiveSpring: 0.15, ζ 0.85), default (0.55, ζ 1)
          --from A, --to B        start and target value (default 0 and 1)
          --velocity V            initial velocity in value units per second (default 0)
          --times t1,t2,...       sample times in seconds (>= 0; non-decreasing for fluid)
          --fps F --until T       sample at i/F for i = 0 ... floor(T·F) (F defaults to 60)
          --model exact|fluid     exact: the closed form (default); fluid: SwiftUI's 300 Hz
                                  animator, ticked at 60 Hz frames between the sample times
          --svg FILE              also draw value and velocity over time into FILE
          --overlay "SPRING"      repeatable: several springs (each its own flags, quoted) at
                                  the same times, drawn over each other in one --svg

        Prints {"spring":{...},"samples":[{"t":…,"value":…,"velocity":…}]} on stdout.
        Non-finite numbers (an undamped spring's settling duration) print as null.

        """

    static let maximumSamples = 1_000_000

    static func run(_ arguments: [String]) throws -> Int32 {
        let scanned = try SpringOptions.scanner.scan(arguments)
        if let operand = scanned.operands.first { throw UsageError(message: "unexpected argument '\(operand)'") }
        if scanned.contains("--overlay") { return try SpringOverlay.run(scanned) }
        let options = try SpringOptions(scanned: scanned)
        let samples = try options.samples()
        printOutput(json(options: options, samples: samples))
        if let path = options.svgPath {
            do {
                try Data(SpringPlot.svg(samples: samples).utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                printError("morph spring: error: cannot write SVG to '\(path)': \(error.localizedDescription)")
                return 1
            }
        }
        return 0
    }

    /// The output document, written by hand so key order and number text are fixed.
    static func json(options: SpringOptions, samples: [SpringSample]) -> String {
        let animation = options.animation
        let spring = animation.spring
        var text = "{\"spring\":{"
        text += "\"response\":\(JSONText.number(animation.response)),"
        text += "\"dampingFraction\":\(JSONText.number(animation.dampingFraction)),"
        text += "\"stiffness\":\(JSONText.number(spring.stiffness)),"
        text += "\"damping\":\(JSONText.number(spring.damping)),"
        text += "\"settlingDuration\":\(JSONText.number(spring.settlingDuration))"
        text += "},\"samples\":["
        text += samples.map { sample in
            "{\"t\":\(JSONText.number(sample.time)),\"value\":\(JSONText.number(sample.value)),\"velocity\":\(JSONText.number(sample.velocity))}"
        }.joined(separator: ",")
        text += "]}\n"
        return text
    }
}

/// One row of `morph spring` output.
struct SpringSample {
    let time: Double
    let value: Double
    let velocity: Double
}

/// `morph spring`'s validated options.
struct SpringOptions {
    enum Model: String { case exact, fluid }

    var animation: Animation
    var from = 0.0
    var to = 1.0
    var velocity = 0.0
    var times: [Double]
    var model = Model.exact
    var svgPath: String?

    /// Every flag of `morph spring`; `--overlay` (repeatable) is read by `SpringOverlay`.
    static let scanner = ArgumentScanner(
        values: [
            "--response", "--damping-fraction", "--duration", "--bounce", "--preset", "--from", "--to",
            "--velocity", "--times", "--fps", "--until", "--model", "--svg", "--overlay",
        ],
        repeatable: ["--overlay"])

    /// The options of one spring from its command line (`--overlay` reads each spring's own
    /// flags plus the shared ones this way).
    init(parsing arguments: [String]) throws {
        let scanned = try SpringOptions.scanner.scan(arguments)
        if let operand = scanned.operands.first { throw UsageError(message: "unexpected argument '\(operand)'") }
        try self.init(scanned: scanned)
    }

    init(scanned: ArgumentScanner.Arguments) throws {
        guard !scanned.contains("--overlay") else { throw UsageError(message: "--overlay cannot be nested") }
        var values: [String: String] = [:]
        for option in scanned.options { values[option.flag] = option.value ?? "" }

        func number(_ flag: String) throws -> Double? {
            guard let text = values[flag] else { return nil }
            guard let number = Double(text), number.isFinite else {
                throw UsageError(message: "option '\(flag)' needs a finite number, got '\(text)'")
            }
            return number
        }

        // Exactly one way of naming the spring.
        let byResponse = values["--response"] != nil || values["--damping-fraction"] != nil
        let byDuration = values["--duration"] != nil || values["--bounce"] != nil
        let byPreset = values["--preset"] != nil
        let ways = [byResponse, byDuration, byPreset].filter { $0 }.count
        guard ways == 1 else {
            throw UsageError(
                message: ways == 0
                    ? "missing spring: give --response and --damping-fraction, --duration [--bounce], or --preset"
                    : "give only one of --response/--damping-fraction, --duration/--bounce, --preset")
        }
        if byResponse {
            guard let response = try number("--response") else {
                throw UsageError(message: "--damping-fraction needs --response")
            }
            guard let fraction = try number("--damping-fraction") else {
                throw UsageError(message: "--response needs --damping-fraction")
            }
            guard response > 0 else {
                throw UsageError(message: "--response must be greater than 0, got \(values["--response"]!)")
            }
            guard fraction >= 0 else {
                throw UsageError(message: "--damping-fraction must be 0 or more, got \(values["--damping-fraction"]!)")
            }
            animation = .spring(response: response, dampingFraction: fraction)
        } else if byDuration {
            guard let duration = try number("--duration") else { throw UsageError(message: "--bounce needs --duration") }
            let bounce = try number("--bounce") ?? 0
            guard duration > 0 else {
                throw UsageError(message: "--duration must be greater than 0, got \(values["--duration"]!)")
            }
            guard bounce > -1 && bounce <= 1 else {
                throw UsageError(message: "--bounce must be in (-1, 1], got \(values["--bounce"]!)")
            }
            animation = .spring(duration: duration, bounce: bounce)
        } else {
            switch values["--preset"]! {
            case "smooth": animation = .smooth
            case "snappy": animation = .snappy
            case "bouncy": animation = .bouncy
            case "interactive": animation = .interactiveSpring
            case "default": animation = .default
            case let other:
                throw UsageError(message: "unknown preset '\(other)' (smooth, snappy, bouncy, interactive, default)")
            }
        }

        from = try number("--from") ?? 0
        to = try number("--to") ?? 1
        velocity = try number("--velocity") ?? 0
        if let text = values["--model"] {
            guard let model = Model(rawValue: text) else { throw UsageError(message: "unknown model '\(text)' (exact, fluid)") }
            self.model = model
        }
        svgPath = values["--svg"]
        if let path = svgPath, path.isEmpty { throw UsageError(message: "--svg needs a file name") }

        if let list = values["--times"] {
            guard values["--fps"] == nil && values["--until"] == nil else {
                throw UsageError(message: "give either --times or --fps/--until, not both")
            }
            var times: [Double] = []
            for item in list.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = item.trimmingCharacters(in: .whitespaces)
                guard let time = Double(trimmed), time.isFinite, time >= 0 else {
                    throw UsageError(message: "--times needs comma-separated times >= 0, got '\(trimmed)'")
                }
                times.append(time)
            }
            self.times = times
        } else if let until = try number("--until") {
            let fps = try number("--fps") ?? 60
            guard fps > 0 else { throw UsageError(message: "--fps must be greater than 0") }
            guard until >= 0 else { throw UsageError(message: "--until must be 0 or more") }
            let count = (until * fps + 1e-9).rounded(.down)
            guard count < Double(SpringCommand.maximumSamples) else {
                throw UsageError(message: "too many samples (at most \(SpringCommand.maximumSamples))")
            }
            times = (0...Int(count)).map { Double($0) / fps }
        } else {
            throw UsageError(
                message: values["--fps"] == nil ? "missing sample times: give --times or --until" : "--fps needs --until")
        }
        guard times.count <= SpringCommand.maximumSamples else {
            throw UsageError(message: "too many samples (at most \(SpringCommand.maximumSamples))")
        }
        if model == .fluid, zip(times, times.dropFirst()).contains(where: { $0 > $1 }) {
            throw UsageError(message: "--model fluid needs non-decreasing --times (the animator never runs backwards)")
        }
    }

    /// Samples the exact closed form or the fluid animator at `times`.
    func samples() throws -> [SpringSample] {
        switch model {
        case .exact:
            let spring = animation.spring
            return times.map { t in
                SpringSample(
                    time: t,
                    value: spring.value(fromValue: from, toValue: to, initialVelocity: velocity, time: t),
                    velocity: spring.velocity(fromValue: from, toValue: to, initialVelocity: velocity, time: t))
            }
        case .fluid:
            // A display ticks the animator every 60 Hz frame; the sample times are extra
            // reads between frames. Without the frames, a gap over 1 s would be a "stall".
            var animator = Animator(value: from)
            animator.animate(to: to, with: animation, at: 0, initialVelocity: velocity)
            var frame = 0
            return times.map { t in
                while Double(frame + 1) / 60 < t {
                    frame += 1
                    animator.advance(to: Double(frame) / 60)
                }
                animator.advance(to: t)
                return SpringSample(time: t, value: animator.value, velocity: animator.velocity)
            }
        }
    }
}
