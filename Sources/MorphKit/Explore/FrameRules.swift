/// The rules `morph explore` holds every frame of every generated sequence to: rules that
/// hold for any component, each with a name a report and a test can refer to.
public enum FrameRule: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Every number is finite and within ±`FrameRules.maxMagnitude` points.
    case finite
    /// Group opacities and colour components are in 0...1 as the component computed them,
    /// before the display list clamps them.
    case unitRange = "unit-range"
    /// Frames, bounds, shadow radii, stroke widths and font sizes are not negative.
    case nonNegative = "non-negative"
    /// Motion is continuous: from one frame to the next no visible node's frame leaps (its
    /// change a frame differs from the frame before's by more than `FrameRules.maxStep`),
    /// unless the machine set a value at once in between (a `jump` or `set` effect, Reduce
    /// Motion) or an input did (a pointer moving what a drag holds, a scrub, a configuration
    /// or environment change). A retarget mid-flight starts from where the value is.
    case jump
    /// After the last input the component comes to rest within the rest limit.
    case rest
    /// Replaying the same sequence gives the same frame hashes.
    case deterministic
    /// At rest, every accessibility element has a label and a frame with area inside the
    /// viewport.
    case accessibility
    /// At rest, a button's frame is at least 44 × 44 points (a warning: a component may choose
    /// otherwise).
    case hitTarget = "hit-target"
    /// Each of the file's own `invariants` is non-zero on every frame; a violation names the
    /// invariant (`invariant:NAME`), and each is a rule of its own.
    case invariant

    /// Whether a break of this rule is only a warning.
    public var isWarning: Bool { self == .hitTarget }

    /// Rules order as they are declared (the report's row order).
    public static func < (lhs: FrameRule, rhs: FrameRule) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One broken rule: where and by how much.
public struct RuleViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule.
    public var rule: FrameRule
    /// The frame it broke at (0-based) and that frame's time in seconds.
    public var frame: Int
    /// The frame's session time in seconds.
    public var time: Double
    /// The node (or the component, for `rest` and `deterministic`) and what it held:
    /// "card.opacity = 1.12".
    public var value: String
    /// The invariant's name, for `invariant`.
    public var invariant: String? = nil

    /// The rule as reports name it: its raw value, or `invariant:NAME`.
    public var ruleName: String { invariant.map { "invariant:" + $0 } ?? rule.rawValue }

    /// "unit-range at frame 14 (t = 0.233 s): card.opacity = 1.12".
    public var description: String {
        "\(ruleName) at frame \(frame) (t = \(JSONText.number((time * 1000).rounded() / 1000)) s): \(value)"
    }
}

/// The checks of `FrameRule` over one frame's scene.
public enum FrameRules {
    /// Past this many points a value is a failure, not a frame.
    public static let maxMagnitude = 1_000_000.0
    /// The smallest comfortable touch target's side in points.
    public static let minimumHitTarget = 44.0
    /// The most a node's change a frame may differ from its change the frame before, as a
    /// fraction of the viewport's longer side: a quarter of an 844 pt screen is 211 pt a frame
    /// (an undamped seed spring retargeted mid-swing changes by under 40).
    public static let maxStepFraction = 0.25

    /// The most a node's frame may change over `frames` frames in a viewport of `size`.
    public static func maxStep(frames: Int, viewport size: Size) -> Double {
        maxStepFraction * Swift.max(size.width, size.height) * Double(Swift.max(1, frames))
    }

    /// The frame of every node that shows something, by id (the first of an id, depth
    /// first): shapes, text, icons and images with opacity above 0 and paint that is not
    /// clear. A group's frame is its children's union, which changes whenever a child comes or
    /// goes; an invisible hit region (the curtain's handle, which the seed moves to the other
    /// edge at once on release) is seen by nobody.
    public static func nodeFrames(_ scene: Scene) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        func shows(_ node: SceneNode) -> Bool {
            guard node.opacity > 0 else { return false }
            switch node.content {
            case .group, .effect: return false
            case .shape(let shape):
                if case .solid(let color) = shape.paint { return color.alpha > 0 }
                return true
            case .text(let text): return text.color.alpha > 0
            case .icon(let icon):
                switch icon.style {
                case .fill(let color, _), .stroke(let color, _, _, _): return color.alpha > 0
                }
            case .image: return true
            }
        }
        func visit(_ node: SceneNode) {
            if frames[node.id] == nil, shows(node) { frames[node.id] = node.frame }
            for child in node.children { visit(child) }
        }
        visit(scene.root)
        return frames
    }

    /// `jump` between frames `before` (`nodeFrames` of a frame `frames` frames earlier) and
    /// `scene` (frame `frame`). Motion may be fast (an undamped spring), but it is continuous:
    /// a node's change a frame may differ from its change a frame the step before (`velocities`,
    /// points a frame for x, y, width, height; a node missing there was at rest; nil when
    /// unknown, after a jump) by at most `maxStep`. A node
    /// at rest that jumps, or a moving one that leaps, breaks it. Nodes in only one of the two
    /// frames are not compared. Returns what broke (the largest leap) and this step's
    /// velocities, for the next.
    public static func checkContinuity(
        from before: [String: Rect], velocities: [String: [Double]]?, frames: Int, to scene: Scene, frame: Int
    ) -> (found: [RuleViolation], velocities: [String: [Double]]) {
        let bound = maxStep(frames: 1, viewport: scene.size)
        let steps = Double(Swift.max(1, frames))
        var now: [String: [Double]] = [:]
        var worst: (id: String, what: String, leap: Double)?
        for (id, rect) in nodeFrames(scene) {
            guard let was = before[id] else { continue }
            let velocity = [
                (rect.minX - was.minX) / steps, (rect.minY - was.minY) / steps, (rect.width - was.width) / steps,
                (rect.height - was.height) / steps,
            ]
            now[id] = velocity
            // A node the step before did not compare (it just came) was at rest there.
            guard let velocities else { continue }
            let previous = velocities[id] ?? [0, 0, 0, 0]
            for (index, what) in ["x", "y", "width", "height"].enumerated() {
                let leap = velocity[index] - previous[index]
                if abs(leap) > bound, abs(leap) > abs(worst?.leap ?? 0) { worst = (id, what, leap) }
            }
        }
        guard let worst else { return ([], now) }
        let violation = RuleViolation(
            rule: .jump, frame: frame, time: scene.time,
            value: "\(worst.id).frame.\(worst.what) leapt by \(JSONText.number(worst.leap)) pt in a frame beyond its "
                + "motion the frame before (at most \(JSONText.number(bound)) without a jump)")
        return ([violation], now)
    }

    /// The first value in `scene` that breaks `finite`, `unitRange` or `nonNegative`, by
    /// rule (at most one each, the first in painter's order), for frame `frame`.
    public static func check(_ scene: Scene, frame: Int) -> [RuleViolation] {
        var checker = SceneChecker(frame: frame, time: scene.time)
        checker.visit(scene.root)
        checker.color(scene.background, "background")
        return checker.found
    }

    /// `accessibility` and `hitTarget` over a resting frame: elements as the display list has
    /// them (nodes with accessibility whose resolved opacity is above 0).
    public static func checkAtRest(_ scene: Scene, frame: Int) -> [RuleViolation] {
        var found: [RuleViolation] = []
        let viewport = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        func visit(_ node: SceneNode) {
            if let info = node.accessibility, node.opacity > 0 {
                let frameText =
                    "[\(JSONText.number(node.frame.minX)), \(JSONText.number(node.frame.minY)), \(JSONText.number(node.frame.width)), \(JSONText.number(node.frame.height))]"
                if !found.contains(where: { $0.rule == .accessibility }) {
                    if info.label.allSatisfy(\.isWhitespace) {
                        found.append(
                            RuleViolation(
                                rule: .accessibility, frame: frame, time: scene.time,
                                value: "\(node.id): \(info.role.rawValue) without a label"))
                    } else if !(node.frame.width > 0 && node.frame.height > 0) || !overlaps(node.frame, viewport) {
                        found.append(
                            RuleViolation(
                                rule: .accessibility, frame: frame, time: scene.time,
                                value: "\(node.id): frame \(frameText) is empty or outside the viewport"))
                    }
                }
                if info.role == .button, !found.contains(where: { $0.rule == .hitTarget }),
                    node.frame.width < minimumHitTarget || node.frame.height < minimumHitTarget
                {
                    found.append(
                        RuleViolation(
                            rule: .hitTarget, frame: frame, time: scene.time,
                            value: "\(node.id): button frame \(frameText) is under 44 × 44 pt"))
                }
            }
            for child in node.children { visit(child) }
        }
        visit(scene.root)
        return found
    }

    private static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}

/// Walks a scene once, keeping the first break of each value rule.
private struct SceneChecker {
    let frame: Int
    let time: Double
    var found: [RuleViolation] = []
    private var broken: Set<FrameRule> = []

    init(frame: Int, time: Double) {
        self.frame = frame
        self.time = time
    }

    private mutating func fail(_ rule: FrameRule, _ what: @autoclosure () -> String, _ value: Double) {
        guard !broken.contains(rule) else { return }
        broken.insert(rule)
        found.append(RuleViolation(rule: rule, frame: frame, time: time, value: "\(what()) = \(JSONText.number(value))"))
    }

    /// `finite`: one number.
    private mutating func number(_ value: Double, _ what: @autoclosure () -> String) {
        if !(abs(value) <= FrameRules.maxMagnitude) {
            guard !broken.contains(.finite) else { return }
            broken.insert(.finite)
            let shown = value.isNaN ? "NaN" : value.isInfinite ? (value < 0 ? "-infinity" : "infinity") : JSONText.number(value)
            found.append(RuleViolation(rule: .finite, frame: frame, time: time, value: "\(what()) = \(shown)"))
        }
    }

    private mutating func point(_ point: Point, _ what: @autoclosure () -> String) {
        number(point.x, what() + ".x")
        number(point.y, what() + ".y")
    }

    /// `finite` for each coordinate, `nonNegative` for the size.
    private mutating func rect(_ rect: Rect, _ what: @autoclosure () -> String) {
        number(rect.minX, what() + ".x")
        number(rect.minY, what() + ".y")
        number(rect.width, what() + ".width")
        number(rect.height, what() + ".height")
        if rect.width < 0 { fail(.nonNegative, what() + ".width", rect.width) }
        if rect.height < 0 { fail(.nonNegative, what() + ".height", rect.height) }
    }

    /// `unitRange` (and `finite`) for the fraction `value`.
    private mutating func fraction(_ value: Double, _ what: @autoclosure () -> String) {
        number(value, what())
        if value < 0 || value > 1 { fail(.unitRange, what(), value) }
    }

    mutating func color(_ color: RGBAColor, _ what: @autoclosure () -> String) {
        fraction(color.red, what() + ".red")
        fraction(color.green, what() + ".green")
        fraction(color.blue, what() + ".blue")
        fraction(color.alpha, what() + ".alpha")
    }

    private mutating func path(_ path: Path, _ what: @autoclosure () -> String) {
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): point(p, what())
            case .quadCurve(let p, let c):
                point(p, what())
                point(c, what())
            case .curve(let p, let c1, let c2):
                point(p, what())
                point(c1, what())
                point(c2, what())
            case .closeSubpath: break
            }
        }
    }

    private mutating func paint(_ paint: Paint, _ what: @autoclosure () -> String) {
        switch paint {
        case .solid(let c): color(c, what() + ".fill")
        case .linear(let from, let to, let stops):
            point(from, what() + ".fill.from")
            point(to, what() + ".fill.to")
            for stop in stops { color(stop.color, what() + ".fill.stop") }
        }
    }

    /// A node's own values, then its children's, then its frame (which spans theirs), so a
    /// break is named where it starts.
    mutating func visit(_ node: SceneNode) {
        let id = node.id
        switch node.content {
        case .group(let group):
            fraction(group.opacity, id + ".opacity")
            let t = group.transform
            number(t.a, id + ".transform.a")
            number(t.b, id + ".transform.b")
            number(t.c, id + ".transform.c")
            number(t.d, id + ".transform.d")
            number(t.tx, id + ".transform.tx")
            number(t.ty, id + ".transform.ty")
            if let clip = group.clip { path(clip, id + ".clip") }
            if let bounds = group.bounds { rect(bounds, id + ".bounds") }
            if let shadow = group.shadow {
                color(shadow.color, id + ".shadow.color")
                number(shadow.radius, id + ".shadow.radius")
                if shadow.radius < 0 { fail(.nonNegative, id + ".shadow.radius", shadow.radius) }
                point(shadow.offset, id + ".shadow.offset")
            }
        case .shape(let shape):
            path(shape.path, id + ".path")
            paint(shape.paint, id)
        case .text(let text):
            color(text.color, id + ".color")
            number(text.font.size, id + ".font.size")
            if text.font.size < 0 { fail(.nonNegative, id + ".font.size", text.font.size) }
            for line in text.lines {
                number(line.x, id + ".line.x")
                number(line.y, id + ".line.y")
            }
        case .icon(let icon):
            path(icon.path, id + ".path")
            switch icon.style {
            case .fill(let c, _): color(c, id + ".color")
            case .stroke(let c, let width, _, _):
                color(c, id + ".color")
                number(width, id + ".width")
                if width < 0 { fail(.nonNegative, id + ".width", width) }
            }
        case .effect(let effect):
            rect(effect.bounds, id + ".bounds")
            point(effect.drag, id + ".drag")
        case .image(let image):
            rect(image.rect, id + ".rect")
        }
        for child in node.children { visit(child) }
        rect(node.frame, id + ".frame")
    }
}
