/// The rate limits in the core's flow: each complete message is admitted against its
/// connection's buckets before it is decoded, each session opening against the opening rate
/// and the server's session count (`ConnectionLimits`, `RateLimits`).
extension ServerCore {
    /// Admits a complete message; a refused one is dropped and (once a second) answered.
    func admit(_ message: [UInt8], from peer: PeerState) -> Bool {
        if peer.limits.admitMessage(bytes: message.count, now: now()) { return true }
        refuseRate(
            peer,
            "more than \(Int(configuration.limits.messagesPerSecond)) messages or \(Int(configuration.limits.bytesPerSecond)) bytes a second"
        )
        return false
    }

    /// Admits an `open` or `replay`: within this connection's opening rate and below the
    /// server's session cap.
    func admitSession(for peer: PeerState, request: String) -> Bool {
        guard sessions.count < configuration.limits.maxSessions else {
            reply(peer, .error(ProtocolError(.busy, "the server already runs \(sessions.count) sessions", request: request)))
            return false
        }
        if peer.limits.admitSession(now: now()) { return true }
        refuseRate(peer, "more than \(Int(configuration.limits.sessionsPerSecond)) sessions opened a second", request: request)
        return false
    }

    /// Admits a `recordings` listing within this connection's listing rate.
    func admitListing(for peer: PeerState) -> Bool {
        if peer.limits.admitListing(now: now()) { return true }
        let rate = configuration.limits.listingsPerSecond
        refuseRate(
            peer, "more than \(rate == rate.rounded() ? "\(Int(rate))" : "\(rate)") listings a second", request: "recordings")
        return false
    }

    private func refuseRate(_ peer: PeerState, _ reason: String, request: String? = nil) {
        guard peer.limits.mayReportRefusal(now: now()) else { return }
        reply(peer, .error(ProtocolError(.rateLimited, "slow down: \(reason); messages over it are dropped", request: request)))
    }
}
