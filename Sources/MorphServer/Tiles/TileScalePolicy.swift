/// When a tile stream sends its sets below the scale the viewers asked for: while the curtain
/// moves and full-scale sets cannot keep up with the frame rate, the way a remote desktop
/// lowers resolution under motion; full scale returns at rest (the refinement) and once the
/// sets would keep up again.
///
/// The measure is the motion cost of each set (kernel + diff + encode; the cairo redraw of a
/// changed layer is excluded, it happens only when the content changes), scaled to full-scale
/// pixels: a set at scale `s` of a stream at scale `S` counts `(S / s)²` times its
/// milliseconds. Its moving average over the last few sets, against `budget`, decides, with
/// a margin either way so the scale does not flap.
public struct TileScalePolicy: Sendable, Hashable {
    /// How a stream may lower its scale (`--tile-fallback`).
    public enum Mode: String, CaseIterable, Sendable, Hashable {
        /// Lower while moving when full-scale sets cannot keep up (the default).
        case auto
        /// Always full scale.
        case off
        /// Always lowered while moving (tests, and links that are short of bytes).
        case always
    }

    /// Milliseconds a full-scale set may take for sets to keep up with frames at 60 Hz.
    public static let budget = 1000.0 / 60
    /// Lower above `budget × lowerAbove`, return below `budget × returnBelow`.
    static let lowerAbove = 1.0, returnBelow = 0.75
    /// Weight of the newest set in the moving average (about the last five sets).
    static let smoothing = 0.3

    /// The scale the viewers asked for.
    public let fullScale: Int
    /// The setting.
    public var mode: Mode
    /// The moving average of the motion cost, in full-scale milliseconds (nil: no set yet).
    public private(set) var fullScaleMilliseconds: Double?
    /// Whether motion sets currently go out lowered (`auto`: the last decision).
    private var lowered = false

    /// A policy for a stream at `fullScale`.
    public init(fullScale: Int, mode: Mode = .auto) {
        self.fullScale = fullScale
        self.mode = mode
    }

    /// The scale while moving: half the full scale, at least 1 (2x and 3x become 1x; a 1x
    /// stream never lowers).
    public var loweredScale: Int { Swift.max(1, fullScale / 2) }

    /// The scale of the next set: full at rest, else lowered when the mode or the measured
    /// cost says so, or (`auto`) when a viewer draws too slowly for full-scale sets.
    public func scale(moving: Bool, viewerBehind: Bool = false) -> Int {
        guard moving else { return fullScale }
        switch mode {
        case .off: return fullScale
        case .always: return loweredScale
        case .auto: return lowered || viewerBehind ? loweredScale : fullScale
        }
    }

    /// Records the motion cost of a set rendered at `scale` and decides the next motion sets.
    public mutating func record(milliseconds: Double, scale: Int) {
        guard milliseconds.isFinite, milliseconds >= 0, scale > 0 else { return }
        let ratio = Double(fullScale) / Double(scale)
        let estimate = milliseconds * ratio * ratio
        let average = fullScaleMilliseconds.map { $0 + (estimate - $0) * Self.smoothing } ?? estimate
        fullScaleMilliseconds = average
        if lowered {
            if average < Self.budget * Self.returnBelow { lowered = false }
        } else if average > Self.budget * Self.lowerAbove {
            lowered = true
        }
    }
}
