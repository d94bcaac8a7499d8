import Foundation
import MorphKit

/// Frame build of the three seed components from their bundled component files
/// (`ComponentDefinition.builtIn`, from `Sources/MorphKit/BuiltIn`) against the Swift
/// components, on the same sessions: the scene and its display list, at 21 points of the
/// motion (the container and the hero card scrubbed 0…1, the curtain held mid-drag at 21
/// points across its width). Printed as µs per frame and as the ratio file / Swift, min,
/// median and max over `repeats` alternating runs (issue 15's goal: within 1.5×, and at
/// most 20 µs a frame).
func runDefinitionBenchmarks(repeats: Int = 9) {
    for (name, component) in [
        ("morph-container", ComponentKind.morphContainer), ("hero-card", .heroCard), ("curtain", .curtain),
    ] {
        runDefinitionBenchmark(name, component, repeats: repeats)
    }
}

/// The 21 inputs that put a session at one point of its motion: a scrub for the container and
/// the hero card; for the curtain, a drag from its trailing edge held at `fraction` of the
/// width (the moving frames a live drag builds, fold and shadow included).
private func motionPoint(_ fraction: Double, of component: ComponentKind) -> [InputEvent] {
    guard component == .curtain else { return [InputEvent(time: 0, kind: .scrub(progress: fraction))] }
    let viewport = ComponentSession.defaultViewport(for: .curtain)
    let start = Point(x: viewport.width - 8, y: viewport.height / 2)
    let held = Point(x: viewport.width * (1 - 0.9 * fraction), y: viewport.height / 2 + 40 * fraction)
    return [
        InputEvent(time: 0, kind: .pointerDown(pointer: 1, location: start)),
        InputEvent(time: 0.05, kind: .pointerMove(pointer: 1, location: Point(x: start.x - 20, y: start.y))),
        InputEvent(time: 0.1, kind: .pointerMove(pointer: 1, location: held)),
    ]
}

/// The sessions both sides of the comparison build: the Swift component's and the file's,
/// scrubbed to 21 progress values; nil (after saying why) when either cannot start.
private func definitionSessions(_ name: String, _ component: ComponentKind) -> (
    swift: [ComponentSession], data: [ComponentSession]
)? {
    // A built-in's bundled file; any other name is a file of `Examples/components` (the
    // bottom sheet), profiled on its own (its Swift side is the container's, not a peer).
    let definition: ComponentDefinition
    if ComponentKind(rawValue: name) != nil, let builtIn = ComponentDefinition.builtIn(component) {
        definition = builtIn
    } else {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/components/\(name).json")
        do {
            definition = try ComponentDefinition(contentsOf: file)
        } catch {
            print("definition: cannot load \(file.path): \(error)")
            return nil
        }
    }
    func sessions(_ make: () throws -> ComponentSession) -> [ComponentSession] {
        stride(from: 0.0, through: 1.0, by: 0.05).compactMap { progress in
            guard var session = try? make() else { return nil }
            for event in motionPoint(progress, of: component) { try? session.handle(event) }
            return session
        }
    }
    let swift = sessions { try ComponentSession(component: component) }
    let data = sessions { try ComponentSession(definition: definition) }
    guard swift.count == data.count, !swift.isEmpty else {
        print("definition: could not start the sessions")
        return nil
    }
    // The comparison is only fair on equal work: the file's frames are the Swift ones, byte for byte.
    let differing = zip(swift, data).filter { $0.displayList() != $1.displayList() }.count
    if differing > 0 { print("definition: \(name): \(differing) of \(swift.count) file frames differ from the Swift ones") }
    let states = Set(swift.map(\.stateName)).sorted().joined(separator: ", ")
    print("definition: \(name) sessions in state \(states)")
    return (swift, data)
}

/// `morph-bench definition-profile N NAME SIDE`: N passes of one side's frame builds
/// (`file` or `swift`) of `morph-container`, `hero-card` or `curtain` and nothing else, for
/// profilers (`valgrind --tool=callgrind`): instructions per frame are
/// (count(N) − count(1)) / (N − 1) / 21.
func runDefinitionProfile(passes: Int, name: String, side: String) {
    let component = ComponentKind(rawValue: name) ?? .morphContainer
    guard let (swift, data) = definitionSessions(name, component) else { return }
    var sink = 0
    for _ in 0..<passes {
        for session in side == "swift" ? swift : data { sink &+= session.displayList().ops.count }
    }
    print("\(passes) passes of \(side == "swift" ? swift.count : data.count) \(side) frames of \(name): \(sink) ops")
}

private func runDefinitionBenchmark(_ name: String, _ component: ComponentKind, repeats: Int) {
    guard let (swift, data) = definitionSessions(name, component) else { return }
    let clock = SystemTimeSource()
    /// Seconds per frame over `rounds` passes through `sessions`.
    func perFrame(_ sessions: [ComponentSession], rounds: Int, sink: inout Int) -> Double {
        let start = clock.now()
        for _ in 0..<rounds {
            for session in sessions { sink &+= session.displayList().ops.count }
        }
        return (clock.now() - start) / Double(rounds * sessions.count)
    }
    var sink = 0
    _ = perFrame(swift, rounds: 20, sink: &sink)
    _ = perFrame(data, rounds: 20, sink: &sink)
    var swiftTimes: [Double] = []
    var dataTimes: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<repeats {
        let swiftTime = perFrame(swift, rounds: 200, sink: &sink)
        let dataTime = perFrame(data, rounds: 200, sink: &sink)
        swiftTimes.append(swiftTime)
        dataTimes.append(dataTime)
        ratios.append(dataTime / swiftTime)
    }
    func summary(_ values: [Double], scale: Double, _ format: String) -> String {
        let sorted = values.sorted()
        return [sorted.first!, sorted[sorted.count / 2], sorted.last!].map { String(format: format, $0 * scale) }
            .joined(separator: " / ")
    }
    print("component file frame build (\(name) scene + display list, \(swift.count) progress values, \(repeats) runs)")
    print("  Swift component     µs/frame min/median/max: " + summary(swiftTimes, scale: 1e6, "%.2f"))
    print("  component file      µs/frame min/median/max: " + summary(dataTimes, scale: 1e6, "%.2f"))
    print("  file / Swift        ratio    min/median/max: " + summary(ratios, scale: 1, "%.2f") + "  (goal ≤ 1.5)")
    if sink == -1 { print("") }
}
