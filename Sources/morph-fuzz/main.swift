import Foundation
import MorphKit
import MorphServer
import MorphTestSupport

// morph-fuzz: a seeded, coverage-free fuzz loop over morphd's protocol decoder and the
// recording reader and replay, in process. Any trap or crash is a failure; the input in flight
// is written to the crash file first.
//
// usage: morph-fuzz [--seconds N] [--seed S] [--crash FILE] [--replay-crash FILE]
//                   [--messages DIR] [--recordings DIR]
//   --seconds N        how long to run (default 60)
//   --seed S           base seed (default: from the clock, printed); case i uses seed S+i
//   --crash FILE       where a crashing input is written (default .build/fuzz/crash-input)
//   --replay-crash F   feed one saved input to both decoders and exit (to reproduce a crash)
//   --messages DIR     valid client messages, one JSON file each (the protocol goldens)
//   --recordings DIR   valid recordings (*.jsonl)

var seconds = 60.0
var baseSeed = UInt64(Date().timeIntervalSince1970 * 1000)
var crashFile = ".build/fuzz/crash-input"
var replayCrash: String?
var messagesDirectory = "Tests/MorphServerTests/__Goldens__/Protocol"
var recordingsDirectory = "Tests/MorphKitTests/__Fixtures__/recordings"

var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("morph-fuzz: \(flag) needs a value\n".utf8))
        exit(2)
    }
    switch flag {
    case "--seconds": seconds = Double(value) ?? seconds
    case "--seed": baseSeed = UInt64(value) ?? baseSeed
    case "--crash": crashFile = value
    case "--replay-crash": replayCrash = value
    case "--messages": messagesDirectory = value
    case "--recordings": recordingsDirectory = value
    default:
        FileHandle.standardError.write(Data("morph-fuzz: unknown flag \(flag)\n".utf8))
        exit(2)
    }
}

/// Writes a line to standard output unbuffered, so progress shows as it comes through a pipe.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The files in `directory` whose names end in `suffix`, as bytes, sorted by name.
func corpus(_ directory: String, suffix: String, prefix: String = "") -> [[UInt8]] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(suffix) && $0.hasPrefix(prefix) }.sorted().compactMap { name in
        FileManager.default.contents(atPath: directory + "/" + name).map { Array($0) }
    }
}

/// Tallies of what the decoders said.
struct Counts {
    var messagesAccepted = 0
    var messagesRefused = 0
    var recordingsRefused = 0
    var replaysRefused = 0
    var replaysPlayed = 0
    var framesBuilt = 0
}

/// Decodes one message; true when it was accepted.
func feedMessage(_ bytes: [UInt8], _ counts: inout Counts) {
    switch ClientMessage.decode(bytes) {
    case .success: counts.messagesAccepted += 1
    case .failure: counts.messagesRefused += 1
    }
}

/// Reads one recording and, when it is valid, plays a few frames of it and its last frame.
func feedRecording(_ bytes: [UInt8], _ counts: inout Counts) {
    guard let read = try? RecordingReader.read(Data(bytes), maxEventsPerSecond: Replay.maxEventsPerSecond) else {
        counts.recordingsRefused += 1
        return
    }
    guard var replay = try? Replay(read.recording) else {
        counts.replaysRefused += 1
        return
    }
    for _ in 0..<5 {
        guard replay.next() != nil else { break }
        counts.framesBuilt += 1
    }
    if replay.last() != nil { counts.framesBuilt += 1 }
    counts.replaysPlayed += 1
}

try? FileManager.default.createDirectory(
    atPath: (crashFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
CrashRecorder.install(path: crashFile)
var counts = Counts()

if let replayCrash {
    guard let bytes = FileManager.default.contents(atPath: replayCrash) else {
        say("morph-fuzz: cannot read \(replayCrash)")
        exit(2)
    }
    feedMessage(Array(bytes), &counts)
    feedRecording(Array(bytes), &counts)
    say("morph-fuzz: \(replayCrash) did not crash")
    exit(0)
}

let messages = corpus(messagesDirectory, suffix: ".json", prefix: "client-")
let recordings = corpus(recordingsDirectory, suffix: ".jsonl")
guard !messages.isEmpty, !recordings.isEmpty else {
    say("morph-fuzz: no seed inputs in \(messagesDirectory) or \(recordingsDirectory)")
    exit(2)
}
say("morph-fuzz: seed \(baseSeed), \(Int(seconds)) s, \(messages.count) messages, \(recordings.count) recordings")
say("morph-fuzz: reproduce with --seed \(baseSeed); a crash writes \(crashFile)")

let start = Date()
var nextReport = 10.0
var iteration: UInt64 = 0
var slowCases = 0
while Date().timeIntervalSince(start) < seconds {
    let caseStart = Date()
    var mutator = Mutator(random: SeededRandomNumberGenerator(seed: baseSeed &+ iteration))
    // Three messages per recording: a message costs microseconds, a replay milliseconds.
    if iteration % 4 != 3 {
        let input = mutator.mutate(messages.randomElement(using: &mutator.random)!)
        CrashRecorder.set(input)
        feedMessage(input, &counts)
    } else {
        let input = mutator.mutate(recordings.randomElement(using: &mutator.random)!)
        CrashRecorder.set(input)
        feedRecording(input, &counts)
    }
    let caseSeconds = Date().timeIntervalSince(caseStart)
    if caseSeconds > 1 {
        // Not a failure (no trap), but a bound worth knowing: one input should never cost seconds.
        slowCases += 1
        let slowFile = crashFile + ".slow-\(baseSeed &+ iteration)"
        _ = FileManager.default.createFile(atPath: slowFile, contents: Data(mutator.lastInput))
        say(
            "morph-fuzz: slow case seed \(baseSeed &+ iteration) (\(String(format: "%.1f", caseSeconds)) s), saved to \(slowFile)"
        )
    }
    iteration += 1
    let elapsed = Date().timeIntervalSince(start)
    if elapsed >= nextReport {
        say("morph-fuzz: \(Int(elapsed)) s, \(iteration) cases")
        nextReport += 10
    }
}

say(
    """
    morph-fuzz: \(iteration) cases in \(Int(seconds)) s, seed \(baseSeed), no crash, \(slowCases) slow (over 1 s)
      messages: \(counts.messagesAccepted) accepted, \(counts.messagesRefused) refused
      recordings: \(counts.recordingsRefused) refused by the reader, \(counts.replaysRefused) by replay, \
    \(counts.replaysPlayed) played (\(counts.framesBuilt) frames)
    """)
