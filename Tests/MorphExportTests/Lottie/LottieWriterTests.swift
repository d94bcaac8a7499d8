import MorphExport
import MorphKit
import Testing

@Suite struct LottieWriterTests {
    /// The container's opening at 60 fps, as `morph export --format lottie` samples it: each
    /// frame's progress and display list.
    static func frames() throws -> ([Double?], [DisplayList]) {
        let definition = try #require(ComponentDefinition.builtIn(.morphContainer))
        let frames = try ComponentSession(definition: definition).transitionFrames(.open, fps: 60)
        return (frames.map(\.scrub), frames.map { $0.session.scene().displayList() })
    }

    static func layer(named name: String, in animation: JSONValue) -> JSONValue? {
        guard case .array(let layers)? = animation["layers"] else { return nil }
        return layers.first { $0["nm"] == .string(name) }
    }

    /// The layers of the precomposition a top-level layer draws (the card's, under its clip).
    static func precompLayers(of layer: JSONValue, in animation: JSONValue) -> [JSONValue] {
        guard case .array(let assets)? = animation["assets"],
            case .array(let layers)? = assets.first(where: { $0["id"] == layer["refId"] })?["layers"]
        else { return [] }
        return layers
    }

    @Test func cardMaskFollowsTheSpringFrameByFrame() throws {
        let (progress, frames) = try Self.frames()
        let animation = LottieWriter().animation(
            frames, fps: 60, markers: [.init(name: "open", start: 0, duration: frames.count)], name: "c")
        #expect(animation["op"] == .number(Double(frames.count)))
        #expect(animation["markers"]?[0]?["cm"] == .string("open"))
        // The card's children share its clip: one precomp layer carries it as its mask.
        let card = try #require(Self.layer(named: "card", in: animation))
        #expect(card["ty"] == .number(0))
        let surface = try #require(Self.precompLayers(of: card, in: animation).first { $0["nm"] == .string("card/surface#fill") })
        #expect(surface["masksProperties"] == nil)
        guard case .array(let masks)? = card["masksProperties"] else { Issue.record("no mask"); return }
        #expect(masks.count == 1)
        for (index, list) in frames.enumerated() {
            // Truth from the display list itself: the card group's clip, moved by its transform.
            guard case .push(let group)? = list.ops.first, let clip = group.clip else { Issue.record("no card"); return }
            let expected = clip.applying(group.transform).controlPointBounds
            let property = try #require(masks[0]["pt"])
            // Vertices and control points alike, every 6 numbers (LottieKeyframeTests.value).
            let points = try #require(LottieKeyframeTests.value(of: property, at: index))
            let ys = stride(from: 1, to: points.count, by: 2).map { points[$0] }
            // Each point within the stated 0.25 pt, so the height within twice that.
            #expect(
                abs((ys.max() ?? 0) - (ys.min() ?? 0) - expected.height) < 0.5 + 0.002,
                "frame \(index) p \(String(describing: progress[index]))")
        }
    }

    /// The Gaussian Blur effect's blurriness is σ / 0.3 (lottie-web's reading) with σ =
    /// `Shadow.gaussianStandardDeviation` through the group's scale: radius 10 under a 2×
    /// scale is σ = 20 pt, blurriness 66.67 (printed within 0.25).
    @Test func blurrinessIsTheStandardDeviationOverPointThree() throws {
        let list = DisplayList(
            component: .morphContainer, size: Size(width: 300, height: 300), background: .white,
            ops: [
                .push(.init(id: "card", transform: .scale(x: 2, y: 2), shadow: Shadow(color: .black, radius: 10))),
                .fill(.init(id: "a", path: Path(rect: Rect(x: 20, y: 20, width: 40, height: 40)), paint: .solid(.black))), .pop,
            ])
        let animation = LottieWriter().animation([list, list], fps: 60, name: "c")
        let shadow = try #require(Self.layer(named: "card#shadow", in: animation))
        let value = shadow["ef"]?[0]?["ef"]?[0]?["v"]?["k"]
        var blurriness: Double?
        if case .number(let number)? = value { blurriness = number }
        if case .array(let numbers)? = value, case .number(let number)? = numbers.first { blurriness = number }
        let sigma = Shadow.gaussianStandardDeviation(radius: 10) * 2
        #expect(sigma == 20)
        #expect(abs(try #require(blurriness) - sigma / 0.3) <= 0.25, "blurriness \(String(describing: blurriness))")
    }

    @Test func shadowsAreBlurredLayersUnlessTurnedOff() throws {
        let (_, frames) = try Self.frames()
        let with = LottieWriter().animation(frames, fps: 60, name: "c")
        let shadow = try #require(Self.layer(named: "card#shadow", in: with))
        #expect(shadow["ef"]?[0]?["ty"] == .number(29))
        let without = LottieWriter(shadows: false).animation(frames, fps: 60, name: "c")
        #expect(Self.layer(named: "card#shadow", in: without) == nil)
    }

    @Test func layersKeepPainterOrderReversed() throws {
        let (_, frames) = try Self.frames()
        let animation = LottieWriter().animation(frames, fps: 60, name: "c")
        guard case .array(let layers)? = animation["layers"] else { Issue.record("no layers"); return }
        let names = layers.compactMap { layer -> String? in if case .string(let name)? = layer["nm"] { name } else { nil } }
        #expect(names.last == "background")
        #expect(names.firstIndex(of: "card#shadow") ?? 0 > names.firstIndex(of: "card") ?? 0, "the shadow under the card")
        let card = try #require(Self.layer(named: "card", in: animation))
        let inner = Self.precompLayers(of: card, in: animation).compactMap { layer -> String? in
            if case .string(let name)? = layer["nm"] { name } else { nil }
        }
        let surface = try #require(inner.firstIndex(of: "card/surface#fill"))
        let artwork = try #require(inner.firstIndex(of: "card/artwork#fill"))
        #expect(artwork < surface, "the artwork is drawn over the surface, so it is listed first")
    }
}

extension JSONValue {
    /// The element at `index` of an array, nil otherwise.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
