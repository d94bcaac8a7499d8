import MorphKit

/// The seeds' frames the benchmarks draw, from their bundled component files: the path
/// `morph export` and a live session take.
enum BuiltInFrames {
    /// A session of the built-in `kind` at rest in its default viewport; nil `safeArea` takes
    /// the viewport preset's insets, as a live session does.
    static func session(_ kind: ComponentKind, safeArea: EdgeInsets? = nil) -> ComponentSession {
        guard let definition = ComponentDefinition.builtIn(kind) else { preconditionFailure("\(kind) is not built in") }
        // The bundled files load and start with their defaults (BuiltInComponentTests).
        return try! ComponentSession(definition: definition, environment: InputEvent.Environment(safeArea: safeArea))
    }

    /// The display list of `kind` posed as `pose`, without safe-area insets (the frames these
    /// benchmarks have always measured).
    static func displayList(_ kind: ComponentKind, _ pose: ComponentPose) -> DisplayList {
        // The benchmarks' poses are valid for the seeds' machines: a bad one fails loudly.
        try! session(kind, safeArea: .zero).scene(posed: pose).displayList()
    }
}
