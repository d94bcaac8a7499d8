import MorphJSON

/// The first line of a recording: what was recorded and under which conditions.
///
/// Replay rebuilds the same component with the same configuration, environment and
/// viewport, then feeds the events; so everything that changes frames lives here.
public struct RecordingHeader: Sendable, Hashable {
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

    /// Reads a header line; unknown keys are ignored.
    ///
    /// - Parameters:
    ///   - json: the header line's object.
    ///   - line: the line's number in the file, for `malformedLine`.
    /// - Throws: `.notARecording` for a wrong or missing `format`, `.unsupportedVersion` for
    ///   an unknown `version` (so callers can tell them from damage), `.malformedLine` with
    ///   the key, the reason and the byte for anything else, bounds included.
    public init(json: JSONCursor, line: Int = 1) throws(RecordingError) {
        guard case .object = json.value else {
            throw .malformedLine(line: line, reason: "a header must be an object, found \(json.value.typeName)")
        }
        let format = json.value["format"]?.stringValue
        guard format == RecordingHeader.format else { throw .notARecording(format: format) }
        do throws(JSONError) {
            version = try json.required("version").integer()
            guard version == RecordingHeader.currentVersion else { throw JSONError.unsupportedVersion(version) }
            component = try json.required("component").string()
            let configuration = try json.optional("configuration")
            self.configuration = configuration?.value ?? .object([])
            guard self.configuration.objectValue != nil else { throw configuration!.fail("`configuration` must be an object") }
            environment =
                try json.optional("environment").map { (cursor) throws(JSONError) in
                    try InputEvent.Environment(json: cursor)
                } ?? InputEvent.Environment()
            let viewport = try json.required("viewport")
            let pair = try viewport.numbers(count: 2)
            guard InputLimits.viewportViolation(Size(width: pair[0], height: pair[1])) == nil else {
                throw viewport.fail(
                    "`viewport` must be [w,h] with finite numbers in (0, \(Int(InputLimits.maxViewportSide))]")
            }
            self.viewport = Size(width: pair[0], height: pair[1])
            let frameRate = try json.required("frameRate")
            self.frameRate = try frameRate.number()
            guard InputLimits.frameRates.contains(self.frameRate) else {
                let range = InputLimits.frameRates
                throw frameRate.fail("`frameRate` must be in \(Int(range.lowerBound))...\(Int(range.upperBound))")
            }
        } catch .unsupportedVersion(let version) {
            throw .unsupportedVersion(version)
        } catch {
            throw .malformedLine(line: line, reason: error.description)
        }
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
