import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// Numbers a hostile client or a damaged recording can send: every one is either refused
/// where it is decoded or drawn as a finite frame. Once, `"y": 1e308` in a curtain drag
/// reached layout, overflowed and stopped the server (a precondition in
/// `encodedDisplayList`).
@Suite struct HostileInputTests {
    func decode(_ json: String) throws -> InputEvent {
        try InputEvent(json: JSONCursor(parsing: Array(json.utf8)))
    }

    /// Encodes the frame as the server does, reporting instead of trapping on a NaN.
    func frameIsFinite(_ session: ComponentSession) -> Bool {
        (try? session.displayList().canonicalJSON()) != nil
    }

    @Test func decodingRefusesNumbersPastTheLimits() throws {
        let refused = [
            #"{"t":0,"kind":"pointerMove","pointer":1,"x":10,"y":1e308}"#,
            #"{"t":0,"kind":"pointerDown","pointer":1,"x":-1e6,"y":10}"#,
            #"{"t":0,"kind":"tap","x":100000.5,"y":0}"#,
            #"{"t":1e308,"kind":"tap","x":1,"y":1}"#,
            #"{"t":1000000.001,"kind":"tap","x":1,"y":1}"#,
            #"{"t":0,"kind":"scrub","progress":1e300}"#,
            #"{"t":0,"kind":"set","key":"folds","value":1e300}"#,
            #"{"t":0,"kind":"environment","size":[5000,100]}"#,
            #"{"t":0,"kind":"environment","size":[0,100]}"#,
        ]
        for json in refused {
            #expect(throws: JSONError.self, "\(json)") { try decode(json) }
        }
        // The bounds themselves are accepted.
        let atLimits = [
            #"{"t":1000000,"kind":"pointerMove","pointer":1,"x":-100000,"y":100000}"#,
            #"{"t":0,"kind":"scrub","progress":-10}"#,
            #"{"t":0,"kind":"set","key":"folds","value":-1000000}"#,
            #"{"t":0,"kind":"environment","size":[4096,4096]}"#,
        ]
        for json in atLimits { _ = try decode(json) }
    }

    @Test func theCrashingDragIsRefusedAndTheSessionKeepsRunning() throws {
        var session = try ComponentSession(component: .curtain)
        let width = session.viewport.width
        try session.handle(InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: width - 10, y: 300))))
        let before = try session.displayList().canonicalJSON()
        let hostile = InputEvent(time: 0.15, kind: .pointerMove(pointer: 1, location: Point(x: 200, y: 1e308)))
        #expect(throws: SessionError.badEvent(try #require(hostile.limitViolation))) { try session.handle(hostile) }
        // Refused whole: the clock did not move either.
        #expect(session.time == 0.1)
        #expect(try session.displayList().canonicalJSON() == before)
        try session.handle(InputEvent(time: 0.2, kind: .pointerMove(pointer: 1, location: Point(x: 200, y: 300))))
        #expect(session.stateName == "dragging")
    }

    @Test func viewportsOutsideTheLimitsAreRefused() {
        for size in [Size(width: 4097, height: 100), Size(width: 100, height: .infinity), Size(width: 0, height: 10)] {
            #expect(throws: SessionError.badViewport(size)) { try ComponentSession(component: .curtain, viewport: size) }
        }
    }

    @Test func recordingHeadersBoundTheFrameRateAndViewport() {
        func header(_ viewport: String, _ frameRate: String) -> Data {
            Data(
                (#"{"format":"morph.recording","version":1,"component":"curtain","viewport":"# + viewport
                    + #","frameRate":"# + frameRate + "}\n" + #"{"t":0.5,"kind":"tap","x":1,"y":1}"# + "\n").utf8)
        }
        for (viewport, frameRate) in [("[390,844]", "1e-300"), ("[390,844]", "1e9"), ("[1e308,844]", "60"), ("[390,5000]", "60")]
        {
            #expect(throws: RecordingError.self, "\(viewport) \(frameRate)") {
                try RecordingReader.read(header(viewport, frameRate))
            }
        }
        #expect(throws: Never.self) { try RecordingReader.read(header("[4096,4096]", "1000")) }
    }

    @Test func aRecordingLineWithAHugeNumberIsAnErrorWithItsLineNumber() throws {
        let text = """
            {"format":"morph.recording","version":1,"component":"curtain","viewport":[390,844],"frameRate":60}
            {"t":0.1,"kind":"pointerDown","pointer":1,"x":370,"y":400}
            {"t":0.2,"kind":"pointerMove","pointer":1,"x":300,"y":1e308}
            {"t":0.3,"kind":"pointerUp","pointer":1,"x":300,"y":400}
            """
        do {
            _ = try RecordingReader.read(Data(text.utf8))
            Issue.record("a line with y = 1e308 was accepted")
        } catch .malformedLine(let line, let reason) {
            #expect(line == 3)
            #expect(reason.contains("100000"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Every event kind with values drawn from the edges of what is accepted, on every
    /// component at the smallest and largest viewports: each frame encodes (no NaN, no
    /// infinity), and every refused event names its reason.
    @Test func eventsAtTheLimitsAlwaysGiveFiniteFrames() throws {
        let edges: [Double] = [
            0, 1e-300, -1e-300, 0.5, 1, 44, -44, 1e3, -1e3, InputLimits.maxCoordinate, -InputLimits.maxCoordinate,
            InputLimits.maxCoordinate - 0.5, 1e5 + 1, 1e308, -.infinity, .nan,
        ]
        let viewports = [Size(width: 1e-3, height: 1e-3), Size(width: 1, height: 4096), Size(width: 4096, height: 4096)]
        try withEverySeed(0..<6) { seed, random in
            for component in ComponentKind.allCases {
                for viewport in viewports {
                    var session = try ComponentSession(component: component, viewport: viewport)
                    var time = 0.0
                    for _ in 0..<30 {
                        time += [0, 1.0 / 60, 0.3, 2][Int.random(in: 0..<4, using: &random)]
                        let x = edges.randomElement(using: &random)!
                        let y = edges.randomElement(using: &random)!
                        let kinds: [InputEvent.Kind] = [
                            .tap(Point(x: x, y: y)), .pointerDown(pointer: 1, location: Point(x: x, y: y)),
                            .pointerMove(pointer: 1, location: Point(x: x, y: y)),
                            .pointerUp(pointer: 1, location: Point(x: x, y: y)),
                            .scrub(progress: Bool.random(using: &random) ? nil : x / 1e4),
                            .set(key: "folds", value: .number(x)),
                            .environment(
                                .init(reduceMotion: Bool.random(using: &random), size: Size(width: abs(x), height: abs(y)))),
                        ]
                        let event = InputEvent(time: time, kind: kinds.randomElement(using: &random)!)
                        do {
                            try session.handle(event)
                        } catch let error as SessionError {
                            switch error {
                            case .badEvent(let reason): #expect(event.limitViolation == reason, "seed \(seed)")
                            case .badSetting: break  // A `set` the component refuses is fine.
                            default: Issue.record("seed \(seed): \(error)")
                            }
                        }
                        session.advance(to: time + 1.0 / 60)
                        #expect(frameIsFinite(session), "seed \(seed) \(component) \(viewport) after \(event)")
                    }
                }
            }
        }
    }
}
