import MorphCairo

/// One frame to turn into tiles: the display list bytes of session frame `sequence`, and
/// the codec its changed tiles go out in.
public struct TileJob: Sendable, Hashable {
    /// The session id.
    public var session: String
    /// The frame's sequence number.
    public var sequence: Int
    /// The frame's `serverTime`.
    public var serverTime: Double
    /// The canonical display-list JSON of the frame.
    public var list: [UInt8]
    /// The codec for the tiles this frame changes (`TileEncoder` may still pick PNG for a
    /// tile). `.png` makes the set lossless: changed tiles and every tile still held in a
    /// lossy codec are sent as PNG (the refinement once the picture rests).
    public var codec: TileCodec

    /// Makes a job.
    public init(session: String, sequence: Int, serverTime: Double, list: [UInt8], codec: TileCodec = .png) {
        self.session = session
        self.sequence = sequence
        self.serverTime = serverTime
        self.list = list
        self.codec = codec
    }
}
