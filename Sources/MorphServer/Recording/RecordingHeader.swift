/// The first line of a recording: everything needed to rebuild the session it came from.
///
/// Interim format (`morph.recording`, version 1) until MorphKit's recording type lands; the
/// fields are the ones the recording issue names, so the switch is a rename, not a redesign.
public struct RecordingHeader: Sendable, Hashable {
    /// Format name written in every header.
    public static let format = "morph.recording"
    /// Format version this server writes and reads.
    public static let version = 1

    /// Registered component name.
    public var component: String
    /// The configuration the session was opened with.
    public var configuration: JSONValue
    /// The environment at the session's start.
    public var environment: SessionEnvironment
    /// The viewport at the session's start.
    public var viewport: Viewport
    /// Frame rate the session ran at.
    public var fps: Double

    /// Makes a header.
    public init(component: String, configuration: JSONValue, environment: SessionEnvironment,
                viewport: Viewport, fps: Double) {
        self.component = component
        self.configuration = configuration
        self.environment = environment
        self.viewport = viewport
        self.fps = fps
    }

    /// The header line's JSON.
    public var json: JSONValue {
        .object([
            .init("format", .string(Self.format)),
            .init("version", .number(Double(Self.version))),
            .init("component", .string(component)),
            .init("configuration", configuration),
            .init("environment", environment.json),
            .init("viewport", viewport.json),
            .init("fps", .number(fps)),
        ])
    }

    /// Reads a header line, or says what is wrong with it.
    static func decode(_ json: JSONValue) -> Result<RecordingHeader, RecordingProblem> {
        guard json["format"]?.stringValue == format else { return .failure(RecordingProblem(reason: "not a \(format) header")) }
        guard json["version"]?.numberValue == Double(version) else { return .failure(RecordingProblem(reason: "unsupported version")) }
        guard let component = json["component"]?.stringValue else { return .failure(RecordingProblem(reason: "header needs a component")) }
        let configuration = json["configuration"] ?? .object([])
        var environment = SessionEnvironment()
        if let value = json["environment"] {
            guard case .success(let decoded) = SessionEnvironment.decode(value) else {
                return .failure(RecordingProblem(reason: "bad environment"))
            }
            environment = decoded
        }
        var viewport = Viewport.standard
        if let value = json["viewport"] {
            guard let decoded = Viewport(json: value) else { return .failure(RecordingProblem(reason: "bad viewport")) }
            viewport = decoded
        }
        let fps = json["fps"]?.numberValue ?? 60
        return .success(RecordingHeader(component: component, configuration: configuration,
                                        environment: environment, viewport: viewport, fps: fps))
    }
}

/// Why a recording line was refused; internal, surfaced as `MorphServerError.malformedRecording`.
struct RecordingProblem: Error {
    let reason: String
}
