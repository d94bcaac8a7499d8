import MorphJSON

// JSON values of geometry, for the scene export's writer (`Scene+JSON.swift`); a display
// list has only the canonical writer (`CanonicalJSONWriter+Geometry.swift`)

extension JSONValue {
    static func point(_ point: Point) -> JSONValue { .array([.number(point.x), .number(point.y)]) }
    static func size(_ size: Size) -> JSONValue { .array([.number(size.width), .number(size.height)]) }
    static func rect(_ rect: Rect) -> JSONValue {
        .array([.number(rect.minX), .number(rect.minY), .number(rect.width), .number(rect.height)])
    }
    package static func color(_ color: RGBAColor) -> JSONValue {
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
