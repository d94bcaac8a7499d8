import Foundation
import MorphKit

extension ClientMessage {
    /// The protocol name both sides must agree on in `hello`.
    public static let protocolName = "morph.v1"

    /// Parses and validates one text message.
    ///
    /// Unknown keys are ignored (decoders ignore unknown fields); a missing or mistyped field
    /// is `bad-message`; bytes that are not JSON are `bad-json`; sizes and scales beyond
    /// `limits` are `bad-message`.
    public static func decode(_ bytes: [UInt8], limits: ProtocolLimits = ProtocolLimits()) -> Result<ClientMessage, ProtocolError>
    {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            return .failure(ProtocolError(.badJSON, "not JSON: \(error)"))
        }
        return decode(json, limits: limits)
    }

    /// Validates an already parsed message.
    public static func decode(_ json: JSONValue, limits: ProtocolLimits = ProtocolLimits()) -> Result<
        ClientMessage, ProtocolError
    > {
        guard case .object = json else {
            return .failure(ProtocolError(.badMessage, "a message must be a JSON object"))
        }
        guard let type = json["type"]?.stringValue else {
            return .failure(ProtocolError(.badMessage, "a message needs a string type"))
        }
        func bad(_ reason: String) -> Result<ClientMessage, ProtocolError> {
            .failure(ProtocolError(.badMessage, reason, request: type))
        }
        switch type {
        // First: a dragging page sends 60 a second, most of what a server reads.
        case "input":
            guard let event = json["event"] else { return bad("input needs an event") }
            var id: Double?
            if let value = json["id"], value != .null {
                guard let number = value.numberValue, number.isFinite else { return bad("input id must be a number") }
                id = number
            }
            switch InputEvent.decode(protocolEvent: event) {
            case .success(let decoded):
                if case .environment(let change) = decoded.kind, let size = change.size,
                    let violation = limits.viewportViolation(size)
                {
                    return .failure(ProtocolError(.badEvent, "environment size: \(violation)", request: type))
                }
                return .success(.input(decoded, id: id))
            case .failure(let error): return .failure(error)
            }
        case "hello":
            guard let name = json["protocol"]?.stringValue else { return bad("hello needs a string protocol") }
            guard name == protocolName else {
                return .failure(
                    ProtocolError(.unsupportedVersion, "this server speaks \(protocolName), not \(name)", request: type))
            }
            let client = json["client"]?.stringValue ?? ""
            return .success(.hello(protocolName: name, client: client))
        case "open":
            guard let component = json["component"]?.stringValue, !component.isEmpty else {
                return bad("open needs a string component")
            }
            // Without a viewport a component opens at its seed's preview size.
            var request = OpenRequest(
                component: component,
                viewport: ComponentKind(rawValue: component).map(ComponentSession.defaultViewport(for:)) ?? .standardViewport)
            if let configuration = json["configuration"], configuration != .null {
                guard case .object = configuration else { return bad("configuration must be an object") }
                request.configuration = configuration
            }
            if let environment = json["environment"], environment != .null {
                switch InputEvent.Environment.decode(protocolEnvironment: environment) {
                case .success(let value): request.environment = value
                case .failure(var error):
                    error.request = type
                    return .failure(error)
                }
            }
            if let viewport = json["viewport"], viewport != .null {
                guard let value = Size(viewport: viewport), limits.viewportViolation(value) == nil else {
                    return bad("viewport must be [w, h], positive, at most \(Int(limits.maxViewportSide)) a side")
                }
                request.viewport = value
            }
            switch optionalString(json["session"]) {
            case .success(let session): request.session = session
            case .failure: return bad("open session must be a string")
            }
            switch json["joiners"] {
            case nil, .null, .string("watch"): request.joinersDrive = false
            case .string("drive"): request.joinersDrive = true
            default: return bad(#"open joiners must be "watch" or "drive""#)
            }
            return .success(.open(request))
        case "join":
            guard let session = json["session"]?.stringValue else { return bad("join needs a string session") }
            return .success(.join(session: session))
        case "record":
            guard let action = json["action"]?.stringValue.flatMap(RecordAction.init(rawValue:)) else {
                return bad("record needs action \"start\" or \"stop\"")
            }
            return .success(.record(action))
        case "recordings":
            return .success(.recordings)
        case "resync":
            return .success(.resync)
        case "replay":
            guard case .success(let session) = optionalString(json["session"]) else {
                return bad("replay session must be a string")
            }
            if let text = json["recording"]?.stringValue {
                // The message limit bounds the text; the reader bounds every number in it.
                let recording: Recording
                do {
                    recording = try RecordingReader.read(Data(text.utf8)).recording
                } catch {
                    return bad("recording: \(error)")
                }
                for (index, event) in recording.events.enumerated() {
                    // Line 1 is the header.
                    if let violation = ProtocolLimits.setViolation(event) {
                        return bad("recording: line \(index + 2): \(violation)")
                    }
                }
                return .success(.replayRecording(recording, session: session))
            }
            guard let name = json["name"]?.stringValue else { return bad("replay needs a string name or recording") }
            return .success(.replay(name: name, session: session))
        case "timeline":
            switch json["action"]?.stringValue {
            case "play": return .success(.timeline(.play))
            case "pause": return .success(.timeline(.pause))
            case "seek":
                guard let frame = json["frame"]?.numberValue, frame == frame.rounded(), frame >= 0, frame <= 1e9 else {
                    return bad("timeline seek needs a whole frame number, 0 or more")
                }
                return .success(.timeline(.seek(frame: Int(frame))))
            default: return bad("timeline needs action \"play\", \"pause\" or \"seek\"")
            }
        case "ping":
            guard let id = json["id"]?.numberValue else { return bad("ping needs a number id") }
            var clientTime: Double?
            if let value = json["t"], value != .null {
                guard let number = value.numberValue else { return bad("ping t must be a number") }
                clientTime = number
            }
            return .success(.ping(id: id, clientTime: clientTime))
        case "tiles":
            guard case .bool(let enabled)? = json["enabled"] else { return bad("tiles needs a boolean enabled") }
            var scale = min(2, limits.maxTileScale)
            if let value = json["scale"], value != .null {
                guard let number = value.numberValue, number == number.rounded(),
                    (1...Double(limits.maxTileScale)).contains(number)
                else {
                    return bad("tiles scale must be a whole number in 1...\(limits.maxTileScale)")
                }
                scale = Int(number)
            }
            var acks = false
            if let value = json["ack"], value != .null {
                guard case .bool(let flag) = value else { return bad("tiles ack must be a boolean") }
                acks = flag
            }
            return .success(.tiles(enabled: enabled, scale: scale, acks: acks))
        case "tiles-ack":
            // The header carries `seq` as 32 bits, so no set the server sends has a larger one.
            guard let number = json["seq"]?.numberValue, number == number.rounded(), (0...Double(UInt32.max)).contains(number)
            else {
                return bad("tiles-ack needs seq, a whole number in 0...\(UInt32.max)")
            }
            return .success(.tilesAck(sequence: Int(number)))
        case "frame-ack":
            // A frame's `seq` counts up from 1; 2^53 is where a JSON number stops being whole.
            guard let number = json["seq"]?.numberValue, number == number.rounded(), (1...9_007_199_254_740_991).contains(number)
            else {
                return bad("frame-ack needs seq, a whole number in 1...9007199254740991")
            }
            return .success(.frameAck(sequence: Int(number)))
        default:
            return .failure(ProtocolError(.unknownType, "unknown message type \(type)", request: type))
        }
    }

    /// An optional string field: absent or null is nil, any other non-string fails.
    private static func optionalString(_ value: JSONValue?) -> Result<String?, ProtocolError> {
        guard let value, value != .null else { return .success(nil) }
        guard let text = value.stringValue else { return .failure(ProtocolError(.badMessage, "not a string")) }
        return .success(text)
    }
}
