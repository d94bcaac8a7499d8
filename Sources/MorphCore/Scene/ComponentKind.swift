import MorphJSON

/// Which component a scene, display list or recording belongs to, by the name used in JSON
/// and on the command line: one of the three built-in components, or the `name` of a
/// component file (`schemas/component.md`).
///
/// Open on purpose: a component file adds a kind without a Swift build. `init?(rawValue:)`
/// and `allCases` mean the built-in three (the ones `ComponentSession(component:)` runs);
/// `init?(named:)` takes any well-formed name.
public struct ComponentKind: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The container transform of seed 000.
    public static let morphContainer = ComponentKind(uncheckedName: "morph-container")
    /// The matched hero card of seed 001.
    public static let heroCard = ComponentKind(uncheckedName: "hero-card")
    /// The curtain stack of seed 003.
    public static let curtain = ComponentKind(uncheckedName: "curtain")

    /// The built-in components, in the order pickers list them.
    public static let allCases: [ComponentKind] = [.morphContainer, .heroCard, .curtain]

    /// The name in JSON (`morph-container`, `bottom-sheet`, …).
    public let rawValue: String

    private init(uncheckedName name: String) { rawValue = name }

    /// A built-in component by name; nil for any other name.
    public init?(rawValue: String) {
        guard let builtIn = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = builtIn
    }

    /// Any component by a well-formed name (`isWellFormed`), built-in or from a file.
    public init?(named name: String) {
        guard Self.isWellFormed(name) else { return nil }
        rawValue = name
    }

    /// Whether this is one of the three built-in components (files carried in the library).
    public var isBuiltIn: Bool { Self.allCases.contains(self) }

    /// 1 to 64 characters: lowercase ASCII letters, digits and `-`, starting with a letter
    /// (the names are file names, URL parts and schema names, so nothing else is needed).
    public static func isWellFormed(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// The name.
    public var description: String { rawValue }
}

extension JSONCursor {
    /// A component name: built-in or from a file (`ComponentKind.isWellFormed`).
    func componentKind() throws(JSONError) -> ComponentKind {
        let name = try string()
        guard let kind = ComponentKind(named: name) else {
            throw fail("\"\(name)\" is not a component name (lowercase letters, digits and '-', starting with a letter)")
        }
        return kind
    }
}
