/// A position in a parsed JSON document plus the path that leads to it, so every decoding
/// error names the exact field (`ops[3].paint.stops[1].offset`) and the reason.
struct JSONCursor {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    func fail(_ reason: String) -> SceneError { .malformed(path: path, reason: reason) }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key`, or nil when absent (or `null`, which counts as absent).
    func optional(_ key: String) throws(SceneError) -> JSONCursor? {
        guard case .object = value else { throw fail("expected an object, found \(value.typeName)") }
        guard let member = value[key] else { return nil }
        if case .null = member { return nil }
        return JSONCursor(member, path: child(key))
    }

    /// The member `key`; its absence is an error.
    func required(_ key: String) throws(SceneError) -> JSONCursor {
        guard let member = try optional(key) else {
            throw .malformed(path: child(key), reason: "missing required key")
        }
        return member
    }

    func elements() throws(SceneError) -> [JSONCursor] {
        guard case .array(let elements) = value else { throw fail("expected an array, found \(value.typeName)") }
        return elements.enumerated().map { JSONCursor($0.element, path: "\(path)[\($0.offset)]") }
    }

    func number() throws(SceneError) -> Double {
        guard case .number(let number) = value else { throw fail("expected a number, found \(value.typeName)") }
        return number
    }

    func number(in range: ClosedRange<Double>) throws(SceneError) -> Double {
        let number = try number()
        guard range.contains(number) else { throw fail("\(number) is outside \(range.lowerBound)...\(range.upperBound)") }
        return number
    }

    func nonNegativeNumber() throws(SceneError) -> Double {
        let number = try number()
        guard number >= 0 else { throw fail("\(number) is negative") }
        return number
    }

    func integer() throws(SceneError) -> Int {
        let number = try number()
        guard number == number.rounded(), abs(number) < 1e15 else { throw fail("expected an integer, found \(number)") }
        return Int(number)
    }

    func string() throws(SceneError) -> String {
        guard case .string(let string) = value else { throw fail("expected a string, found \(value.typeName)") }
        return string
    }

    func bool() throws(SceneError) -> Bool {
        guard case .bool(let bool) = value else { throw fail("expected a boolean, found \(value.typeName)") }
        return bool
    }

    /// A string that must be one of `T`'s raw values.
    func enumeration<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(SceneError) -> T where T.RawValue == String {
        let raw = try string()
        guard let result = T(rawValue: raw) else {
            let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw fail("\"\(raw)\" is not one of \(allowed)")
        }
        return result
    }

    /// Exactly `count` numbers.
    func numbers(count: Int) throws(SceneError) -> [Double] {
        let elements = try elements()
        guard elements.count == count else { throw fail("expected \(count) numbers, found \(elements.count)") }
        var result: [Double] = []
        result.reserveCapacity(count)
        for element in elements { result.append(try element.number()) }
        return result
    }

    func point() throws(SceneError) -> Point {
        let values = try numbers(count: 2)
        return Point(x: values[0], y: values[1])
    }

    func size() throws(SceneError) -> Size {
        let values = try numbers(count: 2)
        guard values[0] >= 0, values[1] >= 0 else { throw fail("size must not be negative") }
        return Size(width: values[0], height: values[1])
    }

    func rect() throws(SceneError) -> Rect {
        let values = try numbers(count: 4)
        guard values[2] >= 0, values[3] >= 0 else { throw fail("width and height must not be negative") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    func color() throws(SceneError) -> RGBAColor {
        let elements = try elements()
        guard elements.count == 4 else { throw fail("expected 4 colour components, found \(elements.count)") }
        var components: [Double] = []
        for element in elements { components.append(try element.number(in: 0...1)) }
        return RGBAColor(red: components[0], green: components[1], blue: components[2], alpha: components[3])
    }

    func transform() throws(SceneError) -> AffineTransform {
        let values = try numbers(count: 6)
        return AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    func pathValue() throws(SceneError) -> Path {
        var result = Path()
        for command in try elements() {
            let parts = try command.elements()
            guard let first = parts.first else { throw command.fail("empty path command") }
            let verb = try first.string()
            func coordinates(_ count: Int) throws(SceneError) -> [Double] {
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

// MARK: - JSON values of geometry, for the generic (non-hot) writers

extension JSONValue {
    static func point(_ point: Point) -> JSONValue { .array([.number(point.x), .number(point.y)]) }
    static func size(_ size: Size) -> JSONValue { .array([.number(size.width), .number(size.height)]) }
    static func rect(_ rect: Rect) -> JSONValue {
        .array([.number(rect.minX), .number(rect.minY), .number(rect.width), .number(rect.height)])
    }
    static func color(_ color: RGBAColor) -> JSONValue {
        .array([.number(color.red), .number(color.green), .number(color.blue), .number(color.alpha)])
    }
    static func transform(_ t: AffineTransform) -> JSONValue {
        .array([.number(t.a), .number(t.b), .number(t.c), .number(t.d), .number(t.tx), .number(t.ty)])
    }
    static func path(_ path: Path) -> JSONValue {
        .array(
            path.elements.map { element in
                switch element {
                case .move(let p): .array([.string("M"), .number(p.x), .number(p.y)])
                case .line(let p): .array([.string("L"), .number(p.x), .number(p.y)])
                case .curve(let p, let c1, let c2):
                    .array([.string("C"), .number(c1.x), .number(c1.y), .number(c2.x), .number(c2.y), .number(p.x), .number(p.y)])
                case .quadCurve(let p, let c):
                    .array([.string("Q"), .number(c.x), .number(c.y), .number(p.x), .number(p.y)])
                case .closeSubpath: .array([.string("Z")])
                }
            })
    }
}

/// Types that read and write themselves as `JSONValue`; their `Codable` conformances go
/// through it, so Foundation's coders see the same shape as the canonical form.
protocol JSONValueConvertible {
    init(json: JSONCursor) throws(SceneError)
    var jsonValue: JSONValue { get }
}

extension JSONValueConvertible {
    /// `Decodable` in terms of `init(json:)`.
    static func decode(from decoder: any Decoder) throws -> Self {
        let value = try JSONValue(from: decoder)
        return try Self(json: JSONCursor(value, path: decoder.codingPath.map(\.stringValue).joined(separator: ".")))
    }

    /// `Encodable` in terms of `jsonValue`.
    func encodeJSONValue(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}
