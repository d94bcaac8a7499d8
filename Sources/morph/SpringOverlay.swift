import Foundation

/// `morph spring --overlay SPEC --overlay SPEC … --svg OUT.svg`: several springs sampled at the
/// same times and drawn over each other (value and velocity), to compare tunings at a glance.
enum SpringOverlay {
    static let usage = """
        usage: morph spring --overlay "SPRING" [--overlay "SPRING" ...] [--from A] [--to B] [--velocity V]
                            (--times t1,t2,... | [--fps 60] --until T) [--model exact|fluid] [--svg FILE]
               SPRING: "--preset NAME", "--response R --damping-fraction Z" or "--duration D [--bounce B]"
        """

    static func run(_ arguments: [String]) -> Int32 {
        var specs: [String] = []
        var shared: [String] = []
        var svg: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--overlay" || argument == "--svg" {
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    return usageError("\(argument) needs a value")
                }
                if argument == "--overlay" { specs.append(arguments[index + 1]) } else { svg = arguments[index + 1] }
                index += 2
            } else {
                shared.append(argument)
                index += 1
            }
        }
        var springs: [(label: String, samples: [SpringSample], json: String)] = []
        for spec in specs {
            let tokens = spec.split(whereSeparator: { $0 == " " }).map(String.init)
            do {
                let options = try SpringOptions(parsing: tokens + shared)
                let samples = try options.samples()
                let json = SpringCommand.json(options: options, samples: samples)
                springs.append((spec, samples, String(json.dropLast())))
            } catch let error as UsageError {
                return usageError("--overlay \"\(spec)\": \(error.message)")
            } catch {
                printError("morph spring: error: \(error)")
                return 1
            }
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

    static func usageError(_ message: String) -> Int32 {
        printError("morph spring: error: \(message)")
        printError(usage + "\n(morph spring --help explains every option)")
        return Subcommand.usageStatus
    }
}
