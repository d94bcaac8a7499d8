import Foundation

/// Where a running component reads "now", in seconds.
///
/// Time is always a parameter in Morph: only `morphd` and the CLI read a real clock, and
/// they do it through this protocol so that tests can substitute a manual one.
public protocol TimeSource: Sendable {
    /// Seconds since an arbitrary, fixed origin; never decreases.
    func now() -> Double
}

/// The process's monotonic clock (not wall time, so NTP steps cannot move frames).
public struct SystemTimeSource: TimeSource {
    /// The process's monotonic clock.
    public init() {}

    public func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
