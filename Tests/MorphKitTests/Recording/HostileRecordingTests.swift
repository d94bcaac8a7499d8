import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// Generated hostile recordings: each is refused with an error naming its line, or replays
/// to the end. None may crash or hang (speed lives in `make bench`, not here).
@Suite struct HostileRecordingTests {
    static let header =
        #"{"format":"morph.recording","version":1,"component":"morph-container","configuration":{},"viewport":[400,440],"frameRate":60}"#

    static func file(_ lines: [String]) -> Data {
        Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The line a reader error names, nil for errors without one.
    static func line(of error: RecordingError) -> Int? {
        switch error {
        case .malformedLine(let line, _), .timeRunsBackwards(let line): line
        default: nil
        }
    }

    func readError(_ data: Data) -> RecordingError? {
        do {
            _ = try RecordingReader.read(data)
            return nil
        } catch {
            return error
        }
    }

    let tap = #"{"t":0.2,"kind":"tap","x":200,"y":220}"#

    @Test func badHeaderIsRefused() {
        #expect(readError(Self.file([#"{"format":"morph.recording","version":1"#, tap, tap])).flatMap(Self.line) == 1)
        #expect(readError(Self.file([#"{"format":"sketch","version":1}"#, tap])) == .notARecording(format: "sketch"))
        #expect(readError(Self.file([#"{"format":"morph.recording","version":99}"#, tap])) == .unsupportedVersion(99))
    }

    @Test(arguments: [
        #"{"t":1e308,"kind":"tap","x":200,"y":220}"#,
        #"{"t":0.5,"kind":"tap","x":200,"y":1e308}"#,
        #"{"t":0.5,"kind":"tap","x":-1e308,"y":1}"#,
        #"{"t":0.5,"kind":"scrub","progress":1e308}"#,
        #"{"t":0.5,"kind":"set","key":"dampingFraction","value":1e308}"#,
        #"{"t":1e400,"kind":"tap","x":200,"y":220}"#,
        #"{"t":0.5,"kind":"environment","size":[1e308,1e308]}"#,
    ])
    func hugeNumbersAreRefusedWithTheirLine(event: String) {
        let error = readError(Self.file([Self.header, tap, event, tap]))
        #expect(error.flatMap(Self.line) == 3, "\(String(describing: error))")
    }

    @Test func hugeFrameRateIsRefused() {
        let header = Self.header.replacingOccurrences(of: #""frameRate":60"#, with: #""frameRate":1e-300"#)
        #expect(readError(Self.file([header, tap])).flatMap(Self.line) == 1)
    }

    @Test func timeRunningBackwardsNamesItsLine() {
        let later = #"{"t":5,"kind":"tap","x":200,"y":220}"#
        #expect(readError(Self.file([Self.header, later, tap, later])) == .timeRunsBackwards(line: 3))
    }

    @Test func deepNestingIsRefused() {
        let deep =
            #"{"t":0.5,"kind":"tap","x":"# + String(repeating: "[", count: 10_000)
            + String(repeating: "]", count: 10_000) + #","y":1}"#
        #expect(readError(Self.file([Self.header, tap, deep, tap])).flatMap(Self.line) == 3)
    }

    @Test func binaryJunkIsRefused() {
        var random = SeededRandomNumberGenerator(seed: 14)
        let junk = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }.filter { $0 != 10 }
        var data = Data(Self.header.utf8 + [10] + Array(tap.utf8) + [10])
        data.append(contentsOf: junk)
        data.append(contentsOf: [10] + Array(tap.utf8) + [10])
        #expect(readError(data).flatMap(Self.line) == 3)
        #expect(readError(Data(junk)).flatMap(Self.line) == 1)
    }

    /// 100 000 taps at t = 0 read fine but are far past the input rate: replay refuses the
    /// 1001st (file line 1002) instead of hit testing every one of them.
    @Test func aHundredThousandEventsAtZeroAreRefusedAtTheRateLimit() throws {
        let event = #"{"t":0,"kind":"tap","x":200,"y":220}"#
        let data = Self.file([Self.header] + Array(repeating: event, count: 100_000))
        let recording = try RecordingReader.read(data).recording
        #expect(recording.events.count == 100_000)
        #expect(throws: ReplayError.tooManyEvents(index: 1000)) { try Replay(recording) }
        #expect(Replay.eventRateViolation(recording.events) == 1000)
    }

    /// With the rate given to the reader (as morphd's `replay` does), reading stops at the
    /// first line over it: the junk after line 1002 is never reached, so a file of a million
    /// events costs what a thousand cost.
    @Test func theReaderStopsAtTheFirstLineOverTheRate() throws {
        let event = #"{"t":0,"kind":"tap","x":200,"y":220}"#
        let junk = Self.file([Self.header] + Array(repeating: event, count: 1001) + ["not json", event, event])
        #expect(throws: RecordingError.tooManyEvents(line: 1002, perSecond: 1000)) {
            try RecordingReader.read(junk, maxEventsPerSecond: Replay.maxEventsPerSecond)
        }
        // Without it the same file is a malformed line further on.
        #expect(readError(junk).flatMap(Self.line) == 1003)
        let million = Self.file([Self.header] + Array(repeating: event, count: 1_000_000))
        #expect(throws: RecordingError.tooManyEvents(line: 1002, perSecond: 1000)) {
            try RecordingReader.read(million, maxEventsPerSecond: 1000)
        }
        // Blank lines count in line numbers; events spread over time pass.
        let spread = Self.file(
            [Self.header, ""] + (0..<3000).map { #"{"t":\#(Double($0) / 999),"kind":"scrub","progress":0.5}"# })
        #expect(try RecordingReader.read(spread, maxEventsPerSecond: 1000).recording.events.count == 3000)
    }

    @Test func aFileOverTheByteLimitIsRefusedUnread() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = Self.file([Self.header] + Array(repeating: tap, count: 100))
        try data.write(to: url)
        #expect(throws: RecordingError.tooLarge(bytes: data.count, limit: 1000)) {
            try RecordingReader.read(contentsOf: url, maxBytes: 1000)
        }
        #expect(try RecordingReader.read(contentsOf: url, maxBytes: data.count).recording.events.count == 100)
    }

    /// The rate is per closed one-second window of session time: 1000 events at one instant
    /// replay; one more within the same second is refused, one just past it is not.
    @Test func theRateLimitCountsAnyOneSecondWindow() throws {
        let burst = Array(repeating: InputEvent(time: 0.5, kind: .tap(Point(x: 200, y: 220))), count: 1000)
        #expect(Replay.eventRateViolation(burst) == nil)
        #expect(Replay.eventRateViolation(burst + [InputEvent(time: 1.5, kind: .scrub(progress: nil))]) == 1000)
        #expect(Replay.eventRateViolation(burst + [InputEvent(time: 1.5001, kind: .scrub(progress: nil))]) == nil)
        // Spread evenly just under the limit for 20 s: allowed; at 1000 a second, a closed
        // window holds 1001 of them.
        let steady = (0..<19_800).map { InputEvent(time: Double($0) / 990, kind: .scrub(progress: Double($0 % 100) / 100)) }
        #expect(Replay.eventRateViolation(steady) == nil)
        let tooFast = (0..<2_000).map { InputEvent(time: Double($0) / 1000, kind: .scrub(progress: nil)) }
        #expect(Replay.eventRateViolation(tooFast) == 1000)
        var replay = try Replay(
            Recording(
                header: RecordingHeader(component: "morph-container", viewport: Size(width: 400, height: 440)),
                events: burst + [InputEvent(time: 1.6, kind: .scrub(progress: nil))]))
        let lastFrame = replay.last()
        let last = try #require(lastFrame)
        #expect(last.time >= 1.6)
        // 1000 taps toggle the card an even number of times: closed again.
        #expect(last.stateName == "collapsed")
    }

    /// A recording that ends at the time limit (about 11.6 days) replays to its end without
    /// stepping through every still frame.
    @Test func aRecordingAtTheTimeLimitReplaysToItsEnd() throws {
        let data = Self.file([Self.header, tap, #"{"t":1000000,"kind":"tap","x":200,"y":220}"#])
        var replay = try Replay(try RecordingReader.read(data).recording)
        let lastFrame = replay.last()
        let last = try #require(lastFrame)
        #expect(last.time > 1_000_000)
        #expect(last.stateName == "collapsed")
        #expect(abs(try DisplayList(json: last.displayList).time - last.time) <= 0.00005)
    }
}
