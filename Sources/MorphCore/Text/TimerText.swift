/// SwiftUI's `Text(date, style: .timer)`: the time since a date as a running clock (the
/// curtain's progress row shows one), for the expression function `timerText`.
public enum TimerText {
    /// The whole seconds a timer shows after `seconds`: none before zero or for a non-finite
    /// value, and at most a million hours (beyond `Int` a conversion would trap).
    public static func seconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(Swift.min(Swift.max(0, seconds.rounded(.down)), 3_600_000_000))
    }

    /// The text for `seconds` since the date: `m:ss`, or `h:mm:ss` from an hour on, counting
    /// whole seconds.
    public static func text(seconds: Double) -> String {
        let total = Self.seconds(seconds)
        let hours = total / 3600, minutes = (total % 3600) / 60, secs = total % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
