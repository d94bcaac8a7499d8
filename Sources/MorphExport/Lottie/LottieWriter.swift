import MorphKit

/// Bakes a run of display lists, one per frame, into a Lottie animation (JSON, Bodymovin 5.x).
///
/// Every leaf op (fill, stroke, text) becomes a shape layer with its geometry in viewport
/// coordinates: the group transforms are multiplied into the paths, group opacities into the
/// layer opacity, clips into layer masks (first added, later ones intersected; neighbouring
/// layers under one group's clip share it as a precomp layer's mask). Text is drawn
/// from Inter's outlines (`GlyphOutlines`), so no player needs the font. A group's shadow is a
/// layer under it: its silhouette (the clip, else its fills) in the shadow colour, offset,
/// with a Gaussian Blur effect (blurriness = σ / 0.3, lottie-web's reading; σ is
/// `Shadow.gaussianStandardDeviation` through the group's scale). An `image` op
/// becomes an image layer (`ty` 2) over an embedded PNG asset, placed and scaled into its rect
/// by the layer transform, faded and clipped like a shape layer (`LottieWriter+Images.swift`).
///
/// An element keeps its layer while its structure (contour sizes, paint kind, clip count)
/// stays the same from frame to frame. Its values are keyframed only where the motion needs it
/// (`Keyframes`): eased or linear segments that draw every sampled frame within a stated
/// tolerance (`Precision`: 0.25 pt, 1/255 of a colour or opacity), a value that holds
/// throughout is static, and numbers carry no more decimals than the tolerance needs.
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
    /// PNG bytes by `image` source (a file component's `imageBytes`), embedded as assets; an
    /// inline `data:` source carries its own bytes, and a file source missing here is left out.
    public var images: [String: [UInt8]]

    /// Whether keyframes are reduced to what the tolerance allows; off, every frame where a
    /// value changes is a keyframe (a reference to check the reduction against).
    public var reduces: Bool

    /// A writer; `images` holds the PNG bytes of the sources the frames' `image` ops name.
    public init(shadows: Bool = true, images: [String: [UInt8]] = [:], reduces: Bool = true) {
        self.shadows = shadows
        self.images = images
        self.reduces = reduces
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
        // The composition is the viewport and its bleed (a frame clips nothing), everything
        // moved `bleed` in so what is drawn past the frame's edges stays inside.
        let bleed = frames[0].bleed
        let size = Size(width: frames[0].size.width + 2 * bleed, height: frames[0].size.height + 2 * bleed)
        let assets = imageAssets(in: frames)
        var tracks: [Track] = []
        var order: [Int] = []
        var open: [String: Int] = [:]
        for (frameIndex, list) in frames.enumerated() {
            var previous: Int?
            for leaf in Self.leaves(of: list, shadows: shadows, assets: assets, origin: Point(x: bleed, y: bleed)) {
                let trackIndex: Int
                if let index = open[leaf.key], tracks[index].lastFrame == frameIndex - 1,
                    tracks[index].signature == leaf.signature
                {
                    trackIndex = index
                    tracks[index].leaves.append(leaf)
                } else {
                    trackIndex = tracks.count
                    tracks.append(
                        Track(
                            firstFrame: frameIndex, signature: leaf.signature, leaves: [leaf], exact: !reduces,
                            outFrame: frames.count))
                    open[leaf.key] = trackIndex
                    let position = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
                    order.insert(trackIndex, at: position)
                }
                previous = trackIndex
            }
        }
        // Lottie draws its first layer on top: painter's order reversed.
        var (layers, precomps) = Self.layers(order.reversed().map { tracks[$0] }, size: size)
        layers.append(Self.background(frames[0], size: size, index: layers.count + 1, frames: frames.count))
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
                .init("assets", .array(assets.values.sorted { $0.id < $1.id }.map(\.json) + precomps)),
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
            /// An embedded picture drawn into `rect` (in the leaf's own coordinates).
            case image(EmbeddedImage, rect: Rect)
        }

        var key: String
        var kind: Kind
        /// In the leaf's own coordinates; `transform` maps them to the viewport.
        var contours: [Bezier]
        var transform: AffineTransform = .identity
        var opacity: Double
        var clips: [[Bezier]]
        /// The path of the group whose clip is `clips[0]`: leaves under one clip share it.
        var clipOwner: String?

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
            case .fill(.solid, _), .shadow, .image: break
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
            case .image(let image, _): paint = "image-" + image.id
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
        var clipOwner: String?
    }

    /// The leaves of one frame in painter's order.
    static func leaves(
        of list: DisplayList, shadows: Bool, assets: [String: EmbeddedImage] = [:], origin: Point = .zero
    ) -> [Leaf] {
        let start = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: origin.x, ty: origin.y)
        var stack = [GroupState(id: "", transform: start, opacity: 1, clips: [])]
        var leaves: [Leaf] = []
        var seen: [String: Int] = [:]
        func key(_ id: String, _ kind: String) -> String {
            let base = (stack.map(\.id).filter { !$0.isEmpty } + [id]).joined(separator: "/") + "#" + kind
            let count = seen[base, default: 0]
            seen[base] = count + 1
            return count == 0 ? base : base + "\(count)"
        }
        let ends = DisplayList.matchingPops(list.ops)
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
                    let sigma = shadow.gaussianStandardDeviation * scale
                    leaves.append(
                        Leaf(
                            key: key(group.id, "shadow"), kind: .shadow(shadow.color, sigma: sigma),
                            contours: silhouette.map { $0.offset(by: offset) }, opacity: opacity, clips: top.clips,
                            clipOwner: top.clipOwner))
                }
                var clips = top.clips
                var owner = top.clipOwner
                if let clip = group.clip {
                    if clips.isEmpty { owner = (stack.map(\.id) + [group.id]).filter { !$0.isEmpty }.joined(separator: "/") }
                    clips.append(Bezier.contours(of: clip.applying(transform)))
                }
                stack.append(GroupState(id: group.id, transform: transform, opacity: opacity, clips: clips, clipOwner: owner))
            case .pop:
                if stack.count > 1 { stack.removeLast() }
            case .fill(let fill):
                leaves.append(
                    Leaf(
                        key: key(fill.id, "fill"), kind: .fill(fill.paint, fill.rule),
                        contours: Bezier.contours(of: fill.path), transform: top.transform, opacity: top.opacity,
                        clips: top.clips, clipOwner: top.clipOwner))
            case .stroke(let stroke):
                leaves.append(
                    Leaf(
                        key: key(stroke.id, "stroke"),
                        kind: .stroke(stroke.color, width: stroke.width, stroke.cap, stroke.join),
                        contours: Bezier.contours(of: stroke.path), transform: top.transform, opacity: top.opacity,
                        clips: top.clips, clipOwner: top.clipOwner))
            case .text(let text):
                let outline = GlyphOutlines.path(for: text)
                leaves.append(
                    Leaf(
                        key: key(text.id + ":" + text.lines.map(\.text).joined(separator: "\n"), "text"),
                        kind: .fill(.solid(text.color), .nonzero), contours: Bezier.contours(of: outline),
                        transform: top.transform, opacity: top.opacity, clips: top.clips, clipOwner: top.clipOwner))
            case .image(let image):
                // A picture with no bytes (a file the caller did not supply) is left out.
                guard let asset = assets[image.source] else { break }
                leaves.append(
                    Leaf(
                        key: key(image.id, "image"), kind: .image(asset, rect: image.rect), contours: [],
                        transform: top.transform, opacity: top.opacity, clips: top.clips, clipOwner: top.clipOwner))
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
            case .image(let image): contours += Bezier.contours(of: Path(rect: image.rect).applying(current))
            case .stroke: break
            }
        }
        return contours
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
