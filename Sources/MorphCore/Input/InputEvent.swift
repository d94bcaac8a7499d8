/// One input to a live or replayed component, stamped with session time (protocol EVENT).
///
/// The same value arrives over the wire (`input` messages), is appended to recordings and
/// is fed back on replay, so a session replays exactly as it was driven. Coordinates are
/// points in the viewport; `time` is seconds since the session started.
public struct InputEvent: Sendable, Hashable {
    /// Seconds since the session started (JSON `t`).
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// An event of `kind` at `time`.
    public init(time: Double, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The kinds of input (JSON `kind` plus its fields).
    public enum Kind: Sendable, Hashable {
        /// A completed tap at a location (`"tap"`, `x`, `y`).
        case tap(Point)
        /// A finger or button went down (`"pointerDown"`, `pointer`, `x`, `y`).
        case pointerDown(pointer: Int, location: Point)
        /// A pressed pointer moved (`"pointerMove"`).
        case pointerMove(pointer: Int, location: Point)
        /// A pointer was released (`"pointerUp"`).
        case pointerUp(pointer: Int, location: Point)
        /// A progress override (`"scrub"`, `progress`); `nil` hands control back.
        case scrub(progress: Double?)
        /// A configuration parameter changed (`"set"`, `key`, `value`), e.g. `folds`.
        case set(key: String, value: ParameterValue)
        /// Some environment values changed (`"environment"`); absent fields are unchanged.
        case environment(Environment)

        /// The JSON `kind` string.
        public var name: String {
            switch self {
            case .tap: "tap"
            case .pointerDown: "pointerDown"
            case .pointerMove: "pointerMove"
            case .pointerUp: "pointerUp"
            case .scrub: "scrub"
            case .set: "set"
            case .environment: "environment"
            }
        }
    }

    /// A `set` event's value: a JSON number, boolean or string.
    public enum ParameterValue: Sendable, Hashable {
        /// A number, such as a damping fraction or a fold count.
        case number(Double)
        /// A switch.
        case bool(Bool)
        /// A string value.
        case string(String)

        /// The number, if this is one.
        public var number: Double? {
            if case .number(let value) = self { value } else { nil }
        }

        /// The boolean, if this is one.
        public var bool: Bool? {
            if case .bool(let value) = self { value } else { nil }
        }
    }

    /// Environment values (protocol ENV plus `size`); every field optional so one type
    /// serves a full environment (recording header) and a change (an event).
    public struct Environment: Sendable, Hashable {
        /// Accessibility Reduce Motion: springs become jumps where the seed says so.
        public var reduceMotion: Bool?
        /// The Dynamic Type size.
        public var dynamicType: DynamicType?
        /// Light or dark appearance.
        public var colorScheme: ColorScheme?
        /// The viewport size in points (JSON `[w,h]`).
        public var size: Size?
        /// Safe-area insets given explicitly (JSON `{"top","leading","bottom","trailing"}`);
        /// nil means the viewport's own: its `ViewportPreset`'s, or none.
        public var safeArea: EdgeInsets?

        /// An environment with the given fields set.
        public init(
            reduceMotion: Bool? = nil, dynamicType: DynamicType? = nil,
            colorScheme: ColorScheme? = nil, size: Size? = nil, safeArea: EdgeInsets? = nil
        ) {
            self.reduceMotion = reduceMotion
            self.dynamicType = dynamicType
            self.colorScheme = colorScheme
            self.size = size
            self.safeArea = safeArea
        }

        /// `self` with every field that `change` sets replaced. Safe areas belong to a
        /// device: a change of `size` without `safeArea` drops an explicit one, so the new
        /// size's preset (or none) applies.
        public func merging(_ change: Environment) -> Environment {
            Environment(
                reduceMotion: change.reduceMotion ?? reduceMotion,
                dynamicType: change.dynamicType ?? dynamicType,
                colorScheme: change.colorScheme ?? colorScheme,
                size: change.size ?? size,
                safeArea: change.safeArea ?? (change.size == nil ? safeArea : nil))
        }
    }

    /// Dynamic Type sizes as the protocol spells them (`xS` … `AX5`): the text tables' type.
    public typealias DynamicType = DynamicTypeSize

    /// Appearance: the components' type.
    public typealias ColorScheme = MorphCore.ColorScheme
}
