extension Scene {
    /// The scene flattened into painter's order: groups and effect layers become balanced
    /// `push`/`pop` pairs, leaves become `fill`, `stroke`, `text` and `image` ops, and nodes with
    /// accessibility become elements (those with zero opacity are hidden and left out).
    public func displayList() -> DisplayList {
        var ops: [DisplayList.Op] = []
        var accessibility: [DisplayList.AccessibilityElement] = []
        ops.reserveCapacity(64)
        withUnsafePointer(to: root) { Self.flatten($0, into: &ops, accessibility: &accessibility) }
        var list = DisplayList(
            component: component, size: size, time: time, background: background, ops: ops,
            accessibility: accessibility)
        list.bleed = bleed
        return list
    }

    /// Takes the node by pointer: passed by value, every node of the tree was copied (its
    /// strings and arrays retained and released) once per frame on the way down.
    private static func flatten(
        _ pointer: UnsafePointer<SceneNode>, into ops: inout [DisplayList.Op],
        accessibility: inout [DisplayList.AccessibilityElement]
    ) {
        if let element = accessibilityElement(pointer) { accessibility.append(element) }
        ops.append(op(pointer))
        pointer.pointee.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                flatten(children.baseAddress! + index, into: &ops, accessibility: &accessibility)
            }
        }
        if closesWithPop(pointer) { ops.append(.pop) }
    }

    /// The node's accessibility element, if it has one and is not hidden (zero opacity).
    /// `flatten` and `DisplayListEncoder.encode(_:)` take a node's elements and ops from here
    /// and the two functions after it, so a scene has one list whichever writes it.
    static func accessibilityElement(_ pointer: UnsafePointer<SceneNode>) -> DisplayList.AccessibilityElement? {
        guard let info = pointer.pointee.accessibility, pointer.pointee.opacity > 0 else { return nil }
        return DisplayList.AccessibilityElement(
            id: pointer.pointee.id, role: info.role, label: info.label, value: info.value, hint: info.hint,
            frame: nonNegative(pointer.pointee.frame))
    }

    /// Whether the node's children are closed by a `pop` (groups and effect layers).
    static func closesWithPop(_ pointer: UnsafePointer<SceneNode>) -> Bool {
        switch pointer.pointee.content {
        case .group, .effect: return true
        default: return false
        }
    }

    /// The op the node draws, or opens its children with. Inlined: returned from a call, the
    /// op was built in a temporary and copied into the list.
    @inline(__always)
    static func op(_ pointer: UnsafePointer<SceneNode>) -> DisplayList.Op {
        let id = pointer.pointee.id
        switch pointer.pointee.content {
        case .group(let group):
            // A spring that overshoots drives values past what drawing can mean; SwiftUI clamps
            // them at render time, and so does the list: opacity and colours to 0...1, blur
            // radius to 0...`Shadow.maxRadius` (it sizes the renderers' blur buffers).
            let shadow = group.shadow.map {
                Shadow(
                    color: $0.color.clampedToUnit, radius: min(Shadow.maxRadius, max(0, $0.radius)), offset: $0.offset)
            }
            return .push(
                DisplayList.Group(
                    id: id, transform: group.transform, opacity: min(1, max(0, group.opacity)), clip: group.clip,
                    shadow: shadow))
        case .effect(let effect):
            return .push(DisplayList.Group(id: id, effect: effect))
        case .shape(let shape):
            return .fill(DisplayList.Fill(id: id, path: shape.path, paint: clamped(shape.paint), rule: shape.rule))
        case .text(let text):
            return .text(DisplayList.Text(id: id, font: text.font, color: text.color.clampedToUnit, lines: text.lines))
        case .image(let image):
            return .image(
                DisplayList.Image(id: id, source: image.source, rect: image.rect, interpolation: image.interpolation))
        case .icon(let icon):
            switch icon.style {
            case .fill(let color, let rule):
                return .fill(DisplayList.Fill(id: id, path: icon.path, paint: .solid(color.clampedToUnit), rule: rule))
            case .stroke(let color, let width, let cap, let join):
                return .stroke(
                    DisplayList.Stroke(id: id, path: icon.path, color: color.clampedToUnit, width: width, cap: cap, join: join))
            }
        }
    }

    /// `paint` with its colours clamped; a gradient's stops are copied only when one is outside
    /// 0...1, so the usual frame allocates nothing here.
    private static func clamped(_ paint: Paint) -> Paint {
        switch paint {
        case .solid(let color): return .solid(color.clampedToUnit)
        case .linear(let from, let to, let stops):
            guard stops.contains(where: { $0.color.clampedToUnit != $0.color }) else { return paint }
            return .linear(
                from: from, to: to, stops: stops.map { GradientStop(offset: $0.offset, color: $0.color.clampedToUnit) })
        }
    }

    /// `frame` with a negative width or height collapsed to zero at its origin (a layout
    /// squeezed below its content's size).
    private static func nonNegative(_ frame: Rect) -> Rect {
        Rect(origin: frame.origin, size: Size(width: max(0, frame.width), height: max(0, frame.height)))
    }
}
