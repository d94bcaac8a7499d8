/// The SF Symbols the seeds name, redrawn as our own simple vector icons.
///
/// Raw values are the SF Symbol names, so a configuration reads like the seed
/// (`systemImage: "tram.fill"`). Each icon is designed in em units on a box sized like the
/// symbol beside text of the same point size; `shapes(pointSize:weight:origin:)` scales it.
/// To draw once large and scale down (the container's waveform is drawn at 46 pt light and
/// scaled by 22/46), ask for the 46 pt shapes and put a scale transform around them.
public enum Icon: String, Hashable, Sendable, CaseIterable {
    /// The container's artwork glyph.
    case waveform = "waveform"
    /// The container row's disclosure chevron.
    case chevronRight = "chevron.right"
    /// The hero card's tram.
    case tramFill = "tram.fill"
    /// A demo row's sailboat.
    case sailboatFill = "sailboat.fill"
    /// A demo row's fork and knife.
    case forkKnife = "fork.knife"
    /// A demo row's sunset.
    case sunHorizonFill = "sun.horizon.fill"
    /// The hero card's close button.
    case xmark = "xmark"
    /// The curtain's swipe hint.
    case handPointUpLeft = "hand.point.up.left"

    /// The box at 1 pt, in em: width, height, and baseline below the top.
    ///
    /// Heights run from cap height (xmark, 0.66 em, sitting on the baseline) to about one em for
    /// the pictorial symbols, which hang ~0.1 em below the baseline as SF Symbols do; wide
    /// symbols (waveform, sun.horizon) are wider than tall.
    var nominalBox: IconLayoutBox {
        switch self {
        case .waveform: IconLayoutBox(width: 1.05, height: 0.86, baseline: 0.79)
        case .chevronRight: IconLayoutBox(width: 0.42, height: 0.76, baseline: 0.71)
        case .tramFill: IconLayoutBox(width: 0.78, height: 0.96, baseline: 0.86)
        case .sailboatFill: IconLayoutBox(width: 0.95, height: 0.95, baseline: 0.85)
        case .forkKnife: IconLayoutBox(width: 0.72, height: 0.96, baseline: 0.86)
        case .sunHorizonFill: IconLayoutBox(width: 1.15, height: 0.8, baseline: 0.75)
        case .xmark: IconLayoutBox(width: 0.66, height: 0.66, baseline: 0.66)
        case .handPointUpLeft: IconLayoutBox(width: 0.9, height: 0.98, baseline: 0.88)
        }
    }

    /// The icon's layout box at `pointSize` (the `.font(.system(size:))` it is drawn with).
    public func layoutBox(pointSize: Double) -> IconLayoutBox {
        let box = nominalBox
        return IconLayoutBox(
            width: box.width * pointSize, height: box.height * pointSize,
            baseline: box.baseline * pointSize)
    }

    /// The icon's shapes at `pointSize` and `weight`, with the layout box's top-left at `origin`.
    /// Every shape paints inside the layout box.
    public func shapes(pointSize: Double, weight: SymbolWeight = .regular, origin: Point = .zero)
        -> [IconShape]
    {
        let pen = IconPen(
            origin: origin, scale: pointSize, strokeWidth: weight.strokeWidthPerPoint * pointSize)
        return draw(with: pen)
    }

    /// The icon's shapes scaled uniformly to fit `rect` and centred in it; the point size is
    /// whatever makes the layout box fit.
    public func shapes(fitting rect: Rect, weight: SymbolWeight = .regular) -> [IconShape] {
        let box = nominalBox
        let pointSize = Swift.min(rect.width / box.width, rect.height / box.height)
        let origin = Point(
            x: rect.midX - box.width * pointSize / 2, y: rect.midY - box.height * pointSize / 2)
        return shapes(pointSize: pointSize, weight: weight, origin: origin)
    }
}
