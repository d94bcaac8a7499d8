/// One input event, as the `input` message and a recording line carry it (EVENT).
///
/// MorphKit's own input type is not merged yet; this is the validated wire form, which a
/// component adapter maps onto it in a few lines. `time` is seconds since the session
/// started: the server stamps it on arrival, a replay takes it from the file.
public struct LiveEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A tap (click) at a point.
        case tap(x: Double, y: Double)
        /// A pointer went down; `pointer` tells fingers apart.
        case pointerDown(pointer: Int, x: Double, y: Double)
        /// A pointer that is down moved.
        case pointerMove(pointer: Int, x: Double, y: Double)
        /// A pointer was lifted.
        case pointerUp(pointer: Int, x: Double, y: Double)
        /// The scrubber overrides progress (0...1); `nil` hands control back to the machine.
        case scrub(progress: Double?)
        /// A named parameter changed (damping, folds, …); values are any JSON scalar.
        case set(key: String, value: JSONValue)
        /// Some environment settings changed; absent ones keep their values.
        case environment(EnvironmentChange)
    }

    /// A partial environment update, as the `environment` event carries it.
    public struct EnvironmentChange: Sendable, Hashable {
        /// New Reduce Motion setting, if it changed.
        public var reduceMotion: Bool?
        /// New Dynamic Type size, if it changed.
        public var dynamicType: SessionEnvironment.DynamicType?
        /// New appearance, if it changed.
        public var colorScheme: SessionEnvironment.ColorScheme?
        /// New viewport size, if it changed.
        public var size: Viewport?

        /// Makes a change; `nil` means "unchanged".
        public init(
            reduceMotion: Bool? = nil, dynamicType: SessionEnvironment.DynamicType? = nil,
            colorScheme: SessionEnvironment.ColorScheme? = nil, size: Viewport? = nil
        ) {
            self.reduceMotion = reduceMotion
            self.dynamicType = dynamicType
            self.colorScheme = colorScheme
            self.size = size
        }

        /// The environment with this change applied.
        public func applied(to environment: SessionEnvironment) -> SessionEnvironment {
            var result = environment
            if let reduceMotion { result.reduceMotion = reduceMotion }
            if let dynamicType { result.dynamicType = dynamicType }
            if let colorScheme { result.colorScheme = colorScheme }
            return result
        }
    }

    /// Seconds since the session started; `nil` until the server stamps it.
    public var time: Double?
    /// What happened.
    public var kind: Kind

    /// Makes an event.
    public init(time: Double?, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
