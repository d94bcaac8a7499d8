extension ComponentDefinition {
    /// A built-in component's definition: its file (`Sources/MorphKit/BuiltIn/<name>.json`),
    /// carried in the library and compiled once per process, the same path a user's file
    /// takes through `init(contentsOf:)`. Nil for a name that is not built in.
    public static func builtIn(_ kind: ComponentKind) -> ComponentDefinition? {
        builtIns.first { $0.kind == kind }
    }

    /// A built-in component's file as written (for `morph new --from`, which starts a user's
    /// component from it); nil for a name that is not built in.
    public static func builtInText(_ kind: ComponentKind) -> String? {
        builtInFiles.first { $0.name == kind.rawValue }?.text
    }

    /// The built-in components' definitions; each file's name is its kind.
    static let builtIns: [ComponentDefinition] = builtInFiles.map { file in
        do {
            return try ComponentDefinition(json: Array(file.text.utf8), file: "\(file.name).json")
        } catch {
            // BuiltInComponentTests load every bundled file: a broken one never ships.
            preconditionFailure("the built-in \(file.name).json does not load: \(error)")
        }
    }
}
