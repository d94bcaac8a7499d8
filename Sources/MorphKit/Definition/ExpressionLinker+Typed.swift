import Foundation

/// Closures for expressions read as a point, rectangle, colour or transform: a node that
/// builds one (`rect(…)`, `lerp(a, b, t)` of rects, `opacity(c, a)`, …) returns it as it is,
/// never wrapped in an `ExpressionValue` that its reader takes apart again.
typealias PointCode = @Sendable (ExpressionInputs) -> Point
typealias RectCode = @Sendable (ExpressionInputs) -> Rect
typealias ColorCode = @Sendable (ExpressionInputs) -> RGBAColor
typealias TransformCode = @Sendable (ExpressionInputs) -> MorphCore.AffineTransform

// One struct per type, for the reason `ExpressionCode.Value` gives (a generic one, or an
// optional of a bare closure, would hold the closure in the generic form, called through a
// thunk).
struct PointRead: Sendable { let code: PointCode }
struct RectRead: Sendable { let code: RectCode }
struct ColorRead: Sendable { let code: ColorCode }
struct TransformRead: Sendable { let code: TransformCode }

extension ExpressionLinker {
    mutating func point(_ index: Int) -> PointCode {
        if let linked = points[index] { return linked.code }
        // A slot is read in place; another node without a typed closure through its value.
        let linked: PointRead
        if let direct = directPoint(index) {
            linked = direct
        } else if case .slot(let slot) = program.nodes[index] {
            linked = PointRead { $0.slots[slot].point }
        } else {
            let value = value(index)
            linked = PointRead { value($0).point }
        }
        points[index] = linked
        return linked.code
    }

    mutating func rect(_ index: Int) -> RectCode {
        if let linked = rects[index] { return linked.code }
        // A slot is read in place; another node without a typed closure through its value.
        let linked: RectRead
        if let direct = directRect(index) {
            linked = direct
        } else if case .slot(let slot) = program.nodes[index] {
            linked = RectRead { $0.slots[slot].rect }
        } else {
            let value = value(index)
            linked = RectRead { value($0).rect }
        }
        rects[index] = linked
        return linked.code
    }

    mutating func color(_ index: Int) -> ColorCode {
        if let linked = colors[index] { return linked.code }
        // A slot is read in place; another node without a typed closure through its value.
        let linked: ColorRead
        if let direct = directColor(index) {
            linked = direct
        } else if case .slot(let slot) = program.nodes[index] {
            linked = ColorRead { $0.slots[slot].color }
        } else {
            let value = value(index)
            linked = ColorRead { value($0).color }
        }
        colors[index] = linked
        return linked.code
    }

    mutating func transform(_ index: Int) -> TransformCode {
        if let linked = transforms[index] { return linked.code }
        // A slot is read in place; another node without a typed closure through its value.
        let linked: TransformRead
        if let direct = directTransform(index) {
            linked = direct
        } else if case .slot(let slot) = program.nodes[index] {
            linked = TransformRead { $0.slots[slot].transform }
        } else {
            let value = value(index)
            linked = TransformRead { value($0).transform }
        }
        transforms[index] = linked
        return linked.code
    }

    /// The constant at node `index` when it is one of `type`.
    private func constant(_ index: Int, of type: ExpressionType) -> ExpressionValue? {
        guard case .constant(let k) = program.nodes[index], program.constants[k].type == type else { return nil }
        return program.constants[k]
    }

    /// The type node `index` has by its kind alone (a call's function, a member, an operator,
    /// a constant, a condition's branches); nil when that does not tell (a slot, say).
    func builtType(_ index: Int) -> ExpressionType? {
        switch program.nodes[index] {
        case .number, .not: return .number
        case .constant(let k): return program.constants[k].type
        case .slot, .negate: return nil
        case .member(let member, _):
            switch member {
            case .origin, .size, .center: return .point
            default: return .number
            }
        case .binary(let op, _, _):
            switch op {
            case .addPoints, .subtractPoints, .multiplyPoints, .scalePoint, .scalePointLeft, .dividePoint: return .point
            case .concatenate: return .text
            default: return .number
            }
        case .condition(_, let then, let otherwise): return builtType(then) ?? builtType(otherwise)
        case .call(let function, _, _):
            switch function {
            case .point, .lerpPoint, .mixPoint: return .point
            case .rect, .rectFromPointSize, .lerpRect: return .rect
            case .opacity, .system, .white, .whiteAlpha, .rgb, .rgba, .lerpColor, .mixColor: return .color
            case .translate, .translatePoint, .matrix, .scale, .scaleAnchor, .scaleXY, .rotate, .concat: return .transform
            default: return nil
            }
        }
    }

    /// A point closure for node `index` when its kind builds a point, else nil.
    mutating func directPoint(_ index: Int) -> PointRead? {
        if let value = constant(index, of: .point) {
            let point = value.point
            return PointRead { _ in point }
        }
        switch program.nodes[index] {
        case .member(let member, let operand):
            switch member {
            case .origin:
                let rect = rect(operand)
                return PointRead { rect($0).origin }
            case .size:
                let rect = rect(operand)
                return PointRead {
                    let r = rect($0); return Point(x: r.width, y: r.height)
                }
            case .center:
                let rect = rect(operand)
                return PointRead {
                    let r = rect($0); return Point(x: finite(r.midX), y: finite(r.midY))
                }
            default: return nil
            }
        case .binary(let op, let left, let right):
            switch op {
            case .addPoints:
                let (a, b) = (point(left), point(right))
                return PointRead {
                    let (p, q) = (a($0), b($0)); return Point(x: finite(p.x + q.x), y: finite(p.y + q.y))
                }
            case .subtractPoints:
                let (a, b) = (point(left), point(right))
                return PointRead {
                    let (p, q) = (a($0), b($0)); return Point(x: finite(p.x - q.x), y: finite(p.y - q.y))
                }
            case .multiplyPoints:
                let (a, b) = (point(left), point(right))
                return PointRead {
                    let (p, q) = (a($0), b($0)); return Point(x: finite(p.x * q.x), y: finite(p.y * q.y))
                }
            case .scalePoint:
                let (a, s) = (point(left), operand(right))
                return PointRead {
                    let (p, k) = (a($0), s($0)); return Point(x: finite(p.x * k), y: finite(p.y * k))
                }
            case .scalePointLeft:
                let (s, b) = (operand(left), point(right))
                return PointRead {
                    let (k, p) = (s($0), b($0)); return Point(x: finite(k * p.x), y: finite(k * p.y))
                }
            case .dividePoint:
                let (a, s) = (point(left), operand(right))
                return PointRead {
                    let (p, k) = (a($0), s($0))
                    return Point(x: BinaryOperator.divide(p.x, k), y: BinaryOperator.divide(p.y, k))
                }
            default: return nil
            }
        case .condition(let test, let then, let otherwise) where builtType(index) == .point:
            let (test, a, b) = (operand(test), point(then), point(otherwise))
            return PointRead { test($0) != 0 ? a($0) : b($0) }
        case .call(let function, let first, _):
            switch function {
            case .point:
                let (x, y) = (argument(first, 0), argument(first, 1))
                return PointRead { Point(x: x($0), y: y($0)) }
            case .lerpPoint, .mixPoint:
                let (a, b, t) = (point(program.arguments[first]), point(program.arguments[first + 1]), argument(first, 2))
                if function == .mixPoint {
                    return PointRead { ExpressionProgram.interpolate(a($0), b($0), ExpressionProgram.unit(t($0))) }
                }
                return PointRead { ExpressionProgram.interpolate(a($0), b($0), t($0)) }
            default: return nil
            }
        default: return nil
        }
    }

    /// A rectangle closure for node `index` when its kind builds one, else nil.
    mutating func directRect(_ index: Int) -> RectRead? {
        if let value = constant(index, of: .rect) {
            let rect = value.rect
            return RectRead { _ in rect }
        }
        switch program.nodes[index] {
        case .condition(let test, let then, let otherwise) where builtType(index) == .rect:
            let (test, a, b) = (operand(test), rect(then), rect(otherwise))
            return RectRead { test($0) != 0 ? a($0) : b($0) }
        case .call(let function, let first, _):
            switch function {
            case .rect:
                let (x, y, width, height) = (argument(first, 0), argument(first, 1), argument(first, 2), argument(first, 3))
                return RectRead { Rect(x: x($0), y: y($0), width: width($0), height: height($0)) }
            case .rectFromPointSize:
                let (origin, size) = (point(program.arguments[first]), point(program.arguments[first + 1]))
                return RectRead {
                    let (o, s) = (origin($0), size($0)); return Rect(x: o.x, y: o.y, width: s.x, height: s.y)
                }
            case .lerpRect:
                let (from, to, t) = (rect(program.arguments[first]), rect(program.arguments[first + 1]), argument(first, 2))
                return RectRead {
                    let (a, b, t) = (from($0), to($0), t($0))
                    return Rect(
                        x: finite(lerp(a.minX, b.minX, t)), y: finite(lerp(a.minY, b.minY, t)),
                        width: finite(lerp(a.width, b.width, t)), height: finite(lerp(a.height, b.height, t)))
                }
            default: return nil
            }
        default: return nil
        }
    }

    /// A colour closure for node `index` when its kind builds one, else nil.
    mutating func directColor(_ index: Int) -> ColorRead? {
        if let value = constant(index, of: .color) {
            let color = value.color
            return ColorRead { _ in color }
        }
        switch program.nodes[index] {
        case .condition(let test, let then, let otherwise) where builtType(index) == .color:
            let (test, a, b) = (operand(test), color(then), color(otherwise))
            return ColorRead { test($0) != 0 ? a($0) : b($0) }
        case .call(let function, let first, _):
            switch function {
            case .opacity:
                let (color, opacity) = (color(program.arguments[first]), argument(first, 1))
                return ColorRead { color($0).opacity(opacity($0)) }
            case .system(let system, let level): return ColorRead { system.color(in: $0.colorScheme, level: level) }
            case .white:
                let white = argument(first, 0)
                return ColorRead { RGBAColor(white: white($0)) }
            case .whiteAlpha:
                let (white, alpha) = (argument(first, 0), argument(first, 1))
                return ColorRead { RGBAColor(white: white($0), alpha: alpha($0)) }
            case .rgb:
                let (r, g, b) = (argument(first, 0), argument(first, 1), argument(first, 2))
                return ColorRead { RGBAColor(red: r($0), green: g($0), blue: b($0)) }
            case .rgba:
                let (r, g, b, a) = (argument(first, 0), argument(first, 1), argument(first, 2), argument(first, 3))
                return ColorRead { RGBAColor(red: r($0), green: g($0), blue: b($0), alpha: a($0)) }
            case .lerpColor, .mixColor:
                let (a, b, t) = (color(program.arguments[first]), color(program.arguments[first + 1]), argument(first, 2))
                if function == .mixColor {
                    return ColorRead { ExpressionProgram.interpolate(a($0), b($0), ExpressionProgram.unit(t($0))) }
                }
                return ColorRead { ExpressionProgram.interpolate(a($0), b($0), t($0)) }
            default: return nil
            }
        default: return nil
        }
    }

    /// A transform closure for node `index` when its kind builds one, else nil.
    mutating func directTransform(_ index: Int) -> TransformRead? {
        if let value = constant(index, of: .transform) {
            let transform = value.transform
            return TransformRead { _ in transform }
        }
        switch program.nodes[index] {
        case .condition(let test, let then, let otherwise) where builtType(index) == .transform:
            let (test, a, b) = (operand(test), transform(then), transform(otherwise))
            return TransformRead { test($0) != 0 ? a($0) : b($0) }
        case .call(let function, let first, _):
            switch function {
            case .translate:
                let (x, y) = (argument(first, 0), argument(first, 1))
                return TransformRead { .translation(x: x($0), y: y($0)) }
            case .translatePoint:
                let point = point(program.arguments[first])
                return TransformRead {
                    let p = point($0); return .translation(x: p.x, y: p.y)
                }
            case .matrix:
                let (a, b, c, d) = (argument(first, 0), argument(first, 1), argument(first, 2), argument(first, 3))
                let (tx, ty) = (argument(first, 4), argument(first, 5))
                return TransformRead { MorphCore.AffineTransform(a: a($0), b: b($0), c: c($0), d: d($0), tx: tx($0), ty: ty($0)) }
            case .scale:
                let factor = argument(first, 0)
                return TransformRead {
                    let k = factor($0); return .scale(x: k, y: k)
                }
            case .scaleAnchor:
                let (factor, anchor) = (argument(first, 0), point(program.arguments[first + 1]))
                return TransformRead { ExpressionProgram.finiteTransform(.scale(factor($0), anchor: anchor($0))) }
            case .scaleXY:
                let (x, y) = (argument(first, 0), argument(first, 1))
                return TransformRead { .scale(x: x($0), y: y($0)) }
            case .rotate:
                let angle = argument(first, 0)
                return TransformRead {
                    let angle = angle($0)
                    let (c, s) = (Foundation.cos(angle), Foundation.sin(angle))
                    return MorphCore.AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
                }
            case .concat:
                let (a, b) = (transform(program.arguments[first]), transform(program.arguments[first + 1]))
                return TransformRead { ExpressionProgram.finiteTransform(a($0).concatenating(after: b($0))) }
            default: return nil
            }
        default: return nil
        }
    }

    /// The value closure of a node a typed closure builds (nil for the rest).
    mutating func typedValue(_ index: Int) -> ExpressionCode.Value? {
        switch builtType(index) {
        case .point:
            guard let point = directPoint(index)?.code else { return nil }
            return ExpressionCode.Value { .point(point($0)) }
        case .rect:
            guard let rect = directRect(index)?.code else { return nil }
            return ExpressionCode.Value { .rect(rect($0)) }
        case .color:
            guard let color = directColor(index)?.code else { return nil }
            return ExpressionCode.Value { .color(color($0)) }
        case .transform:
            guard let transform = directTransform(index)?.code else { return nil }
            return ExpressionCode.Value { .transform(transform($0)) }
        default: return nil
        }
    }
}
