@_exported import MorphJSON

/// The errors of reading and writing scenes, display lists and configurations: the JSON
/// module's `JSONError` (MorphKit re-exports `MorphJSON`, so `import MorphKit` is enough).
public typealias SceneError = JSONError
