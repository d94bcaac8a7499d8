import Foundation
import MorphJSON

/// Function calls. Each result is total: the rules for degenerate input are documented in
/// `schemas/component.md` ("Expressions") and tested in `ExpressionTests`.
extension ExpressionProgram {
    /// The call of `function` on `count` arguments, argument `k` read by `n(k)` as a number
    /// and by `v(k)` as a value.
    static func call(
        _ function: ExpressionFunction, count: Int, _ inputs: ExpressionInputs, number n: (Int) -> Double,
        value v: (Int) -> ExpressionValue
    ) -> ExpressionValue {
        switch function {
        case .mod:
            let divisor = n(1)
            return .number(divisor == 0 ? 0 : finite(n(0).truncatingRemainder(dividingBy: divisor)))
        case .floor: return .number(n(0).rounded(.down))
        case .round: return .number(n(0).rounded())
        case .sign: let x = n(0); return .number(x > 0 ? 1 : x < 0 ? -1 : 0)
        case .lerpPoint: return .point(Self.interpolate(v(0).point, v(1).point, n(2)))
        case .lerpColor: return .color(Self.interpolate(v(0).color, v(1).color, n(2)))
        case .lerpRect:
            let a = v(0).rect
            let b = v(1).rect
            let t = n(2)
            return .rect(
                Rect(
                    x: MorphKit.finite(MorphKit.lerp(a.minX, b.minX, t)), y: MorphKit.finite(MorphKit.lerp(a.minY, b.minY, t)),
                    width: MorphKit.finite(MorphKit.lerp(a.width, b.width, t)),
                    height: MorphKit.finite(MorphKit.lerp(a.height, b.height, t))))
        case .mixNumber: return .number(MorphKit.finite(MorphKit.lerp(n(0), n(1), Self.unit(n(2)))))
        case .mixPoint: return .point(Self.interpolate(v(0).point, v(1).point, Self.unit(n(2))))
        case .mixColor: return .color(Self.interpolate(v(0).color, v(1).color, Self.unit(n(2))))
        case .easeIn: let t = n(0); return .number(finite(t * t * t))
        case .easeInOut:
            let t = n(0)
            return .number(finite(t < 0.5 ? 4 * t * t * t : 1 - Foundation.pow(-2 * t + 2, 3) / 2))
        case .pow: return .number(finite(Foundation.pow(n(0), n(1))))
        case .abs: return .number(Swift.abs(n(0)))
        case .sqrt: let x = n(0); return .number(x > 0 ? x.squareRoot() : 0)
        case .exp: return .number(finite(Foundation.exp(n(0))))
        case .sin: return .number(Foundation.sin(n(0)))
        case .cos: return .number(Foundation.cos(n(0)))
        case .rubberClamp: return .number(Self.rubberClamp(n(0), n(1), n(2), coefficient: 0.55))
        case .rubberClampCoefficient: return .number(Self.rubberClamp(n(0), n(1), n(2), coefficient: n(3)))
        case .rectFromPointSize:
            let origin = v(0).point
            let size = v(1).point
            return .rect(Rect(x: origin.x, y: origin.y, width: size.x, height: size.y))
        case .rgba: return .color(RGBAColor(red: n(0), green: n(1), blue: n(2), alpha: n(3)))
        case .rgb: return .color(RGBAColor(red: n(0), green: n(1), blue: n(2)))
        case .white: return .color(RGBAColor(white: n(0)))
        case .whiteAlpha: return .color(RGBAColor(white: n(0), alpha: n(1)))
        case .system(let color, let level): return .color(color.color(in: inputs.colorScheme, level: level))
        case .translatePoint: let p = v(0).point; return .transform(.translation(x: p.x, y: p.y))
        case .scale: return .transform(.scale(x: n(0), y: n(0)))
        case .scaleAnchor: return .transform(Self.finiteTransform(.scale(n(0), anchor: v(1).point)))
        case .scaleXY: return .transform(.scale(x: n(0), y: n(1)))
        case .rotate:
            let angle = n(0)
            let c = Foundation.cos(angle)
            let s = Foundation.sin(angle)
            return .transform(MorphCore.AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0))
        case .concat: return .transform(Self.finiteTransform(v(0).transform.concatenating(after: v(1).transform)))
        case .measure(let file):
            let size = n(1)
            guard size > 0 else { return .point(.zero) }
            let weightName = v(2).text
            let weight = FontWeight.allCases.first { "\($0)" == weightName } ?? .regular
            let layout = TextLayout(
                v(0).text, font: Font(size: size, weight: weight), maxWidth: count > 3 ? Swift.max(0, n(3)) : nil,
                lineSpacing: count > 4 ? n(4) : 0, file: file, cache: FrameCaches.current.textLayouts)
            return .point(Point(x: layout.size.width, y: layout.size.height))
        case .scaled(let style):
            return .number(finite(ScaledMetric(n(0), relativeTo: style).value(at: inputs.dynamicTypeSize)))
        case .fontSize(let style): return .number(style.size(at: inputs.dynamicTypeSize))
        case .measureStyle(let query):
            let layout = query.layout(
                v(0).text, at: inputs.dynamicTypeSize, maxWidth: count > 1 ? Swift.max(0, n(1)) : nil,
                maxHeight: count > 2 ? n(2) : nil)
            switch query.result {
            case .size: return .point(Point(x: layout.size.width, y: layout.size.height))
            case .firstBaseline: return .number(finite(layout.firstBaseline))
            case .lines: return .text(layout.lines.map(\.text).joined(separator: " "))
            }
        case .symbolSize:
            guard let icon = Icon(rawValue: v(0).text) else { return .point(.zero) }
            let box = icon.layoutBox(pointSize: n(1))
            return .point(Point(x: finite(box.width), y: finite(box.height)))
        case .symbolBaseline:
            guard let icon = Icon(rawValue: v(0).text) else { return .number(0) }
            return .number(finite(icon.layoutBox(pointSize: n(1)).baseline))
        case .numberText: return .text(JSONText.number(n(0)))
        case .timerText: return .text(TimerText.text(seconds: n(0)))
        case .markdownText: return .text(InlineMarkdown(v(0).text).text)
        case .spring: return .animation(Self.bounded(.spring(response: n(0), dampingFraction: n(1))))
        case .springBlend:
            return .animation(Self.bounded(.spring(response: n(0), dampingFraction: n(1), blendDuration: n(2))))
        case .springDuration: return .animation(Self.bounded(.spring(duration: n(0), bounce: n(1))))
        case .smooth, .snappy, .bouncy:
            let duration = count > 0 ? n(0) : 0.5
            let extraBounce = count > 1 ? n(1) : 0
            let animation: Animation =
                switch function {
                case .smooth: .smooth(duration: duration, extraBounce: extraBounce)
                case .snappy: .snappy(duration: duration, extraBounce: extraBounce)
                default: .bouncy(duration: duration, extraBounce: extraBounce)
                }
            return .animation(Self.bounded(animation))
        // Each its own closure when linked (`ExpressionLinker`), so only read here when not.
        case .point: return .point(Point(x: n(0), y: n(1)))
        case .rect: return .rect(Rect(x: n(0), y: n(1), width: n(2), height: n(3)))
        case .translate: return .transform(.translation(x: n(0), y: n(1)))
        case .matrix: return .transform(MorphCore.AffineTransform(a: n(0), b: n(1), c: n(2), d: n(3), tx: n(4), ty: n(5)))
        case .opacity: return .color(v(0).color.opacity(n(1)))
        case .min: return .number(Swift.min(n(0), n(1)))
        case .max: return .number(Swift.max(n(0), n(1)))
        case .clamp: return .number(Swift.min(Swift.max(n(0), n(1)), n(2)))
        case .lerpNumber: return .number(finite(MorphKit.lerp(n(0), n(1), n(2))))
        case .ramp: return .number(MorphKit.ramp(n(0), n(1), n(2)))
        case .easeOut: return .number(finite(MorphKit.easeOut(n(0))))
        case .interactiveSpring: return .animation(.interactiveSpring)
        case .interactiveSpringResponse:
            return .animation(
                Self.bounded(.interactiveSpring(response: n(0), dampingFraction: n(1), blendDuration: n(2))))
        }
    }

    /// `t` clamped to 0...1 (`mix` never extrapolates, as SwiftUI's `Color.mix` does not).
    static func unit(_ t: Double) -> Double { Swift.min(1, Swift.max(0, t)) }

    static func interpolate(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: finite(MorphKit.lerp(a.x, b.x, t)), y: finite(MorphKit.lerp(a.y, b.y, t)))
    }

    static func interpolate(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
        RGBAColor(
            red: finite(MorphKit.lerp(a.red, b.red, t)), green: finite(MorphKit.lerp(a.green, b.green, t)),
            blue: finite(MorphKit.lerp(a.blue, b.blue, t)), alpha: finite(MorphKit.lerp(a.alpha, b.alpha, t)))
    }

    /// MorphKit's rubber band; an empty or inverted range (`max <= min`) is a plain clamp to
    /// `min`, where the seed's formula would divide by zero.
    static func rubberClamp(_ low: Double, _ value: Double, _ high: Double, coefficient: Double) -> Double {
        guard high > low else { return low }
        return finite(MorphKit.rubberClamp(low, value, high, coefficient: coefficient))
    }

    static func finiteTransform(_ t: MorphCore.AffineTransform) -> MorphCore.AffineTransform {
        MorphCore.AffineTransform(
            a: MorphKit.finite(t.a), b: MorphKit.finite(t.b), c: MorphKit.finite(t.c), d: MorphKit.finite(t.d),
            tx: MorphKit.finite(t.tx), ty: MorphKit.finite(t.ty))
    }

    /// Springs the animator runs: response at least 0 (0 is a jump stiff as the animator
    /// allows), damping fraction in 0...10 (the session's limit, which bounds the animator's
    /// sub-steps), blend at least 0.
    static func bounded(_ animation: Animation) -> Animation {
        Animation(
            response: Swift.max(0, MorphKit.finite(animation.response)),
            dampingFraction: Swift.min(
                ComponentSession.maximumDampingFraction, Swift.max(0, MorphKit.finite(animation.dampingFraction))),
            blendDuration: Swift.max(0, MorphKit.finite(animation.blendDuration)))
    }
}
