import MorphKit

/// A server → client message of `morph.v1` other than `frame` (see `FrameEncoding`).
///
/// Encoded by hand with `type` first, as the protocol requires, and without `JSONEncoder`,
/// whose key order is not stable on Linux.
public enum ServerMessage: Sendable, Hashable {
    /// Answer to `hello`; `panels` gives the page's panel of the listed components that have
    /// one (sent in `components` order).
    case welcome(server: String, components: [String], fps: Double, panels: [String: ComponentPanel] = [:])
    /// A connection now watches this session.
    case session(SessionDescription)
    /// A recording started or stopped.
    case recording(started: Bool, name: String)
    /// The record directory's contents.
    case recordings([RecordingSummary])
    /// Answer to `ping`.
    case pong(id: Double, clientTime: Double?, serverTime: Double)
    /// An `input` with this `id` was applied (and, while recording, written to disk).
    case ack(id: Double)
    /// Something the client sent was wrong.
    case error(ProtocolError)
    /// The file of a component this viewer watches loaded again, or failed to (its last
    /// good definition keeps running).
    case componentFile(ComponentFolder.Change)
    /// The components listed changed (a file came into the components folder, or left it):
    /// the whole list and panels as `welcome` gives them, to every greeted connection.
    case components(names: [String], panels: [String: ComponentPanel])
    /// The session's `spring` configuration fields, each in both of SwiftUI's forms: after
    /// `session` (when it has any) and to every viewer after a `set` of one.
    case springs(session: String, springs: JSONValue)

    /// Every system colour name a configuration accepts, as MorphKit resolves it in each
    /// scheme (`SystemColor.color(in:)`): `{"label": {"light": [r,g,b,a], "dark": […]}, …}`.
    /// The page shows a named colour's swatch and alpha from these, so it keeps no table of
    /// its own.
    static let systemColors: JSONValue = .object(
        SystemColor.allCases.map { name in
            .init(
                name.rawValue,
                .object(
                    ColorScheme.allCases.map { scheme in
                        let color = name.color(in: scheme)
                        let channels = [color.red, color.green, color.blue, color.alpha]
                        return .init(scheme.rawValue, .array(channels.map(JSONValue.number)))
                    }))
        })

    /// The message as compact UTF-8 JSON.
    public var encoded: [UInt8] {
        var writer = JSONValue.CompactWriter()
        writer.raw("{\"type\":")
        switch self {
        case .welcome(let server, let components, let fps, let panels):
            writer.write(string: "welcome")
            writer.key("protocol")
            writer.write(string: ClientMessage.protocolName)
            writer.key("server")
            writer.write(string: server)
            writer.key("components")
            writer.write(.array(components.map(JSONValue.string)))
            writer.key("fps")
            writer.write(number: fps)
            writer.key("systemColors")
            writer.write(Self.systemColors)
            writer.key("panels")
            writer.write(.object(components.compactMap { name in panels[name].map { .init(name, $0.json) } }))
        case .components(let names, let panels):
            writer.write(string: "components")
            writer.key("components")
            writer.write(.array(names.map(JSONValue.string)))
            writer.key("panels")
            writer.write(.object(names.compactMap { name in panels[name].map { .init(name, $0.json) } }))
        case .session(let description):
            writer.write(string: "session")
            writer.key("session")
            writer.write(string: description.id)
            writer.key("component")
            writer.write(string: description.component)
            writer.key("configuration")
            writer.write(description.configuration)
            writer.key("environment")
            writer.write(description.environment.sessionJSON)
            writer.key("viewport")
            writer.write(description.viewport.viewportJSON)
            writer.key("state")
            writer.write(string: description.state)
            if let timeline = description.timeline {
                writer.key("timeline")
                writer.write(
                    .object([
                        .init("frames", .number(Double(timeline.frames))), .init("fps", .number(timeline.fps)),
                        .init("events", .array(timeline.events.map { .number(Double($0)) })),
                    ]))
            }
            if let access = description.access {
                writer.key("access")
                writer.write(string: access.rawValue)
            }
        case .recording(let started, let name):
            writer.write(string: "recording")
            writer.key("state")
            writer.write(string: started ? "started" : "stopped")
            writer.key("name")
            writer.write(string: name)
        case .recordings(let items):
            writer.write(string: "recordings")
            writer.key("items")
            writer.write(
                .array(
                    items.map {
                        .object([
                            .init("name", .string($0.name)),
                            .init("component", .string($0.component)),
                            .init("bytes", .number(Double($0.bytes))),
                        ])
                    }))
        case .pong(let id, let clientTime, let serverTime):
            writer.write(string: "pong")
            writer.key("id")
            writer.write(number: id)
            if let clientTime {
                writer.key("t")
                writer.write(number: clientTime)
            }
            writer.key("serverTime")
            writer.write(number: serverTime)
        case .ack(let id):
            writer.write(string: "ack")
            writer.key("id")
            writer.write(number: id)
        case .error(let error):
            writer.write(string: "error")
            writer.key("code")
            writer.write(string: error.code.rawValue)
            writer.key("message")
            writer.write(string: error.message)
            if let request = error.request {
                writer.key("request")
                writer.write(string: request)
            }
        case .springs(let session, let springs):
            writer.write(string: "springs")
            writer.key("session")
            writer.write(string: session)
            writer.key("springs")
            writer.write(springs)
        case .componentFile(let change):
            writer.write(string: "component-file")
            writer.key("component")
            writer.write(string: change.component ?? "")
            writer.key("file")
            writer.write(string: change.file)
            writer.key("status")
            writer.write(string: change.error != nil ? "error" : change.isRemoved ? "removed" : "loaded")
            if let previous = change.renamedFrom {
                writer.key("renamedFrom")
                writer.write(string: previous)
            }
            if let panel = change.panel {
                writer.key("panel")
                writer.write(panel.json)
            }
            if let error = change.error {
                writer.key("kind")
                writer.write(string: error.kind.rawValue)
                writer.key("line")
                writer.write(number: Double(error.line))
                writer.key("column")
                writer.write(number: Double(error.column))
                writer.key("message")
                writer.write(string: error.description)
            }
        }
        writer.raw("}")
        return writer.bytes
    }
}

/// What a `session` message tells a viewer about the session it now watches.
public struct SessionDescription: Sendable, Hashable {
    /// The session id, usable in `join`.
    public var id: String
    /// The component's registered name.
    public var component: String
    /// The configuration it was opened with.
    public var configuration: JSONValue
    /// The current environment (written with every key; defaults fill gaps).
    public var environment: InputEvent.Environment
    /// The current viewport in points.
    public var viewport: Size
    /// The component's current machine state name.
    public var state: String
    /// For a replayed recording the viewer steps through: its length and rate.
    public var timeline: Timeline?
    /// What this viewer may do, for a viewer that joined (nil: it opened the session and
    /// controls it).
    public var access: Access?

    /// What a viewer that joined may do (`session`'s `access`).
    public enum Access: String, Sendable, Hashable {
        /// Watch only.
        case watch
        /// Also send pointer input, `tap` and `scrub`.
        case drive
    }

    /// A replay's frame count and frames per second (`session`'s `timeline`).
    public struct Timeline: Sendable, Hashable {
        /// Frames in the replay.
        public var frames: Int
        /// Frames per second.
        public var fps: Double
        /// The frames that apply an input, ascending: where the page's "Next event" skips to.
        public var events: [Int]

        /// Makes a description.
        public init(frames: Int, fps: Double, events: [Int] = []) {
            self.frames = frames
            self.fps = fps
            self.events = events
        }
    }

    /// Makes a description.
    public init(
        id: String, component: String, configuration: JSONValue, environment: InputEvent.Environment,
        viewport: Size, state: String, timeline: Timeline? = nil
    ) {
        self.timeline = timeline
        self.id = id
        self.component = component
        self.configuration = configuration
        self.environment = environment
        self.viewport = viewport
        self.state = state
    }
}

/// One entry of the `recordings` answer.
public struct RecordingSummary: Sendable, Hashable {
    /// File name inside the record directory (what `replay` takes).
    public var name: String
    /// The component named in the file's header.
    public var component: String
    /// File size.
    public var bytes: Int

    /// Makes a summary.
    public init(name: String, component: String, bytes: Int) {
        self.name = name
        self.component = component
        self.bytes = bytes
    }
}
