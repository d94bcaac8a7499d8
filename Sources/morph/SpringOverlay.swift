import Foundation
import MorphArguments

/// `morph spring --overlay SPEC --overlay SPEC … --svg OUT.svg`: several springs sampled at the
/// same times and drawn over each other (value and velocity), to compare tunings at a glance.
enum SpringOverlay {
    static let usage = """
        usage: morph spring --overlay "SPRING" [--overlay "SPRING" ...] [--from A] [--to B] [--velocity V]
                            (--times t1,t2,... | [--fps 60] --until T) [--model exact|fluid] [--svg FILE]
               SPRING: "--preset NAME", "--response R --damping-fraction Z" or "--duration D [--bounce B]"
        """

    /// Samples every `--overlay` spring with the shared flags (all but `--overlay` and `--svg`).
    static func run(_ scanned: ArgumentScanner.Arguments) throws -> Int32 {
        let svg = scanned.value("--svg")
        if let bad = scanned.options.first(where: { ["--overlay", "--svg"].contains($0.flag) && $0.value == "" }) {
            throw UsageError(message: "\(bad.flag) needs a value")
        }
        let shared = scanned.options.filter { $0.flag != "--overlay" && $0.flag != "--svg" }
            .map { "\($0.flag)=\($0.value ?? "")" }
        var springs: [(label: String, samples: [SpringSample], json: String)] = []
        for spec in scanned.values("--overlay") {
            let tokens = spec.split(whereSeparator: { $0 == " " }).map(String.init)
            let options: SpringOptions
            do {
                options = try SpringOptions(parsing: tokens + shared)
            } catch let error as UsageError {
                throw UsageError(message: "--overlay \"\(spec)\": \(error.message)")
            } catch let error as ArgumentScanner.Failure {
                throw UsageError(message: "--overlay \"\(spec)\": \(error.message)")
            }
            let samples = try options.samples()
            let json = SpringCommand.json(options: options, samples: samples)
            springs.append((spec, samples, String(json.dropLast())))
        }
        printOutput("{\"springs\":[" + springs.map(\.json).joined(separator: ",") + "]}\n")
        if let svg {
            func chart(_ title: String, _ quantity: (SpringSample) -> Double) -> LinePlot.Chart {
                LinePlot.Chart(
                    title: title,
                    series: springs.enumerated().map { index, spring in
                        LinePlot.Series(
                            label: spring.label, color: LinePlot.palette[index % LinePlot.palette.count],
                            points: spring.samples.map { ($0.time, quantity($0)) })
                    })
            }
            let text = LinePlot.svg([chart("value", \.value), chart("velocity", \.velocity)], width: 640, panelHeight: 200)
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: svg))
            } catch {
                printError("morph spring: error: cannot write SVG to '\(svg)': \(error.localizedDescription)")
                return 1
            }
        }
        return 0
    }
}
