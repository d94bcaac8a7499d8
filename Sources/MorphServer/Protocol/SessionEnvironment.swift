/// The accessibility and appearance settings a component renders under (ENV in the protocol).
///
/// Kept separate from a component's configuration because every component honours the same
/// settings and the page changes them live with `environment` events.
public struct SessionEnvironment: Sendable, Hashable {
    /// Dynamic Type sizes, smallest to largest, as the wire spells them.
    public enum DynamicType: String, Sendable, Hashable, CaseIterable {
        case xS, S, M, L, xL, xxL, xxxL, AX1, AX2, AX3, AX4, AX5
    }

    /// Light or dark appearance.
    public enum ColorScheme: String, Sendable, Hashable, CaseIterable {
        case light, dark
    }

    /// Motion is replaced by jumps when true.
    public var reduceMotion: Bool
    /// The text size category.
    public var dynamicType: DynamicType
    /// The appearance.
    public var colorScheme: ColorScheme

    /// The defaults of the protocol: motion on, size L, light.
    public init(reduceMotion: Bool = false, dynamicType: DynamicType = .L, colorScheme: ColorScheme = .light) {
        self.reduceMotion = reduceMotion
        self.dynamicType = dynamicType
        self.colorScheme = colorScheme
    }

    /// The wire form, every key present.
    public var json: JSONValue {
        .object([
            .init("reduceMotion", .bool(reduceMotion)),
            .init("dynamicType", .string(dynamicType.rawValue)),
            .init("colorScheme", .string(colorScheme.rawValue)),
        ])
    }

    /// Reads an ENV object; missing keys keep their defaults, unknown keys are ignored.
    static func decode(_ json: JSONValue) -> Result<SessionEnvironment, ProtocolError> {
        guard json.objectMembers != nil else {
            return .failure(ProtocolError(.badMessage, "environment must be an object"))
        }
        var environment = SessionEnvironment()
        if let value = json["reduceMotion"] {
            guard let flag = value.boolValue else {
                return .failure(ProtocolError(.badMessage, "reduceMotion must be a boolean"))
            }
            environment.reduceMotion = flag
        }
        if let value = json["dynamicType"] {
            guard let size = value.stringValue.flatMap(DynamicType.init(rawValue:)) else {
                return .failure(ProtocolError(.badMessage, "dynamicType must be one of xS…AX5"))
            }
            environment.dynamicType = size
        }
        if let value = json["colorScheme"] {
            guard let scheme = value.stringValue.flatMap(ColorScheme.init(rawValue:)) else {
                return .failure(ProtocolError(.badMessage, "colorScheme must be light or dark"))
            }
            environment.colorScheme = scheme
        }
        return .success(environment)
    }
}
