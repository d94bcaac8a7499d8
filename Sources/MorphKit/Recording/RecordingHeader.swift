/// The first line of a recording: what was recorded and under which conditions.
///
/// Replay rebuilds the same component with the same configuration, environment and
/// viewport, then feeds the events; so everything that changes frames lives here.
public struct RecordingHeader: Codable, Sendable, Hashable {
    /// The `format` value every recording carries.
    public static let format = "morph.recording"
    /// The version this library writes and reads.
    public static let currentVersion = 1

    /// The format version (`version`); readers reject versions they do not know.
    public var version: Int
    /// The component name (`curtain`, `morphContainer`, `heroCard`).
    public var component: String
    /// The component's configuration, free JSON (an object).
    public var configuration: JSONValue
    /// The environment at the start (ENV; later changes are `environment` events).
    public var environment: InputEvent.Environment
    /// Viewport size in points (JSON `[w,h]`).
    public var viewport: Size
    /// The frame rate the session ran at, frames per second.
    public var frameRate: Double

    /// A version-1 header.
    public init(
        component: String, configuration: JSONValue = .object([]),
        environment: InputEvent.Environment = InputEvent.Environment(),
        viewport: Size, frameRate: Double = 60
    ) {
        self.version = RecordingHeader.currentVersion
        self.component = component
        self.configuration = configuration
        self.environment = environment
        self.viewport = viewport
        self.frameRate = frameRate
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, component, configuration, environment, viewport, frameRate
    }

    /// Decodes a header; a wrong `format` or an unknown `version` throws `RecordingError`
    /// (`.notARecording`, `.unsupportedVersion`) so callers can tell them from malformed JSON.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decodeIfPresent(String.self, forKey: .format)
        guard format == RecordingHeader.format else { throw RecordingError.notARecording(format: format) }
        version = try container.decode(Int.self, forKey: .version)
        guard version == RecordingHeader.currentVersion else { throw RecordingError.unsupportedVersion(version) }
        component = try container.decode(String.self, forKey: .component)
        configuration = try container.decodeIfPresent(JSONValue.self, forKey: .configuration) ?? .object([])
        guard configuration.objectValue != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .configuration, in: container, debugDescription: "`configuration` must be an object")
        }
        environment = try container.decodeIfPresent(InputEvent.Environment.self, forKey: .environment) ?? InputEvent.Environment()
        let pair = try container.decode([Double].self, forKey: .viewport)
        guard pair.count == 2, InputLimits.viewportViolation(Size(width: pair[0], height: pair[1])) == nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .viewport, in: container,
                debugDescription: "`viewport` must be [w,h] with finite numbers in (0, \(Int(InputLimits.maxViewportSide))]")
        }
        viewport = Size(width: pair[0], height: pair[1])
        frameRate = try container.decode(Double.self, forKey: .frameRate)
        guard InputLimits.frameRates.contains(frameRate) else {
            let range = InputLimits.frameRates
            throw DecodingError.dataCorruptedError(
                forKey: .frameRate, in: container,
                debugDescription: "`frameRate` must be in \(Int(range.lowerBound))...\(Int(range.upperBound))")
        }
    }

    /// Encodes the header fields (use `jsonLine` for the canonical text).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RecordingHeader.format, forKey: .format)
        try container.encode(version, forKey: .version)
        try container.encode(component, forKey: .component)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(environment, forKey: .environment)
        try container.encode([viewport.width, viewport.height], forKey: .viewport)
        try container.encode(frameRate, forKey: .frameRate)
    }

    /// The header as one canonical JSON line (no newline), keys in the order above.
    public var jsonLine: String {
        "{\"format\":\(JSONText.string(RecordingHeader.format)),\"version\":\(version)"
            + ",\"component\":\(JSONText.string(component))"
            + ",\"configuration\":\(configuration.canonicalText)"
            + ",\"environment\":\(environment.jsonObject)"
            + ",\"viewport\":[\(JSONText.number(viewport.width)),\(JSONText.number(viewport.height))]"
            + ",\"frameRate\":\(JSONText.number(frameRate))}"
    }
}
