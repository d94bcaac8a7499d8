/// The three components Morph knows, by the name used in JSON and on the command line.
public enum ComponentKind: String, Hashable, Sendable, CaseIterable, Codable {
    case morphContainer = "morph-container"
    case heroCard = "hero-card"
    case curtain
}
