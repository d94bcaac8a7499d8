/// Where an icon sits beside text: its box at a point size and the baseline inside it.
///
/// SF Symbols align to the text baseline and are about cap height tall, some dipping a little
/// below the baseline; our boxes follow that, in proportions measured off the SF Symbols app
/// by eye (documented per icon in `Icon.nominalBox`), not from Apple's files.
public struct IconLayoutBox: Hashable, Sendable {
    /// The box's width in points.
    public var width: Double
    /// The box's height in points.
    public var height: Double
    /// Distance from the box's top down to the text baseline, in points; the part of the box
    /// below it (`height - baseline`) hangs under the baseline.
    public var baseline: Double

    /// A box of `width` × `height` points with the baseline `baseline` below its top.
    public init(width: Double, height: Double, baseline: Double) {
        self.width = width
        self.height = height
        self.baseline = baseline
    }

    /// The box's size.
    public var size: Size { Size(width: width, height: height) }
}
