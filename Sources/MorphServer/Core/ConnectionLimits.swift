/// The rates and counts a client is held to (`ServerConfiguration.limits`).
public struct RateLimits: Sendable, Hashable {
    /// Messages a second a connection may send, sustained.
    public var messagesPerSecond = 1000.0
    /// Messages a connection may send at once. Below `ReplyQueue.limit`, so a client that
    /// pipelines requests and reads the answers is slowed down, never cut off with 1008.
    public var messageBurst = 200.0
    /// Bytes a second of a connection's messages, sustained.
    public var bytesPerSecond = 1_048_576.0
    /// Bytes a connection may send at once above the sustained rate.
    public var byteBurst = 4_194_304.0
    /// Sessions a connection may open (`open`, `replay`) a second, sustained.
    public var sessionsPerSecond = 4.0
    /// Sessions a connection may open at once above the sustained rate.
    public var sessionBurst = 64.0
    /// `recordings` listings a connection may ask for a second, sustained: each one reads
    /// the record folder on a worker.
    public var listingsPerSecond = 1.0
    /// Listings a connection may ask for at once above the sustained rate (the page lists on
    /// connecting, after each recording and on its refresh button).
    public var listingBurst = 4.0
    /// Live sessions across the server; one more `open` or `replay` is `busy`. Twice the
    /// scale goal (500 sessions on 2 cores), at ~50–70 KiB an idle session.
    public var maxSessions = 1024

    /// The defaults.
    public init() {}
}

/// How fast one connection may talk: token buckets for messages, bytes and sessions opened
/// (`open`, `replay`), kept per connection by the core and fed the core's clock.
///
/// A message over a rate is dropped and answered `rate-limited` (at most one such answer a
/// second, so a flood cannot fill the answer queue with refusals); the connection stays
/// usable and is served again as soon as the bucket refills. The defaults fit the scale
/// issue's figures with room: a page sends pointer moves at display rate (60–120 a second)
/// of ~100 bytes.
struct ConnectionLimits {
    private var messages: TokenBucket
    private var bytes: TokenBucket
    private var sessions: TokenBucket
    private var listings: TokenBucket
    private var lastRefusal = -Double.infinity

    init(_ configuration: RateLimits, now: Double) {
        messages = TokenBucket(rate: configuration.messagesPerSecond, burst: configuration.messageBurst, now: now)
        bytes = TokenBucket(rate: configuration.bytesPerSecond, burst: configuration.byteBurst, now: now)
        sessions = TokenBucket(rate: configuration.sessionsPerSecond, burst: configuration.sessionBurst, now: now)
        listings = TokenBucket(rate: configuration.listingsPerSecond, burst: configuration.listingBurst, now: now)
    }

    /// Takes one `recordings` listing; false over the rate.
    mutating func admitListing(now: Double) -> Bool {
        guard listings.available(now) >= 1 else { return false }
        listings.take(1)
        return true
    }

    /// Takes one message of `count` bytes; false when either rate is exceeded.
    mutating func admitMessage(bytes count: Int, now: Double) -> Bool {
        guard messages.available(now) >= 1, bytes.available(now) >= Double(count) else { return false }
        messages.take(1)
        bytes.take(Double(count))
        return true
    }

    /// Takes one session opening; false over the rate.
    mutating func admitSession(now: Double) -> Bool {
        guard sessions.available(now) >= 1 else { return false }
        sessions.take(1)
        return true
    }

    /// True when a `rate-limited` answer may go out now (one a second at most).
    mutating func mayReportRefusal(now: Double) -> Bool {
        guard now - lastRefusal >= 1 else { return false }
        lastRefusal = now
        return true
    }
}

/// A token bucket: `burst` tokens at most, refilled at `rate` a second.
struct TokenBucket {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var updated: Double

    init(rate: Double, burst: Double, now: Double) {
        self.rate = rate
        self.burst = burst
        tokens = burst
        updated = now
    }

    /// Tokens available at `now` (a clock that went backwards refills nothing).
    mutating func available(_ now: Double) -> Double {
        if now > updated {
            tokens = min(burst, tokens + (now - updated) * rate)
            updated = now
        }
        return tokens
    }

    mutating func take(_ count: Double) { tokens -= count }
}
