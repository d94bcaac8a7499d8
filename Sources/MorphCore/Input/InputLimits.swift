/// Bounds on every number a client or a recording can hand a session.
///
/// Checked where events are decoded (protocol messages, recordings) and again when a session
/// applies an event, so layout, springs and renderers never see a value they cannot
/// represent: a `y` of 1e308 once reached layout, overflowed to infinity and stopped the
/// server. Every bound leaves generous room for real use.
public enum InputLimits {
    /// The largest side of a viewport or an environment `size`, in points (an iPad Pro at
    /// 1366 points fits three times over).
    public static let maxViewportSide = 4096.0
    /// The largest |x| or |y| of a pointer or tap location, in points: far past any edge a
    /// drag can leave through, small enough that every product in layout stays finite.
    public static let maxCoordinate = 100_000.0
    /// The latest session time an event may carry, in seconds (about 11.6 days).
    public static let maxTime = 1_000_000.0
    /// The largest |progress| of a scrub: springs overshoot 0...1 a little, never by this much.
    public static let maxScrubProgress = 10.0
    /// The largest |value| of a numeric `set` parameter (components apply their own ranges).
    public static let maxParameter = 1_000_000.0
    /// The lowest and highest recording frame rates, in frames per second.
    public static let frameRates = 1.0...1000.0

    /// Why `size` cannot be a viewport, or nil when it can.
    public static func viewportViolation(_ size: Size) -> String? {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            return "a viewport must be a positive, finite size"
        }
        guard size.width <= maxViewportSide, size.height <= maxViewportSide else {
            return "a viewport side must be at most \(Int(maxViewportSide)) points"
        }
        return nil
    }

    /// Why `insets` cannot be a safe area, or nil when they can.
    public static func safeAreaViolation(_ insets: EdgeInsets) -> String? {
        let edges = [insets.top, insets.leading, insets.bottom, insets.trailing]
        guard edges.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= maxViewportSide }) else {
            return "each inset must be a finite number in 0...\(Int(maxViewportSide))"
        }
        return nil
    }
}

extension InputEvent {
    /// Why this event is outside `InputLimits`, or nil when every number in it is within them.
    public var limitViolation: String? {
        guard time.isFinite, time >= 0, time <= InputLimits.maxTime else {
            return "`t` must be a finite number in 0...\(Int(InputLimits.maxTime))"
        }
        switch kind {
        case .tap(let point), .pointerDown(_, let point), .pointerMove(_, let point), .pointerUp(_, let point):
            let limit = InputLimits.maxCoordinate
            guard point.x.isFinite, point.y.isFinite, abs(point.x) <= limit, abs(point.y) <= limit else {
                return "`x` and `y` must be finite numbers within ±\(Int(limit))"
            }
        case .scrub(let progress?):
            guard progress.isFinite, abs(progress) <= InputLimits.maxScrubProgress else {
                return "`progress` must be a finite number within ±\(Int(InputLimits.maxScrubProgress)) or null"
            }
        case .scrub(nil): break
        case .set(_, .number(let value)):
            guard value.isFinite, abs(value) <= InputLimits.maxParameter else {
                return "`value` must be a finite number within ±\(Int(InputLimits.maxParameter))"
            }
        case .set: break
        case .environment(let change):
            if let size = change.size, let reason = InputLimits.viewportViolation(size) { return "`size`: " + reason }
            if let insets = change.safeArea, let reason = InputLimits.safeAreaViolation(insets) {
                return "`safeArea`: " + reason
            }
        }
        return nil
    }
}
