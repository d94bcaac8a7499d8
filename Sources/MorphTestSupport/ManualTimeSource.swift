import MorphKit
import Synchronization

/// A clock that moves only when a test says so.
public final class ManualTimeSource: TimeSource {
    /// Guards the time: a test moves it while the code under test reads it.
    private let seconds: Mutex<Double>

    public init(start: Double = 0) {
        seconds = Mutex(start)
    }

    public func now() -> Double {
        seconds.withLock { $0 }
    }

    /// Moves time forward; a negative step is a bug in the test.
    public func advance(by delta: Double) {
        precondition(delta >= 0, "time never runs backwards")
        seconds.withLock { $0 += delta }
    }
}
