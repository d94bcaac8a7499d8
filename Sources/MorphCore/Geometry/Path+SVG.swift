import Foundation

/// Why SVG path data was refused: what, and at which character (0-based) of the text.
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The character where reading stopped.
    public var offset: Int
    /// What was wrong there.
    public var reason: String

    public var description: String { "\(reason) at character \(offset + 1)" }
}

extension Path {
    /// The most segments one path-data text may give: an icon has tens to a few hundred.
    public static let maximumSVGSegments = 10_000

    /// A path from SVG path data (the `d` attribute, SVG 1.1 §8.3): every command, absolute
    /// and relative (`M L H V C S Q T A Z`), implicit repeats, and numbers as SVG writes them
    /// (`1.5.5` is two numbers, flags may touch). An elliptical arc becomes cubic Béziers of
    /// at most 90° each (SVG's appendix F.6 conversion), so renderers only see the segments
    /// every display list has; an arc with a zero radius is a line, as SVG says.
    ///
    /// - Throws: `SVGPathError` naming the character where a command or number is wrong.
    public init(svgPathData text: String) throws(SVGPathError) {
        var reader = SVGPathReader(bytes: Array(text.utf8))
        self = try reader.read()
    }
}

/// Reads path data byte by byte (the grammar is ASCII).
private struct SVGPathReader {
    let bytes: [UInt8]
    var index = 0
    var path = Path()
    var current = Point(x: 0, y: 0)
    var subpathStart = Point(x: 0, y: 0)
    /// The last control point of a C/S (for S) or Q/T (for T), nil after any other command.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String) -> SVGPathError { SVGPathError(offset: index, reason: reason) }

    mutating func read() throws(SVGPathError) -> Path {
        skipSeparators()
        guard index < bytes.count else { return path }
        guard bytes[index] == UInt8(ascii: "M") || bytes[index] == UInt8(ascii: "m") else {
            throw fail("path data starts with a moveto (M or m)")
        }
        while index < bytes.count {
            let command = bytes[index]
            index += 1
            try run(command)
            guard path.elements.count <= Path.maximumSVGSegments else {
                throw fail("more than \(Path.maximumSVGSegments) segments")
            }
            skipSeparators()
        }
        return path
    }

    mutating func run(_ command: UInt8) throws(SVGPathError) {
        let relative = command >= UInt8(ascii: "a")
        func point(_ x: Double, _ y: Double) -> Point {
            relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
        }
        switch command | 0x20 {  // lowercased
        case UInt8(ascii: "z"):
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "m"):
            var first = true
            repeat {
                let target = point(try number(), try number())
                // After a moveto, further pairs are implicit linetos.
                if first { path.move(to: target) } else { path.addLine(to: target) }
                if first { subpathStart = target }
                first = false
                current = target
            } while hasNumber()
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "l"):
            repeat {
                current = point(try number(), try number())
                path.addLine(to: current)
            } while hasNumber()
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "h"):
            repeat {
                let x = try number()
                current = Point(x: relative ? current.x + x : x, y: current.y)
                path.addLine(to: current)
            } while hasNumber()
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "v"):
            repeat {
                let y = try number()
                current = Point(x: current.x, y: relative ? current.y + y : y)
                path.addLine(to: current)
            } while hasNumber()
            lastCubicControl = nil
            lastQuadControl = nil
        case UInt8(ascii: "c"), UInt8(ascii: "s"):
            let smooth = command | 0x20 == UInt8(ascii: "s")
            repeat {
                // S's first control point mirrors the previous curve's second one.
                let control1 =
                    smooth
                    ? lastCubicControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                    : point(try number(), try number())
                let control2 = point(try number(), try number())
                let end = point(try number(), try number())
                path.addCurve(to: end, control1: control1, control2: control2)
                lastCubicControl = control2
                current = end
            } while hasNumber()
            lastQuadControl = nil
        case UInt8(ascii: "q"), UInt8(ascii: "t"):
            let smooth = command | 0x20 == UInt8(ascii: "t")
            repeat {
                // T's control point mirrors the previous curve's.
                let control =
                    smooth
                    ? lastQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                    : point(try number(), try number())
                let end = point(try number(), try number())
                path.addQuadCurve(to: end, control: control)
                lastQuadControl = control
                current = end
            } while hasNumber()
            lastCubicControl = nil
        case UInt8(ascii: "a"):
            repeat {
                let radiusX = abs(try number())
                let radiusY = abs(try number())
                let rotation = try number()
                let largeArc = try flag()
                let sweep = try flag()
                let end = point(try number(), try number())
                addArc(to: end, radiusX: radiusX, radiusY: radiusY, rotation: rotation, largeArc: largeArc, sweep: sweep)
                current = end
            } while hasNumber()
            lastCubicControl = nil
            lastQuadControl = nil
        default:
            index -= 1
            throw fail("unknown command '\(Character(Unicode.Scalar(command)))'")
        }
    }

    /// SVG's endpoint arc as cubic Béziers (appendix F.6.5 for the centre, then one cubic per
    /// quarter turn or less with the 4/3·tan(θ/4) handle length).
    mutating func addArc(to end: Point, radiusX: Double, radiusY: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
        let start = current
        guard start != end else { return }
        guard radiusX > 0, radiusY > 0 else {
            path.addLine(to: end)
            return
        }
        let phi = rotation * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        var rx = radiusX, ry = radiusY
        // Radii too small to reach the end grow until they just do (F.6.6).
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator == 0 ? 0 : (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let center = Point(
            x: cosPhi * cx1 - sinPhi * cy1 + (start.x + end.x) / 2,
            y: sinPhi * cx1 + cosPhi * cy1 + (start.y + end.y) / 2)
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep, delta > 0 { delta -= 2 * .pi }
        if sweep, delta < 0 { delta += 2 * .pi }
        // Quarter turns or less; the epsilon keeps an exact half turn at two segments.
        let segments = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(segments)
        let handle = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ theta: Double) -> Point {
            Point(
                x: center.x + rx * cos(theta) * cosPhi - ry * sin(theta) * sinPhi,
                y: center.y + rx * cos(theta) * sinPhi + ry * sin(theta) * cosPhi)
        }
        func derivative(_ theta: Double) -> Point {
            Point(
                x: -rx * sin(theta) * cosPhi - ry * cos(theta) * sinPhi,
                y: -rx * sin(theta) * sinPhi + ry * cos(theta) * cosPhi)
        }
        var theta = theta1
        var from = start
        for segment in 0..<segments {
            let next = theta + step
            // The last segment ends exactly where the data said, not where rounding put it.
            let to = segment == segments - 1 ? end : onEllipse(next)
            let d1 = derivative(theta), d2 = derivative(next)
            path.addCurve(
                to: to, control1: Point(x: from.x + handle * d1.x, y: from.y + handle * d1.y),
                control2: Point(x: to.x - handle * d2.x, y: to.y - handle * d2.y))
            from = to
            theta = next
        }
    }

    mutating func skipSeparators() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ","): index += 1
            default: return
            }
        }
    }

    /// Whether a number follows (after separators): a command's arguments repeat while one does.
    mutating func hasNumber() -> Bool {
        skipSeparators()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): return true
        default: return false
        }
    }

    /// An arc flag: `0` or `1`, which may touch what follows (`a1 1 0 00.5.5`).
    mutating func flag() throws(SVGPathError) -> Bool {
        skipSeparators()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
            throw fail("an arc flag is 0 or 1")
        }
        index += 1
        return bytes[index - 1] == UInt8(ascii: "1")
    }

    /// A number as SVG writes it: sign, digits, fraction, exponent; finite.
    mutating func number() throws(SVGPathError) -> Double {
        skipSeparators()
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var count = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else {
            index = start
            throw fail(index < bytes.count ? "expected a number" : "a command is missing numbers at the end")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let mark = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { index = mark }  // an `e` that starts no exponent is not part of it
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("'\(text)' is not a finite number")
        }
        return value
    }
}
