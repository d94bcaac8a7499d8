import Foundation

/// A value behind a lock: `Synchronization.Mutex`'s `withLock`, on a pthread mutex (`NSLock`).
///
/// Not `Mutex` because ThreadSanitizer cannot see it: contended, `Mutex` locks in
/// `_lockSlow`/`_unlockSlow` (a spin, then `FUTEX_LOCK_PI`), compiled into the toolchain's
/// uninstrumented libswiftSynchronization, so `make sanitize` reported the values it guards
/// as raced; TSan intercepts pthread mutexes. Sendable by construction: `value` is only
/// reached under `lock`, and goes in and out as `sending`, as with `Mutex`.
public final class Locked<Value>: @unchecked Sendable {
    /// Guards `value`.
    private let lock = NSLock()
    private var value: Value

    public init(_ initialValue: consuming sending Value) {
        value = initialValue
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
