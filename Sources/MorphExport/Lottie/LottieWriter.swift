import MorphKit

/// Bakes a run of display lists, one per frame, into a Lottie animation (JSON, Bodymovin 5.x).
///
/// Every leaf op (fill, stroke, text) becomes a shape layer with its geometry in viewport
/// coordinates: the group transforms are multiplied into the paths, group opacities into the
/// layer opacity, clips into layer masks (first added, later ones intersected). Text is drawn
/// from Inter's outlines (`GlyphOutlines`), so no player needs the font. A group's shadow is a
/// layer under it: its silhouette (the clip, else its fills) in the shadow colour, offset,
/// with a Gaussian Blur effect (blurriness = σ / 0.3, lottie-web's reading).
///
/// An element keeps its layer while its structure (contour sizes, paint kind, clip count)
/// stays the same from frame to frame; its values are keyframed (linear) on every frame where
/// they change, so every player shows exactly the sampled values on whole frames.
public struct LottieWriter: Sendable {
    /// A named span of frames (Lottie `markers`): `open`, `close`, `reduce-motion-open`, ...
    public struct Marker: Hashable, Sendable {
        public var name: String
        public var start: Int
        public var duration: Int

        public init(name: String, start: Int, duration: Int) {
            self.name = name
            self.start = start
            self.duration = duration
        }
    }

    /// Whether shadows are written (as blurred layers) or left out.
    public var shadows: Bool

    public init(shadows: Bool = true) {
        self.shadows = shadows
    }

    /// The animation as a JSON value; `compactBytes` prints it.
    ///
    /// - Precondition: `frames` is not empty and `fps` is positive.
    /// - Parameter extra: members appended to the top-level object (players ignore unknown
    ///   keys; the CLI records the sampled progress there).
    public func animation(
        _ frames: [DisplayList], fps: Double, markers: [Marker] = [], name: String, extra: [JSONValue.Member] = []
    ) -> JSONValue {
        precondition(!frames.isEmpty && fps > 0, "a Lottie needs frames and a positive rate")
        let size = frames[0].size
        var tracks: [Track] = []
        var order: [Int] = []
        var open: [String: Int] = [:]
        for (frameIndex, list) in frames.enumerated() {
            var previous: Int?
            for leaf in Self.leaves(of: list, shadows: shadows) {
                let trackIndex: Int
                if let index = open[leaf.key], tracks[index].lastFrame == frameIndex - 1,
                    tracks[index].signature == leaf.signature
                {
                    trackIndex = index
                    tracks[index].leaves.append(leaf)
                } else {
                    trackIndex = tracks.count
                    tracks.append(Track(firstFrame: frameIndex, signature: leaf.signature, leaves: [leaf]))
                    open[leaf.key] = trackIndex
                    let position = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                    order.insert(trackIndex, at: position)
                }
                previous = trackIndex
            }
        }
        var layers: [JSONValue] = []
        // Lottie draws its first layer on top: painter's order reversed.
        for (position, trackIndex) in order.reversed().enumerated() {
            layers.append(tracks[trackIndex].layer(index: position + 1))
        }
        layers.append(Self.background(frames[0], index: layers.count + 1, frames: frames.count))
        return .object(
            [
                .init("v", .string("5.7.4")),
                .init("fr", .number(fps)),
                .init("ip", .number(0)),
                .init("op", .number(Double(frames.count))),
                .init("w", .number(size.width.rounded())),
                .init("h", .number(size.height.rounded())),
                .init("nm", .string(name)),
                .init("ddd", .number(0)),
                .init("assets", .array([])),
                .init("layers", .array(layers)),
                .init(
                    "markers",
                    .array(
                        markers.map {
                            .object([
                                .init("tm", .number(Double($0.start))), .init("cm", .string($0.name)),
                                .init("dr", .number(Double($0.duration))),
                            ])
                        })),
            ] + extra)
    }

    // MARK: - Flattening

    /// A leaf op in viewport coordinates with everything its groups did to it.
    struct Leaf {
        enum Kind {
            case fill(Paint, DisplayList.FillRule)
            case stroke(RGBAColor, width: Double, DisplayList.LineCap, DisplayList.LineJoin)
            case shadow(RGBAColor, sigma: Double)
        }

        var key: String
        var kind: Kind
        /// In the leaf's own coordinates; `transform` maps them to the viewport.
        var contours: [Bezier]
        var transform: AffineTransform = .identity
        var opacity: Double
        var clips: [[Bezier]]

        /// The same leaf with its transform multiplied into the geometry (and stroke width).
        func baked() -> Leaf {
            var copy = self
            copy.contours = contours.map { $0.applying(transform) }
            switch kind {
            case .fill(.linear(let from, let to, let stops), let rule):
                copy.kind = .fill(.linear(from: transform.apply(to: from), to: transform.apply(to: to), stops: stops), rule)
            case .stroke(let color, let width, let cap, let join):
                let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
                copy.kind = .stroke(color, width: width * scale, cap, join)
            case .fill(.solid, _), .shadow: break
            }
            copy.transform = .identity
            return copy
        }

        var signature: String {
            let paint: String
            switch kind {
            case .fill(.solid, let rule): paint = "fill-\(rule.rawValue)"
            case .fill(.linear(_, _, let stops), let rule): paint = "gradient\(stops.count)-\(rule.rawValue)"
            case .stroke(_, _, let cap, let join): paint = "stroke-\(cap.rawValue)-\(join.rawValue)"
            case .shadow: paint = "shadow"
            }
            return paint + "|" + contours.map(\.shape).joined(separator: ",") + "|"
                + clips.map { $0.map(\.shape).joined(separator: ",") }.joined(separator: ";")
        }
    }

    private struct GroupState {
        var id: String
        var transform: AffineTransform
        var opacity: Double
        var clips: [[Bezier]]
    }

    /// The leaves of one frame in painter's order.
    static func leaves(of list: DisplayList, shadows: Bool) -> [Leaf] {
        var stack = [GroupState(id: "", transform: .identity, opacity: 1, clips: [])]
        var leaves: [Leaf] = []
        var seen: [String: Int] = [:]
        func key(_ id: String, _ kind: String) -> String {
            let base = (stack.map(\.id).filter { !$0.isEmpty } + [id]).joined(separator: "/") + "#" + kind
            let count = seen[base, default: 0]
            seen[base] = count + 1
            return count == 0 ? base : base + "\(count)"
        }
        let ends = OpNesting.matchingPops(list.ops)
        for (index, op) in list.ops.enumerated() {
            let top = stack[stack.count - 1]
            switch op {
            case .push(let group):
                let transform = top.transform.concatenating(after: group.transform)
                let opacity = top.opacity * (group.opacity.isNaN ? 0 : Swift.min(1, Swift.max(0, group.opacity)))
                if shadows, let shadow = group.shadow {
                    let silhouette: [Bezier]
                    if let clip = group.clip {
                        silhouette = Bezier.contours(of: clip.applying(transform))
                    } else {
                        silhouette = fills(in: list.ops[(index + 1)..<(ends[index] ?? list.ops.count)], transform: transform)
                    }
                    let offset = Point(
                        x: transform.a * shadow.offset.x + transform.c * shadow.offset.y,
                        y: transform.b * shadow.offset.x + transform.d * shadow.offset.y)
                    let scale = abs(transform.a * transform.d - transform.b * transform.c).squareRoot()
                    leaves.append(
                        Leaf(
                            key: key(group.id, "shadow"), kind: .shadow(shadow.color, sigma: shadow.radius / 2 * scale),
                            contours: silhouette.map { $0.offset(by: offset) }, opacity: opacity, clips: top.clips))
                }
                var clips = top.clips
                if let clip = group.clip { clips.append(Bezier.contours(of: clip.applying(transform))) }
                stack.append(GroupState(id: group.id, transform: transform, opacity: opacity, clips: clips))
            case .pop:
                if stack.count > 1 { stack.removeLast() }
            case .fill(let fill):
                leaves.append(
                    Leaf(
                        key: key(fill.id, "fill"), kind: .fill(fill.paint, fill.rule),
                        contours: Bezier.contours(of: fill.path), transform: top.transform, opacity: top.opacity,
                        clips: top.clips))
            case .stroke(let stroke):
                leaves.append(
                    Leaf(
                        key: key(stroke.id, "stroke"),
                        kind: .stroke(stroke.color, width: stroke.width, stroke.cap, stroke.join),
                        contours: Bezier.contours(of: stroke.path), transform: top.transform, opacity: top.opacity,
                        clips: top.clips))
            case .text(let text):
                let outline = GlyphOutlines.path(for: text)
                leaves.append(
                    Leaf(
                        key: key(text.id + ":" + text.lines.map(\.text).joined(separator: "\n"), "text"),
                        kind: .fill(.solid(text.color), .nonzero), contours: Bezier.contours(of: outline),
                        transform: top.transform, opacity: top.opacity, clips: top.clips))
            }
        }
        return leaves
    }

    /// The fills (and text) in a group's ops, as one silhouette in viewport coordinates.
    private static func fills(in ops: ArraySlice<DisplayList.Op>, transform: AffineTransform) -> [Bezier] {
        var transforms = [transform]
        var contours: [Bezier] = []
        for op in ops {
            let current = transforms[transforms.count - 1]
            switch op {
            case .push(let group): transforms.append(current.concatenating(after: group.transform))
            case .pop: if transforms.count > 1 { transforms.removeLast() }
            case .fill(let fill): contours += Bezier.contours(of: fill.path.applying(current))
            case .text(let text): contours += Bezier.contours(of: GlyphOutlines.path(for: text).applying(current))
            case .stroke: break
            }
        }
        return contours
    }

    // MARK: - Layers

    /// One element over consecutive frames with an unchanged structure.
    struct Track {
        var firstFrame: Int
        var signature: String
        var leaves: [Leaf]

        var lastFrame: Int { firstFrame + leaves.count - 1 }

        /// A property over the track's frames: static when it never changes, else linear
        /// keyframes on every frame where it changes or is about to, so any player shows exactly
        /// the sampled value on every whole frame (and interpolates between them).
        func property(_ value: (Leaf) -> JSONValue) -> JSONValue {
            animated(leaves.map(value), wrap: { if case .array = $0 { $0 } else { .array([$0]) } })
        }

        /// A path property: `s` holds the one bezier.
        func bezierProperty(_ contour: (Leaf) -> Bezier) -> JSONValue {
            animated(leaves.map { contour($0).json }, wrap: { .array([$0]) })
        }

        private func animated(_ values: [JSONValue], wrap: (JSONValue) -> JSONValue) -> JSONValue {
            guard values.contains(where: { $0 != values[0] }) else {
                return .object([.init("a", .number(0)), .init("k", values[0])])
            }
            let linearOut: JSONValue = .object([.init("x", .array([.number(0)])), .init("y", .array([.number(0)]))])
            let linearIn: JSONValue = .object([.init("x", .array([.number(1)])), .init("y", .array([.number(1)]))])
            var keyframes: [JSONValue] = []
            for (offset, current) in values.enumerated() {
                let changes = offset == 0 || current != values[offset - 1]
                let willChange = offset + 1 < values.count && values[offset + 1] != current
                guard changes || willChange || offset == values.count - 1 else { continue }
                var members: [JSONValue.Member] = [
                    .init("t", .number(Double(firstFrame + offset))), .init("s", wrap(current)),
                ]
                if offset < values.count - 1 { members += [.init("o", linearOut), .init("i", linearIn)] }
                keyframes.append(.object(members))
            }
            return .object([.init("a", .number(1)), .init("k", .array(keyframes))])
        }

        /// Geometry that only moves and scales keeps its contours once, under an animated
        /// group transform (text and icons: far smaller files); anything else is baked into
        /// viewport coordinates frame by frame.
        func resolved() -> (track: Track, transformed: Bool) {
            let first = leaves[0]
            let rigid = leaves.allSatisfy {
                $0.transform.b == 0 && $0.transform.c == 0 && $0.contours == first.contours && $0.sameLocalPaint(as: first)
            }
            if rigid, leaves.contains(where: { !$0.transform.isIdentity }) { return (self, true) }
            var copy = self
            copy.leaves = leaves.map { $0.baked() }
            return (copy, false)
        }

        func layer(index: Int) -> JSONValue {
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
                        .init("c", property { Self.rgb(Self.solid($0)) }),
                        .init("o", property { .number(NumberText.rounded(Self.unit(Self.solid($0).alpha) * 100)) }),
                        .init("r", .number(rule == .evenodd ? 2 : 1)),
                    ]))
            case .fill(.linear(_, _, let stops), let rule):
                items.append(
                    .object([
                        .init("ty", .string("gf")),
                        .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
                        .init("r", .number(rule == .evenodd ? 2 : 1)),
                        .init("s", property { Self.point(Self.gradient($0).from) }),
                        .init("e", property { Self.point(Self.gradient($0).to) }),
                        .init("t", .number(1)),
                        .init(
                            "g",
                            .object([
                                .init("p", .number(Double(stops.count))),
                                .init("k", property { Self.stopsValue(Self.gradient($0).stops) }),
                            ])),
                    ]))
            case .stroke(_, _, let cap, let join):
                items.append(
                    .object([
                        .init("ty", .string("st")),
                        .init("c", property { Self.rgb(Self.strokeColor($0)) }),
                        .init("o", property { .number(NumberText.rounded(Self.unit(Self.strokeColor($0).alpha) * 100)) }),
                        .init(
                            "w",
                            property { leaf in
                                if case .stroke(_, let width, _, _) = leaf.kind { return .number(NumberText.rounded(width)) }
                                return .number(0)
                            }),
                        .init("lc", .number(cap == .butt ? 1 : cap == .round ? 2 : 3)),
                        .init("lj", .number(join == .miter ? 1 : join == .round ? 2 : 3)),
                        .init("ml", .number(10)),
                    ]))
            case .shadow:
                items.append(
                    .object([
                        .init("ty", .string("fl")),
                        .init("c", property { Self.rgb(Self.shadowColor($0)) }),
                        .init("o", property { .number(NumberText.rounded(Self.unit(Self.shadowColor($0).alpha) * 100)) }),
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
                        .init("o", property { .number(NumberText.rounded($0.opacity * 100)) }),
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
            var masks: [JSONValue] = []
            for (clipIndex, clip) in first.clips.enumerated() {
                for contourIndex in clip.indices {
                    masks.append(
                        .object([
                            .init("nm", .string("clip \(clipIndex).\(contourIndex)")),
                            .init("mode", .string(clipIndex == 0 ? "a" : "i")), .init("inv", .bool(false)),
                            .init("pt", bezierProperty { $0.clips[clipIndex][contourIndex] }),
                            .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
                            .init("x", .object([.init("a", .number(0)), .init("k", .number(0))])),
                        ]))
                }
            }
            if !masks.isEmpty {
                members.append(.init("hasMask", .bool(true)))
                members.append(.init("masksProperties", .array(masks)))
            }
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
                                            .init("v", property { .number(NumberText.rounded(Self.sigma($0) / 0.3)) }),
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

        /// The leaves' axis-aligned transforms as a group's position and scale.
        private var groupTransform: JSONValue {
            .object([
                .init("ty", .string("tr")),
                .init(
                    "p",
                    property {
                        .array([.number(NumberText.rounded($0.transform.tx)), .number(NumberText.rounded($0.transform.ty))])
                    }),
                .init("a", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0)]))])),
                .init(
                    "s",
                    property {
                        .array([
                            .number(NumberText.rounded($0.transform.a * 100)), .number(NumberText.rounded($0.transform.d * 100)),
                        ])
                    }),
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

        static func rgb(_ color: RGBAColor) -> JSONValue {
            .array([color.red, color.green, color.blue, 1].map { .number(NumberText.rounded(unit($0))) })
        }

        static func point(_ point: Point) -> JSONValue {
            .array([.number(NumberText.rounded(point.x)), .number(NumberText.rounded(point.y))])
        }

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
        static func stopsValue(_ stops: [GradientStop]) -> JSONValue {
            var values: [Double] = []
            for stop in stops { values += [stop.offset, unit(stop.color.red), unit(stop.color.green), unit(stop.color.blue)] }
            for stop in stops { values += [stop.offset, unit(stop.color.alpha)] }
            return .array(values.map { .number(NumberText.rounded($0)) })
        }
    }

    /// The viewport filled with the list's background, under everything, on every frame.
    static func background(_ list: DisplayList, index: Int, frames: Int) -> JSONValue {
        var leaf = Leaf(
            key: "background#fill", kind: .fill(.solid(list.background), .nonzero),
            contours: Bezier.contours(of: Path(rect: Rect(x: 0, y: 0, width: list.size.width, height: list.size.height))),
            opacity: 1, clips: [])
        leaf.key = "background"
        var track = Track(firstFrame: 0, signature: leaf.signature, leaves: [leaf])
        track.leaves = Array(repeating: leaf, count: frames)
        return track.layer(index: index)
    }
}

extension LottieWriter.Leaf {
    /// Whether the paint in the leaf's own coordinates is the same kind and geometry (colours
    /// may still change: they are keyframed either way).
    func sameLocalPaint(as other: LottieWriter.Leaf) -> Bool {
        switch (kind, other.kind) {
        case (.fill(.linear(let a, let b, _), _), .fill(.linear(let c, let d, _), _)): a == c && b == d
        case (.stroke(_, let a, _, _), .stroke(_, let b, _, _)): a == b
        default: true
        }
    }
}
