extension FontFile {
    /// The outline of `glyph` in font units (y up), read from `glyf` through `loca`:
    /// TrueType's quadratic contours (an off-curve point between two others implies the
    /// on-curve midpoint), composite glyphs placed by their offsets and scales (at most 8
    /// deep; point-matched components at no offset). Nil for an empty glyph (a space) or
    /// one the file does not hold intact.
    public func outline(ofGlyph glyph: Int) -> Path? {
        var path = Path()
        appendOutline(ofGlyph: glyph, transform: .identity, depth: 0, to: &path)
        return path.elements.isEmpty ? nil : path
    }

    /// Where `glyph`'s data lies in the file, nil when it has none.
    private func glyphRange(_ glyph: Int) -> Range<Int>? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        let reader = Reader(bytes: bytes)
        let start: Int?
        let end: Int?
        if longLoca {
            start = reader.u32(locaOffset + 4 * glyph).map(Int.init)
            end = reader.u32(locaOffset + 4 * glyph + 4).map(Int.init)
        } else {
            start = reader.u16(locaOffset + 2 * glyph).map { Int($0) * 2 }
            end = reader.u16(locaOffset + 2 * glyph + 2).map { Int($0) * 2 }
        }
        guard let start, let end, end > start, glyfOffset + end <= bytes.count else { return nil }
        return (glyfOffset + start)..<(glyfOffset + end)
    }

    private func appendOutline(ofGlyph glyph: Int, transform: AffineTransform, depth: Int, to path: inout Path) {
        guard depth <= 8, let range = glyphRange(glyph) else { return }
        let reader = Reader(bytes: bytes)
        guard let contours = reader.i16(range.lowerBound) else { return }
        if contours >= 0 {
            appendSimple(at: range, contours: Int(contours), transform: transform, to: &path)
            return
        }
        // Composite: components until MORE_COMPONENTS is clear.
        var at = range.lowerBound + 10
        while let flags = reader.u16(at), let component = reader.u16(at + 2) {
            at += 4
            var dx = 0.0
            var dy = 0.0
            if flags & 0x1 != 0 {  // ARG_1_AND_2_ARE_WORDS
                guard let a = reader.i16(at), let b = reader.i16(at + 2) else { return }
                (dx, dy) = (Double(a), Double(b))
                at += 4
            } else {
                guard let a = reader.u16(at) else { return }
                (dx, dy) = (Double(Int8(bitPattern: UInt8(a >> 8))), Double(Int8(bitPattern: UInt8(a & 0xFF))))
                at += 2
            }
            if flags & 0x2 == 0 { (dx, dy) = (0, 0) }  // point matching: not modelled
            func f2dot14(_ offset: Int) -> Double? { reader.i16(offset).map { Double($0) / 16384 } }
            var (a, b, c, d) = (1.0, 0.0, 0.0, 1.0)
            if flags & 0x8 != 0 {  // WE_HAVE_A_SCALE
                guard let scale = f2dot14(at) else { return }
                (a, d) = (scale, scale)
                at += 2
            } else if flags & 0x40 != 0 {  // WE_HAVE_AN_X_AND_Y_SCALE
                guard let x = f2dot14(at), let y = f2dot14(at + 2) else { return }
                (a, d) = (x, y)
                at += 4
            } else if flags & 0x80 != 0 {  // WE_HAVE_A_TWO_BY_TWO
                guard let m0 = f2dot14(at), let m1 = f2dot14(at + 2), let m2 = f2dot14(at + 4), let m3 = f2dot14(at + 6)
                else { return }
                (a, b, c, d) = (m0, m1, m2, m3)
                at += 8
            }
            let placed = AffineTransform(a: a, b: b, c: c, d: d, tx: dx, ty: dy)
            appendOutline(ofGlyph: Int(component), transform: transform.concatenating(after: placed), depth: depth + 1, to: &path)
            if flags & 0x20 == 0 { break }  // MORE_COMPONENTS
        }
    }

    private func appendSimple(at range: Range<Int>, contours: Int, transform: AffineTransform, to path: inout Path) {
        let reader = Reader(bytes: bytes)
        var ends: [Int] = []
        for index in 0..<contours {
            guard let end = reader.u16(range.lowerBound + 10 + 2 * index) else { return }
            ends.append(Int(end))
        }
        guard let last = ends.last, last < 65535 else { return }
        let count = last + 1
        guard let instructionLength = reader.u16(range.lowerBound + 10 + 2 * contours) else { return }
        var at = range.lowerBound + 12 + 2 * contours + Int(instructionLength)
        var flags: [UInt8] = []
        flags.reserveCapacity(count)
        while flags.count < count {
            guard at < range.upperBound else { return }
            let flag = bytes[at]
            at += 1
            flags.append(flag)
            if flag & 0x8 != 0 {  // REPEAT
                guard at < range.upperBound else { return }
                flags += [UInt8](repeating: flag, count: min(Int(bytes[at]), count - flags.count))
                at += 1
            }
        }
        func coordinates(short: UInt8, same: UInt8) -> [Double]? {
            var values: [Double] = []
            values.reserveCapacity(count)
            var value = 0
            for flag in flags {
                if flag & short != 0 {
                    guard at < range.upperBound else { return nil }
                    value += flag & same != 0 ? Int(bytes[at]) : -Int(bytes[at])
                    at += 1
                } else if flag & same == 0 {
                    guard let delta = reader.i16(at), at + 2 <= range.upperBound else { return nil }
                    value += Int(delta)
                    at += 2
                }
                values.append(Double(value))
            }
            return values
        }
        guard let xs = coordinates(short: 0x2, same: 0x10), let ys = coordinates(short: 0x4, same: 0x20) else { return }
        var start = 0
        for end in ends {
            guard end >= start, end < count else { return }
            let points = (start...end).map { (point: transform.apply(to: Point(x: xs[$0], y: ys[$0])), on: flags[$0] & 0x1 != 0) }
            start = end + 1
            appendContour(points, to: &path)
        }
    }

    /// One closed contour of on- and off-curve points as lines and quadratic curves.
    private func appendContour(_ points: [(point: Point, on: Bool)], to path: inout Path) {
        guard let first = points.first else { return }
        func mid(_ p: Point, _ q: Point) -> Point { Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2) }
        // Start on a point on the curve: the first, else the last, else between them.
        let origin: Point
        var rest: ArraySlice<(point: Point, on: Bool)>
        if first.on {
            origin = first.point
            rest = points.dropFirst()
        } else if let last = points.last, last.on {
            origin = last.point
            rest = points.dropLast()[...]
        } else {
            origin = mid(first.point, points[points.count - 1].point)
            rest = points[...]
        }
        path.move(to: origin)
        var control: Point?
        for entry in rest {
            if entry.on {
                if let pending = control {
                    path.addQuadCurve(to: entry.point, control: pending)
                } else {
                    path.addLine(to: entry.point)
                }
                control = nil
            } else {
                if let pending = control { path.addQuadCurve(to: mid(pending, entry.point), control: pending) }
                control = entry.point
            }
        }
        if let pending = control { path.addQuadCurve(to: origin, control: pending) }
        path.closeSubpath()
    }
}
