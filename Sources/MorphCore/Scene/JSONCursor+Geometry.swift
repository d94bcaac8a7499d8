import MorphJSON

// Reading the display list's geometry shapes (`[x,y]`, `[x,y,w,h]`, colours, transforms,
// paths) through the generic cursor.

extension JSONCursor {
    func point() throws(JSONError) -> Point {
        let values = try numbers(count: 2)
        return Point(x: values[0], y: values[1])
    }

    func size() throws(JSONError) -> Size {
        let values = try numbers(count: 2)
        guard values[0] >= 0, values[1] >= 0 else { throw fail("size must not be negative") }
        return Size(width: values[0], height: values[1])
    }

    func rect() throws(JSONError) -> Rect {
        let values = try numbers(count: 4)
        guard values[2] >= 0, values[3] >= 0 else { throw fail("width and height must not be negative") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    package func color() throws(JSONError) -> RGBAColor {
        let elements = try elements()
        guard elements.count == 4 else { throw fail("expected 4 colour components, found \(elements.count)") }
        var components: [Double] = []
        for element in elements { components.append(try element.number(in: 0...1)) }
        return RGBAColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    func transform() throws(JSONError) -> AffineTransform {
        let values = try numbers(count: 6)
        return AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    func pathValue() throws(JSONError) -> Path {
        var result = Path()
        for command in try elements() {
            let parts = try command.elements()
            guard let first = parts.first else { throw command.fail("empty path command") }
            let verb = try first.string()
            func coordinates(_ count: Int) throws(JSONError) -> [Double] {
                guard parts.count == count + 1 else {
                    throw command.fail("\"\(verb)\" takes \(count) numbers, found \(parts.count - 1)")
                }
                var values: [Double] = []
                for part in parts.dropFirst() { values.append(try part.number()) }
                return values
            }
            switch verb {
            case "M":
                let v = try coordinates(2)
                result.move(to: Point(x: v[0], y: v[1]))
            case "L":
                let v = try coordinates(2)
                result.addLine(to: Point(x: v[0], y: v[1]))
            case "C":
                let v = try coordinates(6)
                result.addCurve(
                    to: Point(x: v[4], y: v[5]), control1: Point(x: v[0], y: v[1]),
                    control2: Point(x: v[2], y: v[3]))
            case "Q":
                let v = try coordinates(4)
                result.addQuadCurve(to: Point(x: v[2], y: v[3]), control: Point(x: v[0], y: v[1]))
            case "Z":
                _ = try coordinates(0)
                result.closeSubpath()
            default:
                throw first.fail("unknown path command \"\(verb)\" (expected M, L, C, Q or Z)")
            }
        }
        return result
    }
}
