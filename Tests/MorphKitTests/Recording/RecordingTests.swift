import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct RecordingTests {
    static let header = RecordingHeader(
        component: "curtain",
        configuration: .object(sorting: [
            "folds": .number(4), "title": .string("Curtain"), "nested": .array([.bool(true), .null]),
        ]),
        environment: .init(reduceMotion: false, dynamicType: .large, colorScheme: .light),
        viewport: Size(width: 390, height: 844),
        frameRate: 60)

    static let events: [InputEvent] = [
        InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 370, y: 400))),
        InputEvent(time: 0.116, kind: .pointerMove(pointer: 1, location: Point(x: 330, y: 401))),
        InputEvent(time: 0.133, kind: .pointerUp(pointer: 1, location: Point(x: 270, y: 402))),
        InputEvent(time: 0.5, kind: .set(key: "folds", value: .number(6))),
        InputEvent(time: 0.7, kind: .environment(.init(reduceMotion: true))),
        InputEvent(time: 0.9, kind: .scrub(progress: 0.3)),
        InputEvent(time: 1.0, kind: .tap(Point(x: 3, y: 4))),
    ]

    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("morph-recording-\(UUID().uuidString).jsonl")
    }

    @Test func writeThenReadRoundTrips() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try RecordingWriter(url: url, header: Self.header)
        for event in Self.events { try writer.append(event) }
        // Every line is on disk as soon as append returns, before closing.
        let beforeClose = try RecordingReader.read(contentsOf: url)
        #expect(beforeClose.recording.events == Self.events)
        try writer.close()
        #expect(throws: RecordingError.self) { try writer.append(Self.events[0]) }

        let result = try RecordingReader.read(contentsOf: url)
        #expect(result.warnings.isEmpty)
        #expect(result.recording == Recording(header: Self.header, events: Self.events))
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == Recording(header: Self.header, events: Self.events).jsonl)
        #expect(text.split(separator: "\n").count == 1 + Self.events.count)
        #expect(
            text.hasPrefix(
                #"{"format":"morph.recording","version":1,"component":"curtain","configuration":{"folds":4,"nested":[true,null],"title":"Curtain"},"environment":{"reduceMotion":false,"dynamicType":"L","colorScheme":"light"},"viewport":[390,844],"frameRate":60}"#
            ))
    }

    @Test func truncatedLastLineIsAWarning() throws {
        let full = Recording(header: Self.header, events: Self.events).jsonl
        // Cut in the middle of the last event line, as a crash mid-write would.
        let cut = String(full.dropLast(9))
        let result = try RecordingReader.read(Data(cut.utf8))
        #expect(result.recording.events == Array(Self.events.dropLast()))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.line == 1 + Self.events.count)
        // A malformed (not truncated) last line followed by a newline is also only a warning.
        let garbage = try RecordingReader.read(Data((full + "{\"t\":2,\"kind\":\"nope\"}\n").utf8))
        #expect(garbage.recording.events == Self.events && garbage.warnings.first?.line == 2 + Self.events.count)
    }

    @Test func badMiddleLineIsAnErrorWithItsLineNumber() {
        var lines = Recording(header: Self.header, events: Self.events).jsonl.split(separator: "\n").map(String.init)
        lines[2] = #"{"t":0.116,"kind":"pointerMove","pointer":1,"x":"#
        do {
            _ = try RecordingReader.read(Data(lines.joined(separator: "\n").utf8))
            Issue.record("expected an error")
        } catch {
            guard case .malformedLine(let line, let reason) = error else { Issue.record("got \(error)"); return }
            #expect(line == 3)
            #expect(!reason.isEmpty)
        }
    }

    @Test func blankLinesAndUnknownKeysAreIgnored() throws {
        let text =
            String(Self.header.jsonLine.dropLast()) + #","recordedBy":"someone"}"# + "\n\n"
            + #"{"t":0.1,"kind":"tap","x":1,"y":2,"extra":{"a":1}}"# + "\n   \n"
        let result = try RecordingReader.read(Data(text.utf8))
        #expect(result.recording.header == Self.header)
        #expect(result.recording.events == [InputEvent(time: 0.1, kind: .tap(Point(x: 1, y: 2)))])
        #expect(result.warnings.isEmpty)
    }

    @Test func unsupportedVersionIsNotMalformed() {
        let text = Self.header.jsonLine.replacingOccurrences(of: #""version":1"#, with: #""version":2"#) + "\n"
        #expect(throws: RecordingError.unsupportedVersion(2)) { try RecordingReader.read(Data(text.utf8)) }
    }

    @Test func headerProblems() {
        #expect(throws: RecordingError.empty) { try RecordingReader.read(Data("\n\n".utf8)) }
        #expect(throws: RecordingError.notARecording(format: "morph.scene")) {
            try RecordingReader.read(Data(#"{"format":"morph.scene","version":1}"#.utf8))
        }
        #expect(throws: RecordingError.notARecording(format: nil)) { try RecordingReader.read(Data(#"{"version":1}"#.utf8)) }
        do {
            _ = try RecordingReader.read(Data("{not json\n".utf8))
            Issue.record("expected an error")
        } catch {
            guard case .malformedLine(let line, _) = error else { Issue.record("got \(error)"); return }
            #expect(line == 1)
        }
        let badViewport = Self.header.jsonLine.replacingOccurrences(of: "[390,844]", with: "[390]")
        #expect(throws: RecordingError.self) { try RecordingReader.read(Data(badViewport.utf8)) }
    }

    @Test func timeRunningBackwardsIsAnError() {
        let text =
            Self.header.jsonLine + "\n"
            + InputEvent(time: 1, kind: .tap(.zero)).jsonLine + "\n"
            + InputEvent(time: 0.5, kind: .tap(.zero)).jsonLine + "\n"
            + InputEvent(time: 2, kind: .tap(.zero)).jsonLine + "\n"
        #expect(throws: RecordingError.timeRunsBackwards(line: 3)) { try RecordingReader.read(Data(text.utf8)) }
    }

    @Test func randomRecordingsRoundTrip() throws {
        try withEverySeed(1...25) { seed, random in
            var t = 0.0
            var events: [InputEvent] = []
            for _ in 0..<50 {
                t += Double.random(in: 0...0.05, using: &random)
                let point = Point(x: .random(in: -10...400, using: &random), y: .random(in: -10...900, using: &random))
                let kind: InputEvent.Kind
                switch Int.random(in: 0..<7, using: &random) {
                case 0: kind = .tap(point)
                case 1: kind = .pointerDown(pointer: .random(in: 0...3, using: &random), location: point)
                case 2: kind = .pointerMove(pointer: .random(in: 0...3, using: &random), location: point)
                case 3: kind = .pointerUp(pointer: .random(in: 0...3, using: &random), location: point)
                case 4: kind = .scrub(progress: Bool.random(using: &random) ? nil : .random(in: 0...1, using: &random))
                case 5: kind = .set(key: "folds", value: .number(Double(Int.random(in: 1...8, using: &random))))
                default:
                    kind = .environment(
                        .init(
                            reduceMotion: .random(using: &random), size: Size(width: point.x.magnitude, height: point.y.magnitude)
                        ))
                }
                events.append(InputEvent(time: t, kind: kind))
            }
            let recording = Recording(header: Self.header, events: events)
            let result = try RecordingReader.read(Data(recording.jsonl.utf8))
            #expect(result.recording == recording, "seed \(seed)")
        }
    }

    @Test func jsonValueIsCanonicalAndRoundTrips() throws {
        let value = JSONValue.object(sorting: [
            "b": .number(1.5), "a": .array([.null, .bool(false), .string("é\u{1}")]), "c": .object([]),
        ])
        #expect(value.canonicalText == #"{"a":[null,false,"é\u0001"],"b":1.5,"c":{}}"#)
        #expect(try JSONValue.parse(Array(value.canonicalText.utf8)) == value)
    }
}
