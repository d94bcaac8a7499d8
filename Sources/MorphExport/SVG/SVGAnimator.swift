import MorphKit

/// Turns a run of display lists, one per frame, into one SVG with SMIL animation.
///
/// When every frame has the same structure (same elements and attributes, which MorphKit's
/// components keep across a whole expand or collapse), the first frame is written once and
/// every attribute that changes gets an `<animate>` with one value per frame, `linear`
/// between frames, where the values have the same form (numbers, paths with the same commands,
/// colours), or else a `<set>` at each frame where it changes; transforms get an
/// `animateTransform` pair (translate, then scale). Otherwise each frame becomes its own group shown for one frame time by a
/// `<set>` of `visibility` (a flip-book). Either way the last frame stays (`fill="freeze"`).
public struct SVGAnimator: Sendable {
    public var writer: SVGWriter

    /// `writer` is used with `explicitDefaults` on, whatever it says.
    public init(writer: SVGWriter = SVGWriter()) {
        self.writer = writer
        self.writer.explicitDefaults = true
    }

    /// Which form `animate` chose: what the test and the CLI's stderr note report.
    public enum Form: String, Sendable {
        case valueAnimation = "value animation"
        case flipBook = "flip-book"
    }

    /// The animated document as text and the form used.
    ///
    /// - Precondition: `frames` is not empty and `fps` is positive (the CLI checks both).
    public func svg(_ frames: [DisplayList], fps: Double) -> (text: String, form: Form) {
        let (root, form) = document(frames, fps: fps)
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + root.xml(), form)
    }

    public func document(_ frames: [DisplayList], fps: Double) -> (SVGElement, Form) {
        precondition(!frames.isEmpty && fps > 0, "animate needs frames and a positive rate")
        var root = writer.document(frames[0])
        root.children.removeAll()
        let contents = frames.map { writer.frame($0) }
        let duration = Double(Swift.max(1, frames.count - 1)) / fps
        if frames.count > 1, contents.dropFirst().allSatisfy({ $0.hasSameShape(as: contents[0]) }),
            let merged = Self.merge(contents, duration: duration)
        {
            root.children = [merged]
            return (root, .valueAnimation)
        }
        for (index, list) in frames.enumerated() {
            var group = writer.frame(list, idPrefix: "f\(index)-")
            group.attributes.append(.init("visibility", "hidden"))
            var show = SVGElement(
                "set",
                [
                    .init("attributeName", "visibility"), .init("to", "visible"),
                    .init("begin", NumberText.format(Double(index) / fps) + "s"),
                ])
            if index == frames.count - 1 {
                show.attributes.append(.init("fill", "freeze"))
            } else {
                show.attributes.append(.init("dur", NumberText.format(1 / fps) + "s"))
            }
            group.children.insert(show, at: 0)
            root.children.append(group)
        }
        return (root, .flipBook)
    }

    /// Frames of the same shape as one element with animations; nil when a changing attribute
    /// cannot be animated (a transform with rotation or skew).
    static func merge(_ frames: [SVGElement], duration: Double) -> SVGElement? {
        var merged = frames[0]
        let count = frames.count
        let keyTimes = (0..<count).map { NumberText.format(Double($0) / Double(count - 1)) }.joined(separator: ";")
        func timing() -> [SVGElement.Attribute] {
            [
                .init("dur", NumberText.format(duration) + "s"), .init("keyTimes", keyTimes),
                .init("fill", "freeze"),
            ]
        }
        var animations: [SVGElement] = []
        for (position, attribute) in merged.attributes.enumerated() {
            let values = frames.map { $0.attributes[position].value }
            guard values.contains(where: { $0 != values[0] }) else { continue }
            if attribute.name == "transform" {
                var translations: [String] = []
                var scales: [String] = []
                for value in values {
                    guard let (translate, scale) = splitTransform(value) else { return nil }
                    translations.append(translate)
                    scales.append(scale)
                }
                animations.append(
                    SVGElement(
                        "animateTransform",
                        [
                            .init("attributeName", "transform"), .init("type", "translate"),
                            .init("values", translations.joined(separator: ";")),
                        ] + timing()))
                animations.append(
                    SVGElement(
                        "animateTransform",
                        [
                            .init("attributeName", "transform"), .init("type", "scale"), .init("additive", "sum"),
                            .init("values", scales.joined(separator: ";")),
                        ] + timing()))
                continue
            }
            let form = Self.form(of: values[0])
            if values.allSatisfy({ Self.form(of: $0) == form }) {
                animations.append(
                    SVGElement(
                        "animate",
                        [
                            .init("attributeName", attribute.name), .init("values", values.joined(separator: ";")),
                            .init("calcMode", "linear"),
                        ] + timing()))
                continue
            }
            // Values that cannot be interpolated (a path whose segments change): one `set` per
            // change, from its frame on. Browsers differ on when `calcMode="discrete"` switches
            // between such values; a `set` starting at the frame's time is unambiguous.
            for (index, value) in values.enumerated() where index > 0 && value != values[index - 1] {
                animations.append(
                    SVGElement(
                        "set",
                        [
                            .init("attributeName", attribute.name), .init("to", value),
                            .init("begin", NumberText.format(duration * Double(index) / Double(count - 1)) + "s"),
                            .init("fill", "freeze"),
                        ]))
            }
        }
        var children: [SVGElement] = []
        for index in merged.children.indices {
            guard let child = merge(frames.map { $0.children[index] }, duration: duration) else { return nil }
            children.append(child)
        }
        merged.children = animations + children
        return merged
    }

    /// `translate(x y) scale(a d)` as the writer prints axis-aligned transforms, split.
    static func splitTransform(_ value: String) -> (String, String)? {
        guard value.hasPrefix("translate("), let close = value.firstIndex(of: ")") else { return nil }
        let translate = value[value.index(value.startIndex, offsetBy: 10)..<close]
        let rest = value[value.index(after: close)...].trimmingPrefix(" ")
        guard rest.hasPrefix("scale("), rest.hasSuffix(")") else { return nil }
        return (String(translate), String(rest.dropFirst(6).dropLast()))
    }

    /// A value with its numbers blanked: equal forms interpolate element by element.
    static func form(of value: String) -> String {
        String(value.filter { !($0.isNumber || $0 == "." || $0 == "-") })
    }
}
