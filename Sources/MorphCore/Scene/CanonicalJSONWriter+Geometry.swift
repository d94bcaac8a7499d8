import MorphJSON

// The canonical spellings of the geometry shapes shared by the display list and the scene.

extension CanonicalJSONWriter {
    /// Whether `transform` is written as the identity, i.e. is omitted.
    static func writesAsIdentity(_ transform: AffineTransform) -> Bool {
        written(transform.a) == 1 && written(transform.b) == 0 && written(transform.c) == 0
            && written(transform.d) == 1 && written(transform.tx) == 0 && written(transform.ty) == 0
    }

    /// `[x,y]`
    mutating func writePoint(_ point: Point) {
        writeByte(UInt8(ascii: "["))
        writeCommaSeparated(point.x, point.y)
        writeByte(UInt8(ascii: "]"))
    }

    /// `[width,height]`
    mutating func writeSize(_ size: Size) {
        writePoint(Point(x: size.width, y: size.height))
    }

    /// `[x,y,w,h]`
    mutating func writeRect(_ rect: Rect) {
        writeNumbers(rect.minX, rect.minY, rect.width, rect.height)
    }

    /// `[r,g,b,a]`
    mutating func writeColor(_ color: RGBAColor) {
        writeNumbers(color.red, color.green, color.blue, color.alpha)
    }

    /// `[a,b,c,d,tx,ty]`
    mutating func writeTransform(_ transform: AffineTransform) {
        writeByte(UInt8(ascii: "["))
        writeCommaSeparated(transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
        writeByte(UInt8(ascii: "]"))
    }

    @inline(__always)
    mutating func writeNumbers(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) {
        writeByte(UInt8(ascii: "["))
        writeCommaSeparated(first, second, third, fourth)
        writeByte(UInt8(ascii: "]"))
    }

    /// `[["M",x,y],["L",x,y],["C",...],["Q",...],["Z"]]`
    mutating func writePath(_ path: Path) {
        writeByte(UInt8(ascii: "["))
        for (position, element) in path.elements.enumerated() {
            if position > 0 { writeByte(UInt8(ascii: ",")) }
            switch element {
            case .move(let point):
                writeRaw("[\"M\",")
                writeCommaSeparated(point.x, point.y)
            case .line(let point):
                writeRaw("[\"L\",")
                writeCommaSeparated(point.x, point.y)
            case .curve(let point, let control1, let control2):
                writeRaw("[\"C\",")
                writeCommaSeparated(control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .quadCurve(let point, let control):
                writeRaw("[\"Q\",")
                writeCommaSeparated(control.x, control.y, point.x, point.y)
            case .closeSubpath:
                writeRaw("[\"Z\"")
            }
            writeByte(UInt8(ascii: "]"))
        }
        writeByte(UInt8(ascii: "]"))
    }
}
