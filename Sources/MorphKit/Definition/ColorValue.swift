import MorphJSON

/// A colour in a component configuration: a fixed sRGB value (`[r,g,b,a]` in JSON) or a
/// named system colour (`"orange"`) that follows the colour scheme, as SwiftUI's `.orange`
/// does.
public enum ColorValue: Hashable, Sendable {
    /// A literal sRGB colour.
    case rgba(RGBAColor)
    /// A system colour, resolved for the colour scheme when drawn.
    case system(SystemColor)

    /// The colour drawn in `scheme` at `level`.
    public func resolved(in scheme: ColorScheme, level: UserInterfaceLevel = .base) -> RGBAColor {
        switch self {
        case .rgba(let color): color
        case .system(let name): name.color(in: scheme, level: level)
        }
    }
}

extension ColorValue: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        if case .string = json.value {
            self = .system(try json.enumeration(SystemColor.self))
        } else {
            self = .rgba(try json.color())
        }
    }

    package var jsonValue: JSONValue {
        switch self {
        case .rgba(let color): .color(color)
        case .system(let name): .string(name.rawValue)
        }
    }
}
