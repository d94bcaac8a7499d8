import MorphCairo

/// One frame to turn into tiles: the display list bytes of session frame `sequence`, the
/// codec its changed tiles go out in, and whether it is (or refines) a resting picture.
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
    /// tile); `.png` makes every set lossless.
    public var codec: TileCodec
    /// The picture has rested: if this frame changes no tile, the tiles still held in a lossy
    /// codec are sent again as PNG (the refinement). A frame that changes tiles is motion.
    public var refine: Bool
    /// Nothing moves after this frame without new input (`LiveComponent.isAnimating` was false
    /// once it was built: the drag point's spring settled): it is the resting picture, so its set goes out lossless at
    /// full scale at once, with the tiles still lossy from the motion, instead of lossy and
    /// refined after the rest delay.
    public var atRest: Bool
    /// Whether a set while moving may go out below the stream's scale (`TileScalePolicy`;
    /// morphd sets it from `--tile-fallback`, default `auto`).
    public var scaleFallback: TileScalePolicy.Mode
    /// A viewer of the stream acks its sets too slowly for full scale (`TileSubscription`):
    /// with `scaleFallback` `auto`, a moving picture goes out lowered.
    public var viewerBehind = false
    /// PNG bytes by `image` source for the component's pictures (a file component's
    /// `imageBytes`), so a picture inside the effect layer is drawn into the tiles.
    public var images: [String: [UInt8]] = [:]

    /// Makes a job.
    public init(
        session: String, sequence: Int, serverTime: Double, list: [UInt8], codec: TileCodec = .png, refine: Bool = false,
        atRest: Bool = false, scaleFallback: TileScalePolicy.Mode = .off
    ) {
        self.session = session
        self.sequence = sequence
        self.serverTime = serverTime
        self.list = list
        self.codec = codec
        self.refine = refine
        self.atRest = atRest
        self.scaleFallback = scaleFallback
    }
}
