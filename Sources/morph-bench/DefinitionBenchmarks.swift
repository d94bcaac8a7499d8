import Foundation
import MorphKit

/// Frame build of the components through the one runtime (the seeds' bundled files,
/// `Sources/MorphKit/BuiltIn`, and the bottom sheet of `Examples/components`): the scene and
/// its display list at 21 points of the motion (the container and the hero card scrubbed
/// 0…1, the curtain held mid-drag at 21 points across its width, the sheet scrubbed). Printed
/// as µs per frame, min, median and max over `repeats` runs. The seeds' Swift builders these
/// were measured against are gone; `make bench-definition` compares against a build of the
/// commit that still had them.
func runDefinitionBenchmarks(repeats: Int = 9) {
    for name in ["morph-container", "hero-card", "curtain", "bottom-sheet"] {
        runDefinitionBenchmark(name, repeats: repeats)
    }
}

/// The 21 inputs that put a session at one point of its motion: a scrub, or for the curtain
/// a drag from its trailing edge held at `fraction` of the width (the moving frames a live
/// drag builds, fold and shadow included).
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

/// The sessions of component `name` (a built-in, else a file of `Examples/components`) at 21
/// points of its motion; nil (after saying why) when it cannot start.
private func definitionSessions(_ name: String, componentFile: String? = nil) -> [ComponentSession]? {
    let definition: ComponentDefinition
    if let componentFile {
        do {
            definition = try ComponentDefinition(contentsOf: URL(fileURLWithPath: componentFile))
        } catch {
            print("definition: cannot load \(componentFile): \(error)")
            return nil
        }
    } else if let kind = ComponentKind(rawValue: name), let builtIn = ComponentDefinition.builtIn(kind) {
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
    let sessions = stride(from: 0.0, through: 1.0, by: 0.05).compactMap { progress -> ComponentSession? in
        guard var session = try? ComponentSession(definition: definition) else { return nil }
        for event in motionPoint(progress, of: definition.kind) { try? session.handle(event) }
        return session
    }
    guard !sessions.isEmpty else {
        print("definition: could not start \(name)")
        return nil
    }
    let states = Set(sessions.map(\.stateName)).sorted().joined(separator: ", ")
    print("definition: \(name) sessions in state \(states)")
    return sessions
}

/// `morph-bench definition-profile N NAME [file [COMPONENT_FILE]]`: N passes of the frame builds
/// of `morph-container`, `hero-card`, `curtain` or `bottom-sheet` and nothing else, for profilers
/// (`valgrind --tool=callgrind`): instructions per frame are (count(N) − count(2)) / (N − 2) / 21.
/// `file`, the only side left, is accepted so one script can run this binary and one built
/// before the seeds' Swift builders were deleted (which also takes `swift`). With
/// `COMPONENT_FILE`, that file is built at NAME's poses instead of the bundled one (an older
/// commit's file, so the runtime is measured on the frames that commit drew).
func runDefinitionProfile(passes: Int, name: String, side: String, componentFile: String? = nil) {
    guard side == "file" else {
        print("definition-profile: only the `file` side exists (the seeds' Swift builders are gone)")
        exit(2)
    }
    guard let sessions = definitionSessions(name, componentFile: componentFile) else { exit(1) }
    var sink = 0
    for _ in 0..<passes {
        for session in sessions { sink &+= session.displayList().ops.count }
    }
    print("\(passes) passes of \(sessions.count) file frames of \(name): \(sink) ops")
}

private func runDefinitionBenchmark(_ name: String, repeats: Int) {
    guard let sessions = definitionSessions(name) else { return }
    let clock = SystemTimeSource()
    /// Seconds per frame over `rounds` passes through the sessions.
    func perFrame(rounds: Int, sink: inout Int) -> Double {
        let start = clock.now()
        for _ in 0..<rounds {
            for session in sessions { sink &+= session.displayList().ops.count }
        }
        return (clock.now() - start) / Double(rounds * sessions.count)
    }
    var sink = 0
    _ = perFrame(rounds: 20, sink: &sink)
    let times = (0..<repeats).map { _ in perFrame(rounds: 200, sink: &sink) }.sorted()
    let summary = [times.first!, times[times.count / 2], times.last!].map { String(format: "%.2f", $0 * 1e6) }
    print("component frame build (\(name) scene + display list, \(sessions.count) points, \(repeats) runs)")
    print("  µs/frame min/median/max: " + summary.joined(separator: " / "))
    if sink == -1 { print("") }
}
