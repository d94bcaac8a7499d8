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

    /// The value a property has at whole frame `frame`: the last keyframe at or before it (the
    /// writer keys every frame where a value changes, so that is exact on whole frames).
    static func value(of property: JSONValue, at frame: Int) -> JSONValue? {
        if property["a"] == .number(0) { return property["k"] }
        guard case .array(let keyframes)? = property["k"] else { return nil }
        var current: JSONValue?
        for keyframe in keyframes {
            guard case .number(let t)? = keyframe["t"], t <= Double(frame) else { break }
            current = keyframe["s"]
        }
        return current
    }

    @Test func cardMaskFollowsTheSpringFrameByFrame() throws {
        let (progress, frames) = try Self.frames()
        let animation = LottieWriter().animation(
            frames, fps: 60, markers: [.init(name: "open", start: 0, duration: frames.count)], name: "c")
        #expect(animation["op"] == .number(Double(frames.count)))
        #expect(animation["markers"]?[0]?["cm"] == .string("open"))
        let surface = try #require(Self.layer(named: "card/surface#fill", in: animation))
        guard case .array(let masks)? = surface["masksProperties"] else { Issue.record("no mask"); return }
        #expect(masks.count == 1)
        for (index, list) in frames.enumerated() {
            // Truth from the display list itself: the card group's clip, moved by its transform.
            guard case .push(let card)? = list.ops.first, let clip = card.clip else { Issue.record("no card"); return }
            let expected = clip.applying(card.transform).controlPointBounds
            let property = try #require(masks[0]["pt"])
            let path = try #require(Self.value(of: property, at: index))
            let bezier: JSONValue = if case .array(let wrapped) = path { wrapped[0] } else { path }
            guard case .array(let vertices)? = bezier["v"] else { Issue.record("no vertices"); return }
            let ys = vertices.compactMap { vertex -> Double? in
                if case .number(let y)? = vertex[1] { y } else { nil }
            }
            #expect(
                abs((ys.max() ?? 0) - (ys.min() ?? 0) - expected.height) < 0.01,
                "frame \(index) p \(String(describing: progress[index]))")
        }
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
        let surface = try #require(names.firstIndex(of: "card/surface#fill"))
        let artwork = try #require(names.firstIndex(of: "card/artwork#fill"))
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
