import MorphKit

/// Hand-built display lists and scenes shared by the scene tests.
enum SampleDisplayLists {
    /// A list touching every op, paint, default and optional key.
    static func everything() -> DisplayList {
        let card = Rect(x: 25, y: 20, width: 340, height: 96)
        return DisplayList(
            component: .morphContainer, size: Size(width: 390, height: 440), time: 1.25,
            background: RGBAColor(red: 0.949, green: 0.949, blue: 0.969),
            ops: [
                .push(
                    DisplayList.Group(
                        id: "card", transform: .translation(x: 25, y: 20), opacity: 0.5,
                        clip: Path(roundedRect: Rect(x: 0, y: 0, width: 340, height: 96), cornerRadius: 16),
                        shadow: Shadow(color: RGBAColor(white: 0, alpha: 0.06), radius: 8, offset: Point(x: 0, y: 2)))),
                .fill(
                    DisplayList.Fill(
                        id: "artwork", path: Path(rect: Rect(x: 16, y: 16, width: 64, height: 64)),
                        paint: .linear(
                            from: Point(x: 16, y: 16), to: Point(x: 80, y: 80),
                            colors: [
                                RGBAColor(red: 0.486, green: 0.361, blue: 1), RGBAColor(red: 0.184, green: 0.435, blue: 0.929),
                            ]), rule: .evenodd)),
                .stroke(
                    DisplayList.Stroke(
                        id: "chevron",
                        path: Path([
                            .move(to: Point(x: 312, y: 41)), .line(to: Point(x: 318, y: 47)),
                            .quadCurve(to: Point(x: 312, y: 53), control: Point(x: 315, y: 50)),
                        ]),
                        color: RGBAColor(white: 0.64), width: 2, cap: .round, join: .round)),
                .text(
                    DisplayList.Text(
                        id: "title", font: DisplayList.Font(weight: 600, size: 24), color: RGBAColor(white: 0.09),
                        lines: [DisplayList.TextLine(x: 92, y: 44.2, text: "Northern Lights \"Tromsø\"\n\u{1}")])),
                .push(
                    DisplayList.Group(
                        id: "curtain",
                        effect: CurtainEffect(
                            bounds: Rect(x: 0, y: 0, width: 390, height: 844),
                            rawDrag: Point(x: 5, y: 300), folds: 4))),
                .fill(DisplayList.Fill(id: "plain", path: Path(rect: card), paint: .solid(.white))),
                .pop,
                .pop,
            ],
            accessibility: [
                DisplayList.AccessibilityElement(
                    id: "card", role: .button, label: "Northern Lights, ambient mix, 12 tracks",
                    value: "Collapsed", hint: "Double tap to expand", frame: card),
                DisplayList.AccessibilityElement(id: "title", role: .text, label: "Title", frame: card),
            ])
    }

    /// A small scene: a card group with shadow and clip, a shape, a scaled text, an icon and
    /// a curtain layer.
    static func smallScene() -> Scene {
        let card = Rect(x: 0, y: 0, width: 200, height: 100)
        return Scene(
            component: .curtain, size: Size(width: 240, height: 160), time: 0.5, background: RGBAColor(white: 0.95),
            root: .group(
                "root",
                children: [
                    .group(
                        "card", transform: .translation(x: 20, y: 30), opacity: 0.8,
                        clip: Path(roundedRect: card, cornerRadius: 12),
                        shadow: .standard(radius: 10), bounds: card,
                        accessibility: .init(role: .button, label: "Card", value: "Closed", hint: "Opens it"),
                        children: [
                            .shape("surface", path: Path(roundedRect: card, cornerRadius: 12), paint: .solid(.white)),
                            .group(
                                "titleScale", transform: .scale(0.5, anchor: Point(x: 10, y: 10)),
                                children: [
                                    .text(
                                        "title", font: DisplayList.Font(weight: 700, size: 20), color: .black,
                                        lines: [DisplayList.TextLine(x: 10, y: 30, text: "Hello")],
                                        bounds: Rect(x: 10, y: 10, width: 50, height: 24),
                                        accessibility: .init(role: .text, label: "Hello"))
                                ]),
                            .icon(
                                "chevron", name: "chevron.right",
                                path: Path([
                                    .move(to: Point(x: 180, y: 40)), .line(to: Point(x: 186, y: 50)),
                                    .line(to: Point(x: 180, y: 60)),
                                ]),
                                style: .stroke(RGBAColor(white: 0.64), width: 2)),
                        ]),
                    .effect(
                        "foreground",
                        CurtainEffect(
                            bounds: Rect(x: 0, y: 0, width: 240, height: 160),
                            rawDrag: Point(x: 120, y: 80), folds: 3),
                        children: [
                            .shape(
                                "page", path: Path(rect: Rect(x: 0, y: 0, width: 240, height: 160)),
                                paint: .solid(RGBAColor(white: 0.96)))
                        ]),
                ]))
    }
}
