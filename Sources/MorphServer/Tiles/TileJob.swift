/// One frame to turn into tiles: the display list bytes of session frame `sequence`.
public struct TileJob: Sendable, Hashable {
    /// The session id.
    public var session: String
    /// The frame's sequence number.
    public var sequence: Int
    /// The frame's `serverTime`.
    public var serverTime: Double
    /// The canonical display-list JSON of the frame.
    public var list: [UInt8]

    /// Makes a job.
    public init(session: String, sequence: Int, serverTime: Double, list: [UInt8]) {
        self.session = session
        self.sequence = sequence
        self.serverTime = serverTime
        self.list = list
    }
}
