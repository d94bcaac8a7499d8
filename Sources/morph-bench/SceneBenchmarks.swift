import Foundation
import MorphKit

/// Canonical display-list encoding (the server's per-frame hot path) against Foundation's
/// `JSONEncoder` with sorted keys on the same value; the ratio is what `make bench` reports.
func runSceneBenchmarks(_ bench: inout Bench) {
    let list = sampleFrame()
    var writer = CanonicalJSONWriter()
    bench.measure("scene: canonical encode, 20-op list", operations: 100) {
        var total = 0
        for _ in 0..<100 {
            writer.removeAll()
            try? list.write(to: &writer)
            total &+= writer.bytes.count
        }
        return Double(total)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    bench.measure("scene: JSONEncoder(.sortedKeys), same list", operations: 10) {
        var total = 0
        for _ in 0..<10 {
            total &+= (try? encoder.encode(list))?.count ?? 0
        }
        return Double(total)
    }
    let bytes = (try? list.canonicalJSON()) ?? []
    bench.measure("scene: decode canonical list", operations: 10) {
        var total = 0
        for _ in 0..<10 {
            total &+= (try? DisplayList(json: bytes))?.ops.count ?? 0
        }
        return Double(total)
    }
}

/// A container frame mid-morph: card group with clip and shadow, gradient artwork, scaled
/// texts, chevron, body copy and two buttons — 20 ops, the size of a real frame.
private func sampleFrame() -> DisplayList {
    let p = 0.4
    func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
    let card = Rect(x: 0, y: 0, width: 340, height: lerp(96, 384))
    let art = Rect(x: lerp(16, 0), y: lerp(16, 0), width: lerp(64, 340), height: lerp(64, 196))
    let blue = RGBAColor(red: 0.184, green: 0.435, blue: 0.929)
    func text(_ id: String, _ string: String, size: Double, weight: Int, y: Double) -> DisplayList.Op {
        .text(DisplayList.Text(id: id, font: DisplayList.Font(weight: weight, size: size), color: RGBAColor(white: 0.09),
                               lines: [DisplayList.TextLine(x: 20, y: y, text: string)]))
    }
    let ops: [DisplayList.Op] = [
        .push(DisplayList.Group(id: "card", transform: .translation(x: 25, y: 20),
                                clip: Path(roundedRect: card, cornerRadius: lerp(16, 28)),
                                shadow: Shadow(color: RGBAColor(white: 0, alpha: lerp(0.06, 0.16)), radius: lerp(8, 34),
                                               offset: Point(x: 0, y: lerp(2, 16))))),
        .fill(DisplayList.Fill(id: "surface", path: Path(rect: card), paint: .solid(.white))),
        .fill(DisplayList.Fill(
            id: "artwork",
            path: Path(roundedRect: art, cornerRadii: CornerRadii(topLeading: lerp(10, 28), bottomLeading: lerp(10, 0),
                                                                   bottomTrailing: lerp(10, 0), topTrailing: lerp(10, 28))),
            paint: .linear(from: art.origin, to: Point(x: art.maxX, y: art.maxY),
                           colors: [RGBAColor(red: 0.486, green: 0.361, blue: 1), blue]))),
        .push(DisplayList.Group(id: "icon", transform: .scale(lerp(22.0 / 46.0, 1), anchor: Point(x: art.midX, y: art.midY)),
                                opacity: lerp(0.92, 0.62))),
        .fill(DisplayList.Fill(id: "waveform", path: Path(ellipseIn: Rect(x: art.midX - 20, y: art.midY - 20, width: 40, height: 40)),
                               paint: .solid(.white))),
        .pop,
        .push(DisplayList.Group(id: "titleScale", transform: .scale(lerp(15.0 / 24.0, 1), anchor: Point(x: lerp(92, 20), y: lerp(26, 212))))),
        text("title", "Northern Lights", size: 24, weight: 600, y: lerp(26, 212) + 23.2),
        .pop,
        .push(DisplayList.Group(id: "subtitleScale", transform: .scale(lerp(11.0 / 13.0, 1), anchor: Point(x: lerp(92, 20), y: lerp(56, 250))))),
        text("subtitle", "Ambient mix · 12 tracks", size: 13, weight: 400, y: lerp(56, 250) + 12.6),
        .pop,
        .stroke(DisplayList.Stroke(id: "chevron", path: Path([.move(to: Point(x: 314, y: 44)), .line(to: Point(x: 319.5, y: 49.5)),
                                                             .line(to: Point(x: 314, y: 55))]),
                                   color: RGBAColor(white: 0.64, alpha: 1 - min(1, p / 0.25)), width: 2, cap: .round, join: .round)),
        .push(DisplayList.Group(id: "body", opacity: 0.2)),
        .text(DisplayList.Text(id: "bodyText", font: DisplayList.Font(size: 13), color: RGBAColor(white: 0.4), lines: [
            DisplayList.TextLine(x: 20, y: 320.4, text: "Slow synth pads recorded across three winters in"),
            DisplayList.TextLine(x: 20, y: 340.1, text: "Tromsø. Best played quietly, and late."),
        ])),
        .pop,
        .fill(DisplayList.Fill(id: "play", path: Path(roundedRect: Rect(x: 20, y: 350, width: 145, height: 40), cornerRadius: 12),
                               paint: .solid(blue))),
        text("playLabel", "Play", size: 15, weight: 600, y: 375),
        .fill(DisplayList.Fill(id: "save", path: Path(roundedRect: Rect(x: 175, y: 350, width: 145, height: 40), cornerRadius: 12),
                               paint: .solid(blue.opacity(0.1)))),
        .pop,
    ]
    return DisplayList(component: .morphContainer, size: Size(width: 390, height: 440), time: 1.0 / 3.0,
                       background: RGBAColor(red: 0.949, green: 0.949, blue: 0.969), ops: ops,
                       accessibility: [DisplayList.AccessibilityElement(
                           id: "card", role: .button, label: "Northern Lights, ambient mix, 12 tracks", value: "Collapsed",
                           hint: "Double tap to expand", frame: Rect(x: 25, y: 20, width: 340, height: card.height))])
}
