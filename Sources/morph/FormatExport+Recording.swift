import Foundation
import MorphExport
import MorphKit

extension FormatExport {
    /// A Lottie of a recorded session (`--recording`), for motion a single transition does not
    /// show: replayed at `--fps` exactly as `morph replay` plays it (frame `i` at `i / fps` s),
    /// with the file's pictures embedded as assets.
    /// A top-level `morph.time` array records each frame's session time.
    static func recordingLottie(_ definition: ComponentDefinition, _ options: Options) throws -> String {
        let file = options.recording ?? ""
        let result: RecordingReader.Result
        do {
            result = try RecordingReader.read(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ReplayCommand.FailedReplay(description: "\(file): \(error)")
        }
        var replay = try Replay(result.recording, fps: options.fps, definition: definition)
        var frames: [DisplayList] = []
        var times: [JSONValue] = []
        let progress = TerminalProgress()
        defer { progress.clear() }
        let estimate = ReplayCommand.estimatedFrames(replay)
        while let frame = replay.next() {
            progress.frames(frame.index + 1, estimated: estimate)
            let list = try DisplayList(json: frame.displayList)
            if hasPixelEffect(list) { throw UsageError(message: try curtainRefusal(measure: false)) }
            frames.append(list)
            times.append(.number(frame.time))
        }
        guard !frames.isEmpty else { throw UsageError(message: "\(file): the replay gives no frame") }
        progress.show("writing Lottie: \(frames.count) frames", now: true)
        let extra = JSONValue.Member("morph", .object([.init("time", .array(times))]))
        let animation = LottieWriter(shadows: options.shadows, images: definition.imageBytes).animation(
            frames, fps: options.fps, name: definition.name, extra: [extra])
        return String(decoding: animation.compactBytes, as: UTF8.self) + "\n"
    }
}
