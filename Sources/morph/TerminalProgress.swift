import Foundation

/// One line of progress on stderr, rewritten in place, for runs long enough to wonder about
/// (`check` over many recordings, `replay --filmstrip`, the Lottie of a long recording).
/// Only when stderr is a terminal: a pipe or a CI log gets nothing, so what they capture is
/// the same with or without it.
final class TerminalProgress: @unchecked Sendable {
    private let enabled: Bool
    private var shown = false
    private var lastShown: UInt64 = 0

    /// A replay makes hundreds of frames a second; a terminal needs a few lines a second.
    static let interval: UInt64 = 100_000_000

    init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
    }

    /// Shows `text` in place of the line shown before. Unless `now`, a call within
    /// `interval` of the last line shown is dropped (the first one always shows).
    func show(_ text: @autoclosure () -> String, now: Bool = false) {
        guard enabled else { return }
        let time = DispatchTime.now().uptimeNanoseconds
        guard now || !shown || time - lastShown >= Self.interval else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text())".utf8))
        shown = true
        lastShown = time
    }

    /// "[#####-----] 3/8 recordings".
    func bar(_ done: Int, of total: Int, _ unit: String, now: Bool = false) {
        show(Self.bar(filled: min(done, total) * 30 / max(total, 1)) + " \(done)/\(total) \(unit)", now: now)
    }

    /// "[#####-----] 40% frame 120": a replay's frames against an estimate (a replay runs
    /// until its motion settles, so its length is not known ahead).
    func frames(_ done: Int, estimated total: Int) {
        let percent = min(100, done * 100 / max(total, 1))
        show(Self.bar(filled: percent * 30 / 100) + " \(percent)% frame \(done)")
    }

    /// Thirty cells, `filled` of them full.
    private static func bar(filled: Int) -> String {
        "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled) + "]"
    }

    /// Erases the line, so a result can be printed in its place, or the run can end.
    func clear() {
        guard enabled, shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
