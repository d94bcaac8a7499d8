/// The curtain's reveal rules (seed 003): closed, dragging, settling, revealed.
///
/// A drag starts only on the 44 pt edge handle (trailing while not revealed, leading while
/// revealed). While dragging, the drag point follows the pointer through
/// `rubberClamp(44, x, 1_000_000)` with `.interactiveSpring`; on release the predicted end
/// (location + 0.25 s · tracked velocity) decides: x < 100 reveals and springs to 44 with
/// `Animation.default`, otherwise it springs back to the width. `isRevealed` flips at
/// release, as in the seed; the state settles to revealed or closed when the spring rests.
/// Reduce Motion is not consulted: the seed does not either.
public struct RevealMachine: Sendable, Hashable {
    /// Width of the invisible drag handle on the edge, in points.
    public static let handleWidth = 44.0
    /// The drag point's rubber-band range: it never settles left of 44 pt.
    public static let minimumX = 44.0
    /// The rubber band's far end (effectively unbounded to the right).
    public static let maximumX = 1_000_000.0
    /// A predicted end x below this reveals.
    public static let revealThreshold = 100.0
    /// The seed's fold stepper range.
    public static let foldRange = 1...8

    /// Which edge carries the drag handle.
    public enum Edge: String, Sendable, Hashable, Codable {
        /// The leading edge (left), or the trailing edge (right).
        case leading, trailing
    }

    /// What an event caused.
    public enum Effect: Sendable, Hashable {
        /// A drag began with this pointer on the handle.
        case beginDrag(pointer: Int)
        /// The drag point springs toward `target` with `animation` (a start or a merge).
        case animateDragPoint(target: Point, animation: Animation)
        /// The drag ended; `predictedEndX` decided `revealed`.
        case release(predictedEndX: Double, revealed: Bool)
        /// The drag point came to rest; the curtain is revealed or closed.
        case settle(revealed: Bool)
        /// The fold count changed.
        case setFolds(Int)
        /// The view's width changed.
        case resize(width: Double)

        /// The effect's name in `definition`.
        public var name: String {
            switch self {
            case .beginDrag: "beginDrag"
            case .animateDragPoint: "animateDragPoint"
            case .release: "release"
            case .settle: "settle"
            case .setFolds: "setFolds"
            case .resize: "resize"
            }
        }
    }

    private enum State: Sendable, Hashable {
        case closed
        case dragging(pointer: Int)
        case settling
        case revealed

        var name: String {
            switch self {
            case .closed: "closed"
            case .dragging: "dragging"
            case .settling: "settling"
            case .revealed: "revealed"
            }
        }
    }

    private var state: State = .closed
    /// The seed's `@State dragPosition` as an animated point; its value while never dragged
    /// is the stand-in `(width, 0)` the seed passes to the effect.
    private var dragAnimator: Animator<Point>
    private var hasDragged = false
    /// The seed's `DragGesture(minimumDistance: 0)`: velocity tracking and the predicted end.
    private var drag = DragRecognizer(minimumDistance: 0)

    /// Whether the layer beneath is revealed (flips at release, before the spring settles).
    public private(set) var isRevealed = false
    /// The view's width (the seed's `maxX`), in points.
    public private(set) var width: Double
    /// Number of curtain folds, 1...8.
    public private(set) var folds: Int

    /// A closed curtain `width` points wide with `folds` folds (clamped to 1...8).
    public init(width: Double, folds: Int = 4) {
        self.width = width
        self.folds = min(max(folds, Self.foldRange.lowerBound), Self.foldRange.upperBound)
        self.dragAnimator = Animator(value: Point(x: width, y: 0))
    }

    // MARK: - Reading

    /// `closed`, `dragging`, `settling` or `revealed`.
    public var stateName: String { state.name }

    /// The animated drag point; `nil` until the first drag, like the seed's optional.
    public var dragPoint: Point? { hasDragged ? dragAnimator.value : nil }

    /// The point the effect receives: `dragPoint ?? (width, 0)`.
    public var effectDragPoint: Point { dragPoint ?? Point(x: width, y: 0) }

    /// Whether the curtain kernel runs: `dragX != width` (seed `CurtainEffect.isEnabled`).
    public var isEffectEnabled: Bool { effectDragPoint.x != width }

    /// Whether the foreground takes hits (`.allowsHitTesting(!isRevealed)`).
    public var hitsAllowed: Bool { !isRevealed }

    /// Whether the foreground leaves the accessibility tree (`.accessibilityHidden(isRevealed)`).
    public var foregroundAccessibilityHidden: Bool { isRevealed }

    /// The foreground's shadow radius (`isRevealed ? 10 : 0`).
    public var foregroundShadowRadius: Double { isRevealed ? 10 : 0 }

    /// The edge holding the handle: leading while revealed, trailing otherwise.
    public var handleEdge: Edge { isRevealed ? .leading : .trailing }

    /// Whether a drag is in progress.
    public var isDragging: Bool { if case .dragging = state { true } else { false } }

    /// Whether the drag point is still springing (frames are needed).
    public var isAnimating: Bool { dragAnimator.isAnimating }

    /// Where the drag point's spring is heading (the model value SwiftUI lays out and hit
    /// tests with); `nil` until the first drag.
    public var dragTarget: Point? { hasDragged ? dragAnimator.target : nil }

    /// The drag point's velocity, points per second.
    public var dragVelocity: Point { dragAnimator.velocity }

    /// Whether `location` is on the current handle (the 44 pt strip on `handleEdge`).
    public func isOnHandle(_ location: Point) -> Bool {
        switch handleEdge {
        case .leading: location.x >= 0 && location.x < Self.handleWidth
        case .trailing: location.x >= width - Self.handleWidth && location.x <= width
        }
    }

    // MARK: - Events

    /// A pointer went down: on the handle (and with no drag running) it starts a drag and,
    /// since the seed's gesture has `minimumDistance: 0`, moves the drag point at once.
    public mutating func pointerDown(pointer: Int, at location: Point, time: Double) -> [Effect] {
        var effects = advance(to: time)
        guard !isDragging, isOnHandle(location) else { return effects }
        guard let value = drag.pointerDown(pointer: pointer, at: location, time: time) else { return effects }
        state = .dragging(pointer: pointer)
        hasDragged = true
        effects.append(.beginDrag(pointer: pointer))
        effects.append(follow(value.location, at: time))
        return effects
    }

    /// The dragging pointer moved: the drag point follows through the rubber band.
    public mutating func pointerMove(pointer: Int, to location: Point, time: Double) -> [Effect] {
        var effects = advance(to: time)
        guard state == .dragging(pointer: pointer),
            let value = drag.pointerMove(pointer: pointer, to: location, time: time)
        else { return effects }
        effects.append(follow(value.location, at: time))
        return effects
    }

    /// The dragging pointer lifted: predict, flip `isRevealed`, spring to 44 or the width
    /// with `Animation.default` (merging with the interactive spring, keeping its velocity).
    public mutating func pointerUp(pointer: Int, at location: Point, time: Double) -> [Effect] {
        var effects = advance(to: time)
        guard state == .dragging(pointer: pointer),
            let value = drag.pointerUp(pointer: pointer, at: location, time: time)
        else { return effects }
        let predicted = value.predictedEndLocation
        isRevealed = predicted.x < Self.revealThreshold
        // `dragPosition?.x = …`: only x changes; y keeps its last model value.
        let target = Point(x: isRevealed ? Self.minimumX : width, y: dragAnimator.target.y)
        dragAnimator.animate(to: target, with: .default, at: time)
        state = .settling
        effects.append(.release(predictedEndX: predicted.x, revealed: isRevealed))
        effects.append(.animateDragPoint(target: target, animation: .default))
        return effects
    }

    /// Changes the fold count (clamped to 1...8, rounded); allowed in any state.
    public mutating func setFolds(_ folds: Int) -> [Effect] {
        self.folds = min(max(folds, Self.foldRange.lowerBound), Self.foldRange.upperBound)
        return [.setFolds(self.folds)]
    }

    /// Changes the view width. A curtain never dragged keeps its stand-in point at the new
    /// width; a stored drag point stays where it is, as the seed's `@State` does.
    public mutating func setWidth(_ width: Double) -> [Effect] {
        guard width.isFinite, width > 0 else { return [] }
        self.width = width
        if !hasDragged {
            dragAnimator.animate(to: Point(x: width, y: 0), with: nil, at: 0)
        }
        return [.resize(width: width)]
    }

    /// Routes a raw input: pointer events drive the drag, `set folds` and `environment size`
    /// configure; taps and scrubs are not used by the curtain.
    public mutating func handle(_ event: InputEvent) -> [Effect] {
        switch event.kind {
        case .pointerDown(let pointer, let location):
            return pointerDown(pointer: pointer, at: location, time: event.time)
        case .pointerMove(let pointer, let location):
            return pointerMove(pointer: pointer, to: location, time: event.time)
        case .pointerUp(let pointer, let location):
            return pointerUp(pointer: pointer, at: location, time: event.time)
        case .set(key: "folds", let value):
            var effects = advance(to: event.time)
            if let number = value.number, number.isFinite {
                effects += setFolds(Int(max(-1e6, min(1e6, number)).rounded()))
            }
            return effects
        case .environment(let environment):
            var effects = advance(to: event.time)
            if let size = environment.size { effects += setWidth(size.width) }
            return effects
        case .tap, .scrub, .set:
            return advance(to: event.time)
        }
    }

    /// Advances the drag spring; when it rests after a release the state becomes revealed or
    /// closed and a `settle` effect is returned.
    @discardableResult
    public mutating func advance(to time: Double) -> [Effect] {
        dragAnimator.advance(to: time)
        guard state == .settling, !dragAnimator.isAnimating else { return [] }
        state = isRevealed ? .revealed : .closed
        return [.settle(revealed: isRevealed)]
    }

    private mutating func follow(_ location: Point, at time: Double) -> Effect {
        let target = Point(x: rubberClamp(Self.minimumX, location.x, Self.maximumX), y: location.y)
        dragAnimator.animate(to: target, with: .interactiveSpring, at: time)
        return .animateDragPoint(target: target, animation: .interactiveSpring)
    }
}
