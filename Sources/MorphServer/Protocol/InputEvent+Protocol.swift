import MorphKit

// The wire side of MorphKit's input types: `input` events and `open`'s ENV are read with
// MorphKit's `init(json:)` readers, so the server, recordings and replay share one reading.

extension InputEvent {
    /// Reads the `event` object of an `input` message; every failure is a `bad-event` answer.
    ///
    /// A missing `t` decodes as 0: the server replaces the time with arrival time anyway.
    /// Beyond the event format the protocol bounds scrub progress to 0...1 and sizes to
    /// positive ones (a size becomes the viewport).
    static func decode(protocolEvent json: JSONValue) -> Result<InputEvent, ProtocolError> {
        func bad(_ reason: String) -> Result<InputEvent, ProtocolError> {
            .failure(ProtocolError(.badEvent, reason, request: "input"))
        }
        guard case .object = json else { return bad("event must be an object") }
        let event: InputEvent
        do throws(JSONError) {
            event = try InputEvent(json: JSONCursor(json), defaultTime: 0)
        } catch {
            return bad(error.description)
        }
        switch event.kind {
        case .scrub(let progress?) where !(0...1).contains(progress):
            return bad("progress must be within 0...1 or null")
        case .set:
            if let violation = ProtocolLimits.setViolation(event) { return bad(violation) }
        case .environment(let change):
            if let size = change.size, !(size.width > 0 && size.height > 0) {
                return bad("size must be [w, h], positive")
            }
        default: break
        }
        return .success(event)
    }
}

extension InputEvent.Environment {
    /// The protocol's defaults (motion on, size L, light), under which `open` fills gaps.
    public static let protocolDefaults = InputEvent.Environment(reduceMotion: false, dynamicType: .large, colorScheme: .light)

    /// Reads `open`'s ENV over the defaults; unknown keys are ignored, and `size` is dropped
    /// because the viewport travels apart. Bad values are `bad-message`.
    static func decode(protocolEnvironment json: JSONValue) -> Result<InputEvent.Environment, ProtocolError> {
        guard case .object = json else {
            return .failure(ProtocolError(.badMessage, "environment must be an object"))
        }
        do throws(JSONError) {
            var change = try InputEvent.Environment(json: JSONCursor(json, path: "environment"))
            change.size = nil
            if let insets = change.safeArea, let reason = InputLimits.safeAreaViolation(insets) {
                return .failure(ProtocolError(.badMessage, "environment.safeArea: " + reason))
            }
            return .success(protocolDefaults.merging(change))
        } catch {
            return .failure(ProtocolError(.badMessage, error.description))
        }
    }

    /// The ENV object of `session` messages: every key present (defaults fill gaps), no size;
    /// `safeArea` only when it was given (else the viewport's preset decides).
    var sessionJSON: JSONValue {
        let full = InputEvent.Environment.protocolDefaults.merging(self)
        var members: [JSONValue.Member] = [
            .init("reduceMotion", .bool(full.reduceMotion ?? false)),
            .init("dynamicType", .string((full.dynamicType ?? .large).rawValue)),
            .init("colorScheme", .string((full.colorScheme ?? .light).rawValue)),
        ]
        if let safeArea { members.append(.init("safeArea", safeArea.jsonValue)) }
        return .object(members)
    }
}
