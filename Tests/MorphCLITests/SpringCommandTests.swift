import Foundation
import MorphKit
import Testing

@Suite struct SpringCommandTests {
    struct Output {
        let spring: [String: Any]
        let samples: [(t: Double, value: Double, velocity: Double)]
    }

    func parse(_ text: String) throws -> Output {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let spring = try #require(object["spring"] as? [String: Any])
        let rows = try #require(object["samples"] as? [[String: Any]])
        let samples = try rows.map { row in
            (
                t: try #require(row["t"] as? Double), value: try #require(row["value"] as? Double),
                velocity: try #require(row["velocity"] as? Double)
            )
        }
        return Output(spring: spring, samples: samples)
    }

    /// x'' = k(Δ − x) − c·x', fourth-order Runge–Kutta, written here as independent truth.
    func integrate(response: Double, zeta: Double, change: Double, v0: Double, time: Double) -> (x: Double, v: Double) {
        let k = pow(2 * Double.pi / response, 2), c = 2 * zeta * k.squareRoot()
        func a(_ x: Double, _ v: Double) -> Double { k * (change - x) - c * v }
        var x = 0.0, v = v0, t = 0.0
        let h = 1e-4
        while t < time - 1e-12 {
            let s = min(h, time - t)
            let k1x = v, k1v = a(x, v)
            let k2x = v + s / 2 * k1v, k2v = a(x + s / 2 * k1x, v + s / 2 * k1v)
            let k3x = v + s / 2 * k2v, k3v = a(x + s / 2 * k2x, v + s / 2 * k2v)
            let k4x = v + s * k3v, k4v = a(x + s * k3x, v + s * k3v)
            x += s / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += s / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += s
        }
        return (x, v)
    }

    @Test func exactSamplesFollowTheODE() throws {
        let result = try MorphExecutable.run([
            "spring", "--response", "0.42", "--damping-fraction", "0.82",
            "--from", "96", "--to", "384", "--velocity", "50", "--times", "0,0.05,0.2,0.5,1.5",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let output = try parse(result.stdout)
        #expect(output.samples.map(\.t) == [0, 0.05, 0.2, 0.5, 1.5])
        for sample in output.samples {
            let truth = integrate(response: 0.42, zeta: 0.82, change: 288, v0: 50, time: sample.t)
            #expect(abs(sample.value - (96 + truth.x)) < 1e-6)
            #expect(abs(sample.velocity - truth.v) < 1e-5)
        }
        let k = pow(2 * Double.pi / 0.42, 2)
        #expect(abs((output.spring["stiffness"] as? Double ?? 0) - k) < 1e-9)
        #expect(abs((output.spring["damping"] as? Double ?? 0) - 2 * 0.82 * k.squareRoot()) < 1e-9)
        #expect(output.spring["response"] as? Double == 0.42)
        #expect(output.spring["dampingFraction"] as? Double == 0.82)
        #expect((output.spring["settlingDuration"] as? Double ?? 0) > 0.5)
    }

    @Test func keysComeInTheDocumentedOrder() throws {
        let result = try MorphExecutable.run(["spring", "--preset", "default", "--times", "0.1"])
        #expect(result.stdout.hasPrefix("{\"spring\":{\"response\":0.55,\"dampingFraction\":1,\"stiffness\":"))
        #expect(result.stdout.contains("\"settlingDuration\":"))
        #expect(result.stdout.contains("],\"samples\":[") == false)
        #expect(result.stdout.contains("},\"samples\":[{\"t\":0.1,\"value\":"))
    }

    @Test(arguments: [
        ("smooth", 0.5, 1.0), ("snappy", 0.5, 0.85), ("bouncy", 0.5, 0.7),
        ("interactive", 0.15, 0.85), ("default", 0.55, 1.0),
    ])
    func presets(name: String, response: Double, zeta: Double) throws {
        let result = try MorphExecutable.run(["spring", "--preset", name, "--until", "0.5"])
        #expect(result.status == 0)
        let output = try parse(result.stdout)
        #expect(abs((output.spring["response"] as? Double ?? 0) - response) < 1e-12)
        #expect(abs((output.spring["dampingFraction"] as? Double ?? 0) - zeta) < 1e-12)
        #expect(output.samples.count == 31)  // i/60 for i = 0 ... 30
        #expect(abs(output.samples.last!.t - 0.5) < 1e-12)
    }

    @Test func fluidModelIsTheAnimator() throws {
        let result = try MorphExecutable.run([
            "spring", "--duration", "0.5", "--bounce", "0.08", "--model", "fluid", "--fps", "60", "--until", "1",
        ])
        #expect(result.status == 0)
        let output = try parse(result.stdout)
        // The 300 Hz integrator stays within 1 % of the exact motion and ends on the target.
        for sample in output.samples {
            let truth = integrate(response: 0.5, zeta: 0.92, change: 1, v0: 0, time: sample.t)
            #expect(abs(sample.value - truth.x) < 0.01)
        }
        #expect(output.samples.last?.value == 1)
        #expect(output.samples.last?.velocity == 0)
    }

    /// A stiffly damped spring (damping c·h > 2 at 300 Hz) used to run off to infinity and
    /// print `null` from t ≈ 4 s; it follows the exact motion and ends on the target.
    @Test func stifflyDampedFluidSpringStaysFinite() throws {
        let result = try MorphExecutable.run([
            "spring", "--response", "0.15", "--damping-fraction", "10", "--model", "fluid", "--fps", "60", "--until", "6",
        ])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("null"))
        let output = try parse(result.stdout)
        for sample in output.samples {
            let truth = integrate(response: 0.15, zeta: 10, change: 1, v0: 0, time: sample.t)
            #expect(abs(sample.value - truth.x) < 0.01, "t = \(sample.t)")
        }
        #expect(output.samples.last?.value == 1)
    }

    @Test func outputAndSVGAreByteIdenticalAcrossRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("morph-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a.svg"), second = directory.appendingPathComponent("b.svg")
        let arguments = ["spring", "--preset", "bouncy", "--until", "1", "--model", "fluid", "--svg"]
        let a = try MorphExecutable.run(arguments + [first.path])
        let b = try MorphExecutable.run(arguments + [second.path])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.stdout == b.stdout)
        let svgA = try Data(contentsOf: first), svgB = try Data(contentsOf: second)
        #expect(svgA == svgB)
        let svg = String(decoding: svgA, as: UTF8.self)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.components(separatedBy: "<polyline").count == 3)
    }

    @Test(arguments: [
        [],
        ["--response", "0.4"],
        ["--response", "0.4", "--damping-fraction", "0.8"],
        ["--response", "abc", "--damping-fraction", "0.8", "--times", "0"],
        ["--response", "0", "--damping-fraction", "0.8", "--times", "0"],
        ["--response", "0.4", "--damping-fraction", "-1", "--times", "0"],
        ["--duration", "0.5", "--bounce", "-1", "--times", "0"],
        ["--preset", "wobbly", "--times", "0"],
        ["--preset", "smooth", "--response", "0.3", "--times", "0"],
        ["--preset", "smooth", "--times", "0,-1"],
        ["--preset", "smooth", "--times", "0", "--until", "1"],
        ["--preset", "smooth", "--fps", "60"],
        ["--preset", "smooth", "--until", "1", "--fps", "0"],
        ["--preset", "smooth", "--times", "0.5,0.1", "--model", "fluid"],
        ["--preset", "smooth", "--times", "0", "--model", "rk4"],
        ["--preset", "smooth", "--times", "0", "--frobnicate", "1"],
        ["--preset", "smooth", "--times", "0", "--times", "1"],
        ["--preset"],
    ])
    func badFlagsExitWithStatus2(arguments: [String]) throws {
        let result = try MorphExecutable.run(["spring"] + arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("morph spring: error: ") == true, "\(arguments)")
        #expect(lines.filter { $0.contains("error:") }.count == 1, "\(arguments)")
        #expect(result.stderr.contains("usage: morph spring"), "\(arguments)")
    }

    @Test func helpAndDispatch() throws {
        let help = try MorphExecutable.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("spring"))
        let springHelp = try MorphExecutable.run(["spring", "--help"])
        #expect(springHelp.status == 0 && springHelp.stdout.contains("--damping-fraction"))
        let unknown = try MorphExecutable.run(["teleport"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown subcommand 'teleport'"))
        let none = try MorphExecutable.run([])
        #expect(none.status == 2 && !none.stderr.isEmpty)
    }
}
