/// SwiftUI's `DragGesture(minimumDistance:)` on one pointer: it begins once the pointer has
/// moved `minimumDistance` from where it went down (at once for 0, as the curtain's handle
/// uses), then reports every location, and on release the predicted end.
///
/// Velocity is tracked by `VelocitySampler` (the last three samples, each step fading once
/// the pointer has rested 40 ms, gone at 100 ms: a finger held still before lifting hands
/// over no velocity, as on a device) and the predicted end is SwiftUI's linear projection
/// `location + 0.25 s · velocity` (`DragPrediction`).
public struct DragRecognizer: Sendable, Hashable {
    /// What a drag reports (SwiftUI's `DragGesture.Value`).
    public struct Value: Sendable, Hashable {
        /// Where the pointer went down.
        public var startLocation: Point
        /// Where it is now.
        public var location: Point
        /// The tracked velocity, points per second.
        public var velocity: Point
        /// When, in session seconds.
        public var time: Double

        /// A drag's report from its fields.
        public init(startLocation: Point, location: Point, velocity: Point, time: Double) {
            self.startLocation = startLocation
            self.location = location
            self.velocity = velocity
            self.time = time
        }

        /// `location − startLocation`.
        public var translation: Point {
            Point(x: location.x - startLocation.x, y: location.y - startLocation.y)
        }

        /// `location + 0.25 s · velocity`.
        public var predictedEndLocation: Point {
            DragPrediction.predictedEnd(location: location, velocity: velocity)
        }
    }

    /// How far the pointer must move before the drag begins, in points (SwiftUI's default
    /// is 10; the curtain's is 0).
    public var minimumDistance: Double

    private var pointer: Int?
    private var start = Point(x: 0, y: 0)
    private var hasBegun = false
    private var sampler = VelocitySampler<Point>()

    /// A recogniser following no pointer.
    public init(minimumDistance: Double = 10) {
        self.minimumDistance = minimumDistance
    }

    /// The pointer being followed, if any.
    public var activePointer: Int? { pointer }

    /// Whether the followed pointer has begun a drag.
    public var isDragging: Bool { pointer != nil && hasBegun }

    /// A pointer went down on the view: follow it (unless one is followed). Returns the first
    /// value when the drag begins at once (`minimumDistance` 0).
    public mutating func pointerDown(pointer: Int, at location: Point, time: Double) -> Value? {
        guard self.pointer == nil else { return nil }
        self.pointer = pointer
        start = location
        hasBegun = false
        sampler.reset()
        sampler.addSample(location, time: time)
        return beginIfFar(location, time: time)
    }

    /// The followed pointer moved: the drag's value once it has begun.
    public mutating func pointerMove(pointer: Int, to location: Point, time: Double) -> Value? {
        guard self.pointer == pointer else { return nil }
        sampler.addSample(location, time: time)
        return beginIfFar(location, time: time)
    }

    /// The followed pointer lifted: the drag's last value (its `predictedEndLocation` decides
    /// where it ends), or nil if it never began.
    public mutating func pointerUp(pointer: Int, at location: Point, time: Double) -> Value? {
        guard self.pointer == pointer else { return nil }
        sampler.addSample(location, time: time)
        let value = hasBegun ? self.value(at: location, time: time) : nil
        self.pointer = nil
        hasBegun = false
        return value
    }

    private mutating func beginIfFar(_ location: Point, time: Double) -> Value? {
        if !hasBegun {
            let dx = location.x - start.x
            let dy = location.y - start.y
            guard (dx * dx + dy * dy).squareRoot() >= minimumDistance else { return nil }
            hasBegun = true
        }
        return value(at: location, time: time)
    }

    private func value(at location: Point, time: Double) -> Value {
        Value(startLocation: start, location: location, velocity: sampler.velocity(at: time), time: time)
    }
}
