/// How a picture fills its frame, as SwiftUI sizes a resizable `Image`.
///
/// Resolved in MorphKit into the rectangle the whole picture is drawn in (`drawRect`), so
/// every renderer only scales the picture into a rectangle; `fill` overflows the frame and
/// is clipped to it by the node's group.
public enum ImageContentMode: String, Hashable, Sendable, CaseIterable {
    /// `.resizable().aspectRatio(contentMode: .fit)`: the largest size with the picture's
    /// aspect ratio that fits the frame, centred.
    case fit
    /// `.resizable().aspectRatio(contentMode: .fill).clipped()`: the smallest size with the
    /// picture's aspect ratio that covers the frame, centred, clipped to the frame.
    case fill
    /// `.resizable()`: the picture stretched to the frame.
    case stretch

    /// Where the whole picture of `imageSize` is drawn for `frame`.
    ///
    /// A degenerate picture or frame (zero or negative size) gives the frame's origin with
    /// zero size, so nothing is drawn and nothing is NaN.
    public func drawRect(imageSize: Size, in frame: Rect) -> Rect {
        let width = max(0, frame.width), height = max(0, frame.height)
        guard imageSize.width > 0, imageSize.height > 0, width > 0, height > 0 else {
            return Rect(x: frame.minX, y: frame.minY, width: 0, height: 0)
        }
        let scale: Double
        switch self {
        case .stretch: return Rect(x: frame.minX, y: frame.minY, width: width, height: height)
        case .fit: scale = min(width / imageSize.width, height / imageSize.height)
        case .fill: scale = max(width / imageSize.width, height / imageSize.height)
        }
        let drawn = Size(width: imageSize.width * scale, height: imageSize.height * scale)
        return Rect(
            x: frame.minX + (width - drawn.width) / 2, y: frame.minY + (height - drawn.height) / 2, width: drawn.width,
            height: drawn.height)
    }
}

/// How a scaled picture's pixels are sampled (SwiftUI's `Image.Interpolation`).
public enum ImageInterpolation: String, Hashable, Sendable, CaseIterable {
    /// Nearest pixel: hard edges for pixel art (`.interpolation(.none)`).
    case none
    /// Fast smoothing.
    case low
    /// Bilinear smoothing; the default.
    case medium
    /// The renderer's best smoothing.
    case high
}
