/// The three components Morph knows, by the name used in JSON and on the command line.
public enum ComponentKind: String, Hashable, Sendable, CaseIterable, Codable {
    /// The container transform of seed 000.
    case morphContainer = "morph-container"
    /// The matched hero card of seed 001.
    case heroCard = "hero-card"
    /// The curtain stack of seed 003.
    case curtain
}
