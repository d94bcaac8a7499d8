import Dispatch
import Foundation
import MorphKit
import MorphWork

/// The live preview server: HTTP for the page and fonts, `morph.v1` for sessions.
///
/// `start()` spawns the one service thread that makes every lws call (context creation and
/// destruction included) and returns once the port is bound. Other threads only post to the
/// service loop's mailbox and wake it; `stop()` does that and waits for the thread to end,
/// after recordings are closed and viewers told the server is going away.
public final class PreviewServer: Sendable {
    private let loop: ServiceLoop
    /// Guards the start/stop phase: `start()` and `stop()` may be called from any thread.
    private let state = Locked<Phase>(.idle)
    private let finished = DispatchSemaphore(value: 0)

    private enum Phase { case idle, running, stopped }

    /// Makes a server; nothing listens until `start()`.
    /// - Parameters:
    ///   - clock: the session clock (monotonic); tests may pass a manual one.
    ///   - wallClock: stamps `serverTime` so a page on the same machine can read latency.
    public init(
        configuration: ServerConfiguration, registry: ComponentRegistry,
        clock: any TimeSource = SystemTimeSource(), wallClock: any TimeSource = WallClock()
    ) throws(MorphServerError) {
        try configuration.validate()
        loop = ServiceLoop(configuration: configuration, registry: registry, clock: clock, wallClock: wallClock)
    }

    /// Binds and starts serving; returns the port actually bound.
    public func start() throws(MorphServerError) -> Int {
        let canStart = state.withLock { phase in
            guard phase == .idle else { return false }
            phase = .running
            return true
        }
        guard canStart else { throw .alreadyStarted }
        let started = DispatchSemaphore(value: 0)
        // Guards the outcome the service thread hands the starting thread.
        let outcome = Locked<Result<Int, MorphServerError>?>(nil)
        let loop = self.loop
        let finished = self.finished
        let thread = Thread {
            let result = loop.open()
            outcome.withLock { $0 = result }
            started.signal()
            if case .success = result { loop.run() }
            finished.signal()
        }
        thread.name = "morphd-service"
        thread.start()
        started.wait()
        let result = outcome.withLock { $0 } ?? .failure(.listenFailed(host: "?", port: -1))
        switch result {
        case .success(let port):
            return port
        case .failure(let error):
            finished.wait()
            state.withLock { $0 = .stopped }
            throw error
        }
    }

    /// Stops serving: closes recordings and connections, then the context. Safe from any
    /// thread, idempotent, and returns only when the service thread has finished.
    public func stop() {
        let wasRunning = state.withLock { phase in
            defer { phase = .stopped }
            return phase == .running
        }
        guard wasRunning else { return }
        loop.post(.stop)
        finished.wait()
        finished.signal()
    }

    /// Tells the server that component files loaded again or failed to (from
    /// `ComponentFolder.poll()`, on any thread): sessions of those components draw a frame
    /// from the new definition and their viewers get `component-file`.
    public func componentsChanged(_ changes: [ComponentFolder.Change]) {
        guard !changes.isEmpty, state.withLock({ $0 == .running }) else { return }
        loop.post(.event(.componentsChanged(changes)))
    }

    /// Blocks until the server stops (from `stop()` on another thread).
    public func wait() {
        finished.wait()
        finished.signal()
    }
}

/// Wall-clock seconds since 1970, for `serverTime`: comparable with the page's `Date.now()`.
public struct WallClock: TimeSource {
    /// Makes the clock.
    public init() {}

    /// Seconds since the Unix epoch.
    public func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
