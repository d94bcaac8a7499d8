import MorphKit

/// Numbers as exporters print them: rounded to 1/10000 (a tenth of a thousandth of a point,
/// far below a device pixel), shortest spelling, no exponent; non-finite values as 0 (MorphKit
/// never produces them, and neither SVG nor Lottie can carry them); magnitudes past 9e18 as ±9e18.
enum NumberText {
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 10_000).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e15 else {
            // No fraction left at this size; past Int64 the value is clamped (a display list
            // read from a file may hold 1e300, and no picture needs 9e18 points).
            return String(Int64(Swift.min(9e18, Swift.max(-9e18, value.rounded()))))
        }
        var units = Int64(scaled)
        if units == 0 { return "0" }
        var out = ""
        if units < 0 {
            out = "-"
            units = -units
        }
        out += String(units / 10_000)
        var fraction = units % 10_000
        guard fraction != 0 else { return out }
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return out + "." + String(repeating: "0", count: digits - text.count) + text
    }

    /// Rounded the same way, as a number (for JSON writers).
    static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        return (value * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000
    }

    /// SVG path data: absolute M, L, Q, C, Z.
    static func pathData(_ path: Path) -> String {
        var parts: [String] = []
        parts.reserveCapacity(path.elements.count)
        func p(_ point: Point) -> String { format(point.x) + " " + format(point.y) }
        for element in path.elements {
            switch element {
            case .move(let to): parts.append("M" + p(to))
            case .line(let to): parts.append("L" + p(to))
            case .quadCurve(let to, let control): parts.append("Q" + p(control) + " " + p(to))
            case .curve(let to, let control1, let control2):
                parts.append("C" + p(control1) + " " + p(control2) + " " + p(to))
            case .closeSubpath: parts.append("Z")
            }
        }
        return parts.joined()
    }

    /// `rgb(r g b)` with 0...255 channels (alpha goes to the matching `-opacity` attribute).
    static func rgb(_ color: RGBAColor) -> String {
        func channel(_ value: Double) -> String { format(Swift.min(1, Swift.max(0, value)) * 255) }
        return "rgb(" + channel(color.red) + "," + channel(color.green) + "," + channel(color.blue) + ")"
    }

    /// Alpha clamped to 0...1.
    static func alpha(_ value: Double) -> String {
        format(value.isNaN ? 0 : Swift.min(1, Swift.max(0, value)))
    }
}
