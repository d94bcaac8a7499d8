extension Scene {
    /// The scene flattened into painter's order: groups and effect layers become balanced
    /// `push`/`pop` pairs, leaves become `fill`, `stroke` and `text` ops, and nodes with
    /// accessibility become elements (those with zero opacity are hidden and left out).
    public func displayList() -> DisplayList {
        var ops: [DisplayList.Op] = []
        var accessibility: [DisplayList.AccessibilityElement] = []
        ops.reserveCapacity(64)
        Self.flatten(root, into: &ops, accessibility: &accessibility)
        return DisplayList(
            component: component, size: size, time: time, background: background, ops: ops,
            accessibility: accessibility)
    }

    private static func flatten(
        _ node: SceneNode, into ops: inout [DisplayList.Op], accessibility: inout [DisplayList.AccessibilityElement]
    ) {
        if let info = node.accessibility, node.opacity > 0 {
            accessibility.append(
                DisplayList.AccessibilityElement(
                    id: node.id, role: info.role, label: info.label, value: info.value, hint: info.hint,
                    frame: nonNegative(node.frame)))
        }
        switch node.content {
        case .group(let group):
            // A spring that overshoots drives values past what drawing can mean; SwiftUI clamps
            // them at render time, and so does the list: opacity to 0...1, blur radius to >= 0.
            let shadow = group.shadow.map { Shadow(color: $0.color, radius: max(0, $0.radius), offset: $0.offset) }
            ops.append(
                .push(
                    DisplayList.Group(
                        id: node.id, transform: group.transform,
                        opacity: min(1, max(0, group.opacity)), clip: group.clip, shadow: shadow)))
        case .effect(let effect):
            ops.append(.push(DisplayList.Group(id: node.id, effect: effect)))
        case .shape(let shape):
            ops.append(.fill(DisplayList.Fill(id: node.id, path: shape.path, paint: shape.paint, rule: shape.rule)))
        case .text(let text):
            ops.append(.text(DisplayList.Text(id: node.id, font: text.font, color: text.color, lines: text.lines)))
        case .icon(let icon):
            switch icon.style {
            case .fill(let color, let rule):
                ops.append(.fill(DisplayList.Fill(id: node.id, path: icon.path, paint: .solid(color), rule: rule)))
            case .stroke(let color, let width, let cap, let join):
                ops.append(
                    .stroke(DisplayList.Stroke(id: node.id, path: icon.path, color: color, width: width, cap: cap, join: join)))
            }
        }
        for child in node.children { flatten(child, into: &ops, accessibility: &accessibility) }
        switch node.content {
        case .group, .effect: ops.append(.pop)
        default: break
        }
    }

    /// `frame` with a negative width or height collapsed to zero at its origin (a layout
    /// squeezed below its content's size).
    private static func nonNegative(_ frame: Rect) -> Rect {
        Rect(origin: frame.origin, size: Size(width: max(0, frame.width), height: max(0, frame.height)))
    }
}
