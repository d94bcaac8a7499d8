import Foundation
import FoundationXML
import MorphExport
import MorphKit
import Testing

@Suite struct SVGWriterTests {
    static let card = Path(rect: Rect(x: 0, y: 0, width: 200, height: 100))

    /// A hand-made list with each feature once: clip, shadow, opacity, gradient, stroke, text.
    static let list = DisplayList(
        component: .morphContainer, size: Size(width: 300, height: 200), background: RGBAColor(white: 0.9),
        ops: [
            .push(
                .init(
                    id: "card", transform: .translation(x: 50, y: 40), opacity: 0.5, clip: card,
                    shadow: Shadow(color: RGBAColor(white: 0, alpha: 0.2), radius: 12, offset: Point(x: 0, y: 6)))),
            .fill(
                .init(
                    id: "art", path: card,
                    paint: .linear(
                        from: Point(x: 0, y: 0), to: Point(x: 200, y: 100),
                        colors: [RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5)]))),
            .stroke(
                .init(
                    id: "line", path: Path(rect: Rect(x: 10, y: 10, width: 20, height: 20)), color: .white, width: 2, cap: .round)
            ),
            .text(
                .init(
                    id: "title", font: .init(weight: 600, size: 20), color: .black, lines: [.init(x: 8, y: 30, text: "A & <B>")])),
            .pop,
        ])

    /// Parses with Foundation's XML parser and returns every element's name and attributes.
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [(String, [String: String])] = []
        var text = ""
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) { elements.append((name, attributes)) }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    static func parse(_ svg: String) -> Collector? {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector : nil
    }

    /// `stdDeviation` is `Shadow.gaussianStandardDeviation` (σ = radius) in the group's units, and
    /// the filter region reaches 3σ past the content (plus the offset and 2 pt).
    @Test(arguments: [(radius: 1.0, text: "1"), (radius: 8, text: "8"), (radius: 34, text: "34"), (radius: 0.5, text: "0.5")])
    func stdDeviationIsTheRadius(radius: Double, text: String) throws {
        let square = Path(rect: Rect(x: 100, y: 100, width: 40, height: 40))
        let list = DisplayList(
            component: .morphContainer, size: Size(width: 300, height: 300), background: .white,
            ops: [
                .push(.init(id: "card", shadow: Shadow(color: .black, radius: radius))),
                .fill(.init(id: "a", path: square, paint: .solid(.black))), .pop,
            ])
        let parsed = try #require(Self.parse(SVGWriter().svg(list)))
        let drop = try #require(parsed.elements.first { $0.0 == "feDropShadow" }?.1)
        #expect(drop["stdDeviation"] == text)
        #expect(Shadow.gaussianStandardDeviation(radius: radius) == radius)
        let filter = try #require(parsed.elements.first { $0.0 == "filter" }?.1)
        let x = try #require(filter["x"].flatMap(Double.init))
        #expect(abs(x - (100 - 3 * radius - 2)) < 0.01, "filter x \(x)")
    }

    @Test func writesWellFormedSVGWithEveryFeature() throws {
        let parsed = try #require(Self.parse(SVGWriter().svg(Self.list)))
        let byName = Dictionary(grouping: parsed.elements, by: \.0)
        #expect(byName["svg"]?.first?.1["viewBox"] == "0 0 300 200")
        // SwiftUI's shadow radius is the Gaussian's standard deviation (radius 12: σ = 12).
        let drop = try #require(byName["feDropShadow"]?.first?.1)
        #expect(drop["stdDeviation"] == "12" && drop["dy"] == "6" && drop["flood-opacity"] == "0.2")
        let card = try #require(parsed.elements.first { $0.1["data-id"] == "card" }?.1)
        #expect(card["opacity"] == "0.5" && card["transform"] == "translate(50 40) scale(1 1)")
        let filterID = try #require(byName["filter"]?.first?.1["id"])
        #expect(card["filter"] == "url(#\(filterID))")
        // The clip sits on an inner group, so the shadow outside it survives.
        #expect(card["clip-path"] == nil)
        #expect(byName["g"]?.contains { $0.1["clip-path"] != nil } == true)
        let stops = try #require(byName["stop"])
        #expect(stops.map { $0.1["stop-opacity"] } == ["1", "0.5"])
        #expect(byName["path"]?.contains { $0.1["stroke-linecap"] == "round" && $0.1["stroke-width"] == "2" } == true)
        #expect(parsed.text.contains("A & <B>"))
        // One x per character, from MorphKit's advances.
        let xs = try #require(byName["tspan"]?.first?.1["x"]).split(separator: " ")
        #expect(xs.count == "A & <B>".count && xs.first == "8")
    }

    @Test func outlinesModeDrawsTextAsAPath() throws {
        let parsed = try #require(Self.parse(SVGWriter(textMode: .outlines).svg(Self.list)))
        #expect(!parsed.elements.contains { $0.0 == "text" })
        let title = try #require(parsed.elements.first { $0.1["data-id"] == "title" }?.1)
        #expect(title["d"]?.contains("C") == true)
    }

    @Test func containerExpansionIsAnimatedValueByValue() throws {
        let definition = try #require(ComponentDefinition.builtIn(.morphContainer))
        let frames = try ComponentSession(definition: definition).transitionFrames(.open, fps: 60).map {
            $0.session.scene().displayList()
        }
        let (root, form) = SVGAnimator().document(frames, fps: 60)
        #expect(form == .valueAnimation)
        let parsed = try #require(Self.parse(root.xml()))
        let animations = parsed.elements.filter { $0.0 == "animate" || $0.0 == "animateTransform" }
        #expect(!animations.isEmpty)
        for (_, attributes) in animations {
            #expect(attributes["values"]?.split(separator: ";").count == frames.count)
            #expect(attributes["keyTimes"]?.split(separator: ";").count == frames.count)
        }
        // The card's clip height follows the spring: the overshoot shows in the values.
        #expect(animations.contains { $0.1["attributeName"] == "d" && $0.1["calcMode"] == "linear" })
    }

    /// Animated text keeps its characters exactly: whitespace around them would take x slots
    /// under `xml:space="preserve"` and shift every glyph.
    @Test func animatedTextHasNoAddedWhitespace() throws {
        let card = try ComponentSession(definition: try #require(ComponentDefinition.builtIn(.heroCard)))
        let frames = try [0.0, 0.5, 1.0].map { try card.scene(posed: ComponentPose(progress: $0)).displayList() }
        let (root, form) = SVGAnimator().document(frames, fps: 60)
        #expect(form == .valueAnimation)
        let xml = root.xml()
        let parsed = try #require(Self.parse(xml))
        #expect(parsed.elements.contains { $0.0 == "tspan" })
        for line in xml.split(separator: "\n") where line.contains("<tspan") {
            #expect(line.hasSuffix("</tspan>"), "text right after its animations: \(line.suffix(60))")
            let body = line.dropLast("</tspan>".count)
            let text = body[body.index(after: try #require(body.lastIndex(of: ">")))...]
            #expect(!text.isEmpty && !text.hasPrefix(" ") && !text.hasPrefix("\t"))
        }
    }

    /// A path whose segments change between frames cannot be interpolated: it changes by
    /// `set` at the frames where it changes, each from that frame's time on.
    @Test func nonInterpolablePathsChangeBySet() throws {
        func list(_ path: Path) -> DisplayList {
            DisplayList(
                component: .heroCard, size: Size(width: 10, height: 10),
                ops: [.fill(.init(id: "shape", path: path, paint: .solid(.black)))])
        }
        let square = Path(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        var triangle = Path()
        triangle.move(to: Point(x: 0, y: 0))
        triangle.addLine(to: Point(x: 4, y: 0))
        triangle.addCurve(to: Point(x: 0, y: 4), control1: Point(x: 4, y: 2), control2: Point(x: 2, y: 4))
        triangle.closeSubpath()
        let (root, _) = SVGAnimator().document([list(square), list(square), list(triangle), list(triangle)], fps: 10)
        let parsed = try #require(Self.parse(root.xml()))
        let sets = parsed.elements.filter { $0.0 == "set" }
        #expect(sets.count == 1)
        #expect(sets.first?.1["begin"] == "0.2s" && sets.first?.1["attributeName"] == "d")
        #expect(sets.first?.1["to"]?.contains("C") == true)
        #expect(!parsed.elements.contains { $0.0 == "animate" && $0.1["attributeName"] == "d" })
    }

    /// Found by `make fuzz` (display-list): a list read from a file with a transform of 1e300
    /// trapped converting the number to Int64; it is now written clamped, without an exponent.
    @Test func hugeNumbersAreWrittenClampedWithoutAnExponent() throws {
        let list = try DisplayList(
            json: #"""
                {"format":"morph.display-list","version":1,"component":"morph-container","size":[100,100],"time":0,
                "background":[1,1,1,1],"ops":[{"op":"push","id":"far","transform":[1,0,0,1,1e300,-1e300]},{"op":"pop"}]}
                """#)
        let svg = SVGWriter().svg(list)
        _ = try XMLDocument(data: Data(svg.utf8))
        #expect(svg.contains("9000000000000000000") && svg.contains("-9000000000000000000"))
        #expect(!svg.contains("e+") && !svg.contains("e300"))
    }

    /// `image` becomes `<image>` over its rect with no aspect fitting of its own (MorphKit
    /// placed it): the PNG inline when the writer has its bytes, else the source as written;
    /// `interpolation: none` is pixelated.
    @Test func imagesAreEmbeddedWhenTheirBytesAreKnown() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        let list = DisplayList(
            component: .curtain, size: Size(width: 100, height: 60),
            ops: [
                .image(.init(id: "map", source: "images/map.png", rect: Rect(x: 5, y: 6, width: 70, height: 40))),
                .image(.init(id: "pix", source: "pix.png", rect: Rect(x: 0, y: 0, width: 8, height: 8), interpolation: .none)),
            ])
        let parsed = try #require(Self.parse(SVGWriter(images: ["images/map.png": png]).svg(list)))
        let map = try #require(parsed.elements.first { $0.1["data-id"] == "map" })
        #expect(map.0 == "image")
        #expect(map.1["href"] == "data:image/png;base64," + Data(png).base64EncodedString())
        #expect([map.1["x"], map.1["y"], map.1["width"], map.1["height"]] == ["5", "6", "70", "40"])
        #expect(map.1["preserveAspectRatio"] == "none" && map.1["image-rendering"] == nil)
        let pix = try #require(parsed.elements.first { $0.1["data-id"] == "pix" }?.1)
        #expect(pix["href"] == "pix.png" && pix["image-rendering"] == "pixelated")
    }
}
