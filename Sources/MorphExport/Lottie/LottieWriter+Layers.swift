import MorphKit

// A Lottie layer per track: consecutive frames of one element with an unchanged structure,
// its values keyframed. Flattening display lists into leaves is in LottieWriter.swift.
extension LottieWriter {
    /// One element over consecutive frames with an unchanged structure.
    struct Track {
        var firstFrame: Int
        var signature: String
        var leaves: [Leaf]
        /// Keyframes on every frame where a value changes, with no reduction (tests compare
        /// the reduced file with this one).
        var exact = false
        /// The animation's frame count, when the layer is to vanish on its out frame
        /// (`layerOpacity`).
        var outFrame: Int?

        var lastFrame: Int { firstFrame + leaves.count - 1 }

        /// A property over the track's frames: static when one value is within `precision` on
        /// every frame, else keyframes where the motion needs them (`Keyframes`).
        func property(_ precision: Precision, _ value: (Leaf) -> [Double]) -> JSONValue {
            Keyframes.property(
                leaves.map(value), firstFrame: firstFrame, precision: precision, reduce: !exact,
                json: { $0.count == 1 ? .number($0[0]) : .array($0.map(JSONValue.number)) },
                keyed: { if case .array = $0 { $0 } else { .array([$0]) } })
        }

        /// The groups' opacity as the layer's. A layer that ends before the animation does
        /// drops to 0 at its out point, held: rlottie draws a layer on its out frame too (out
        /// points are exclusive in lottie-web and the specification), which would show it over
        /// the layer that takes over there.
        var layerOpacity: JSONValue {
            let opacity = property(.percent) { [$0.opacity * 100] }
            guard let end = outFrame, lastFrame + 1 < end else { return opacity }
            var keys: [JSONValue]
            if case .array(let animated)? = opacity["k"], opacity["a"] == .number(1) {
                keys = animated
            } else {
                keys = [.object([.init("t", .number(Double(firstFrame))), .init("s", .array([opacity["k"] ?? .number(100)]))])]
            }
            if case .object(var members) = keys[keys.count - 1] {
                members.removeAll { $0.key == "o" || $0.key == "i" }
                keys[keys.count - 1] = .object(members + [.init("h", .number(1))])
            }
            keys.append(.object([.init("t", .number(Double(lastFrame + 1))), .init("s", .array([.number(0)]))]))
            return .object([.init("a", .number(1)), .init("k", .array(keys))])
        }

        /// A path property: `s` holds the one bezier.
        func bezierProperty(_ precision: Precision = .points, _ contour: (Leaf) -> Bezier) -> JSONValue {
            let closed = contour(leaves[0]).closed
            return Keyframes.property(
                leaves.map { contour($0).samples }, firstFrame: firstFrame, precision: precision, reduce: !exact,
                json: { Bezier.json(closed: closed, $0) }, keyed: { .array([$0]) })
        }

        /// Geometry that only moves and scales keeps its contours once, under an animated
        /// group transform (text, icons, a moving shadow: far smaller files); anything else is
        /// baked into viewport coordinates frame by frame.
        func resolved() -> (track: Track, transformed: Bool) {
            let first = leaves[0]
            let rigid = leaves.allSatisfy {
                $0.transform.b == 0 && $0.transform.c == 0 && $0.contours == first.contours && $0.sameLocalPaint(as: first)
            }
            if rigid, leaves.contains(where: { !$0.transform.isIdentity }) { return (self, true) }
            var copy = self
            copy.leaves = leaves.map { $0.baked() }
            if let fitted = copy.axisAligned() { return (fitted, true) }
            return (copy, false)
        }

        /// Baked solid fills (and shadows) whose every frame is the first frame's contours
        /// scaled and moved along the axes, within 0.005 pt (text whose size animates, a
        /// shadow that follows its group): those contours, centred, under per-frame
        /// transforms. Nil when any frame is not such a copy.
        func axisAligned() -> Track? {
            switch leaves[0].kind {
            case .fill(.solid, _), .shadow: break
            default: return nil
            }
            let base = leaves[0].contours.flatMap(\.samples)
            guard base.count >= 4, leaves.count > 1 else { return nil }
            let xs = stride(from: 0, to: base.count, by: 2).map { base[$0] }
            let ys = stride(from: 1, to: base.count, by: 2).map { base[$0] }
            let centre = Point(
                x: ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2, y: ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2)
            var copy = self
            for (index, leaf) in leaves.enumerated() {
                let values = leaf.contours.flatMap(\.samples)
                guard values.count == base.count,
                    let x = Self.line(from: xs, to: stride(from: 0, to: values.count, by: 2).map { values[$0] }),
                    let y = Self.line(from: ys, to: stride(from: 1, to: values.count, by: 2).map { values[$0] })
                else { return nil }
                copy.leaves[index].transform = AffineTransform(
                    a: x.scale, b: 0, c: 0, d: y.scale, tx: x.offset + x.scale * centre.x, ty: y.offset + y.scale * centre.y)
                copy.leaves[index].contours = leaves[0].contours.map { $0.offset(by: Point(x: -centre.x, y: -centre.y)) }
            }
            return copy
        }

        /// `to ≈ scale · from + offset` by least squares, when every value is within 0.005 pt.
        private static func line(from: [Double], to: [Double]) -> (scale: Double, offset: Double)? {
            let count = Double(from.count)
            let meanFrom = from.reduce(0, +) / count
            let meanTo = to.reduce(0, +) / count
            var covariance = 0.0
            var variance = 0.0
            for (a, b) in zip(from, to) {
                covariance += (a - meanFrom) * (b - meanTo)
                variance += (a - meanFrom) * (a - meanFrom)
            }
            guard variance > 1e-9 else { return nil }
            let scale = covariance / variance
            let offset = meanTo - scale * meanFrom
            guard zip(from, to).allSatisfy({ abs(scale * $0 + offset - $1) <= 0.005 }) else { return nil }
            return (scale, offset)
        }

        func layer(index: Int) -> JSONValue {
            if case .image(let image, _) = leaves[0].kind { return imageLayer(index: index, image: image) }
            let (track, transformed) = resolved()
            return track.layer(index: index, transformed: transformed)
        }

        private func layer(index: Int, transformed: Bool) -> JSONValue {
            let first = leaves[0]
            var items: [JSONValue] = []
            for contourIndex in first.contours.indices {
                items.append(
                    .object([
                        .init("ty", .string("sh")), .init("nm", .string("contour \(contourIndex)")),
                        .init("ks", bezierProperty { $0.contours[contourIndex] }),
                    ]))
            }
            switch first.kind {
            case .fill(.solid, let rule):
                items.append(
                    .object([
                        .init("ty", .string("fl")),
                        .init("c", property(.unit) { Self.rgb(Self.solid($0)) }),
                        .init("o", property(.percent) { [Self.unit(Self.solid($0).alpha) * 100] }),
                        .init("r", .number(rule == .evenodd ? 2 : 1)),
                    ]))
            case .fill(.linear(_, _, let stops), let rule):
                items.append(
                    .object([
                        .init("ty", .string("gf")),
                        .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
                        .init("r", .number(rule == .evenodd ? 2 : 1)),
                        .init("s", property(.points) { Self.point(Self.gradient($0).from) }),
                        .init("e", property(.points) { Self.point(Self.gradient($0).to) }),
                        .init("t", .number(1)),
                        .init(
                            "g",
                            .object([
                                .init("p", .number(Double(stops.count))),
                                .init("k", property(.unit) { Self.stopsValue(Self.gradient($0).stops) }),
                            ])),
                    ]))
            case .stroke(_, _, let cap, let join):
                items.append(
                    .object([
                        .init("ty", .string("st")),
                        .init("c", property(.unit) { Self.rgb(Self.strokeColor($0)) }),
                        .init("o", property(.percent) { [Self.unit(Self.strokeColor($0).alpha) * 100] }),
                        .init(
                            "w",
                            property(.points) { leaf in
                                if case .stroke(_, let width, _, _) = leaf.kind { return [width] }
                                return [0]
                            }),
                        .init("lc", .number(cap == .butt ? 1 : cap == .round ? 2 : 3)),
                        .init("lj", .number(join == .miter ? 1 : join == .round ? 2 : 3)),
                        .init("ml", .number(10)),
                    ]))
            case .shadow, .image:
                items.append(
                    .object([
                        .init("ty", .string("fl")),
                        .init("c", property(.unit) { Self.rgb(Self.shadowColor($0)) }),
                        .init("o", property(.percent) { [Self.unit(Self.shadowColor($0).alpha) * 100] }),
                        .init("r", .number(1)),
                    ]))
            }
            items.append(transformed ? groupTransform : Self.identityGroupTransform)
            var members: [JSONValue.Member] = [
                .init("ddd", .number(0)), .init("ind", .number(Double(index))), .init("ty", .number(4)),
                .init("nm", .string(first.key)), .init("sr", .number(1)),
                .init(
                    "ks",
                    .object([
                        .init("o", layerOpacity),
                        .init("r", .object([.init("a", .number(0)), .init("k", .number(0))])),
                        .init("p", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0), .number(0)]))])),
                        .init("a", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0), .number(0)]))])),
                        .init(
                            "s",
                            .object([.init("a", .number(0)), .init("k", .array([.number(100), .number(100), .number(100)]))])),
                    ])),
                .init("ao", .number(0)),
                .init("ip", .number(Double(firstFrame))), .init("op", .number(Double(lastFrame + 1))),
                .init("st", .number(0)), .init("bm", .number(0)),
                .init(
                    "shapes",
                    .array([
                        .object([
                            .init("ty", .string("gr")), .init("nm", .string(first.key)),
                            .init("np", .number(Double(items.count - 1))), .init("it", .array(items)),
                        ])
                    ])),
            ]
            members += maskMembers { _, contour in contour }
            if case .shadow = first.kind {
                members.append(
                    .init(
                        "ef",
                        .array([
                            .object([
                                .init("ty", .number(29)), .init("nm", .string("Gaussian Blur")), .init("np", .number(5)),
                                .init("ix", .number(1)), .init("en", .number(1)),
                                .init(
                                    "ef",
                                    .array([
                                        .object([
                                            .init("ty", .number(0)), .init("nm", .string("Blurriness")), .init("ix", .number(1)),
                                            .init("v", property(.blurriness) { [Self.sigma($0) / 0.3] }),
                                        ]),
                                        .object([
                                            .init("ty", .number(7)), .init("nm", .string("Blur Dimensions")),
                                            .init("ix", .number(2)),
                                            .init("v", .object([.init("a", .number(0)), .init("k", .number(1))])),
                                        ]),
                                        .object([
                                            .init("ty", .number(7)), .init("nm", .string("Repeat Edge Pixels")),
                                            .init("ix", .number(3)),
                                            .init("v", .object([.init("a", .number(0)), .init("k", .number(0))])),
                                        ]),
                                    ])),
                            ])
                        ])))
            }
            return .object(members)
        }

        /// The leaves' clips as layer masks (the first clip added, later ones intersected);
        /// `local` maps a viewport contour into the layer's own space, where Lottie applies masks,
        /// and `precision` is the point tolerance in that space.
        func maskMembers(_ precision: Precision = .points, _ local: (Leaf, Bezier) -> Bezier) -> [JSONValue.Member] {
            var masks: [JSONValue] = []
            for (clipIndex, clip) in leaves[0].clips.enumerated() {
                for contourIndex in clip.indices {
                    masks.append(
                        .object([
                            .init("nm", .string("clip \(clipIndex).\(contourIndex)")),
                            .init("mode", .string(clipIndex == 0 ? "a" : "i")), .init("inv", .bool(false)),
                            .init("pt", bezierProperty(precision) { local($0, $0.clips[clipIndex][contourIndex]) }),
                            .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
                            .init("x", .object([.init("a", .number(0)), .init("k", .number(0))])),
                        ]))
                }
            }
            return masks.isEmpty ? [] : [.init("hasMask", .bool(true)), .init("masksProperties", .array(masks))]
        }

        /// The leaves' axis-aligned transforms as a group's position and scale: the position
        /// within 0.12 pt and the scale within what moves the farthest contour point 0.12 pt.
        private var groupTransform: JSONValue {
            let extent = leaves[0].contours.flatMap(\.samples).reduce(0) { Swift.max($0, abs($1)) }
            return .object([
                .init("ty", .string("tr")),
                .init("p", property(.position) { [$0.transform.tx, $0.transform.ty] }),
                .init("a", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0)]))])),
                .init("s", property(.scale(extent: extent)) { [$0.transform.a * 100, $0.transform.d * 100] }),
                .init("r", .object([.init("a", .number(0)), .init("k", .number(0))])),
                .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
                .init("sk", .object([.init("a", .number(0)), .init("k", .number(0))])),
                .init("sa", .object([.init("a", .number(0)), .init("k", .number(0))])),
            ])
        }

        static let identityGroupTransform: JSONValue = .object([
            .init("ty", .string("tr")),
            .init("p", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0)]))])),
            .init("a", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0)]))])),
            .init("s", .object([.init("a", .number(0)), .init("k", .array([.number(100), .number(100)]))])),
            .init("r", .object([.init("a", .number(0)), .init("k", .number(0))])),
            .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
            .init("sk", .object([.init("a", .number(0)), .init("k", .number(0))])),
            .init("sa", .object([.init("a", .number(0)), .init("k", .number(0))])),
        ])

        static func unit(_ value: Double) -> Double { value.isNaN ? 0 : Swift.min(1, Swift.max(0, value)) }

        static func rgb(_ color: RGBAColor) -> [Double] {
            [unit(color.red), unit(color.green), unit(color.blue), 1]
        }

        static func point(_ point: Point) -> [Double] { [point.x, point.y] }

        static func solid(_ leaf: Leaf) -> RGBAColor {
            if case .fill(.solid(let color), _) = leaf.kind { return color }
            return .clear
        }

        static func strokeColor(_ leaf: Leaf) -> RGBAColor {
            if case .stroke(let color, _, _, _) = leaf.kind { return color }
            return .clear
        }

        static func shadowColor(_ leaf: Leaf) -> RGBAColor {
            if case .shadow(let color, _) = leaf.kind { return color }
            return .clear
        }

        static func sigma(_ leaf: Leaf) -> Double {
            if case .shadow(_, let sigma) = leaf.kind { return sigma }
            return 0
        }

        static func gradient(_ leaf: Leaf) -> (from: Point, to: Point, stops: [GradientStop]) {
            if case .fill(.linear(let from, let to, let stops), _) = leaf.kind { return (from, to, stops) }
            return (.zero, .zero, [])
        }

        /// Lottie's flat gradient array: offset, r, g, b per stop, then offset, alpha per stop.
        static func stopsValue(_ stops: [GradientStop]) -> [Double] {
            var values: [Double] = []
            for stop in stops { values += [stop.offset, unit(stop.color.red), unit(stop.color.green), unit(stop.color.blue)] }
            for stop in stops { values += [stop.offset, unit(stop.color.alpha)] }
            return values
        }
    }

    /// The composition (`size`: the viewport and its bleed) filled with the list's background,
    /// under everything, on every frame.
    static func background(_ list: DisplayList, size: Size, index: Int, frames: Int) -> JSONValue {
        var leaf = Leaf(
            key: "background#fill", kind: .fill(.solid(list.background), .nonzero),
            contours: Bezier.contours(of: Path(rect: Rect(x: 0, y: 0, width: size.width, height: size.height))),
            opacity: 1, clips: [])
        leaf.key = "background"
        var track = Track(firstFrame: 0, signature: leaf.signature, leaves: [leaf])
        track.leaves = Array(repeating: leaf, count: frames)
        return track.layer(index: index)
    }
}
