import MorphJSON

/// A `spring` configuration field's value: a spring in one of the two forms SwiftUI writes it,
/// `.spring(response:dampingFraction:)` or `.spring(duration:bounce:)`, kept in the form given
/// so a configuration document reads back as it was written.
public enum SpringFieldValue: Hashable, Sendable {
    /// `.spring(response:dampingFraction:)`: seconds to settle without damping, and the
    /// damping ratio (1 is critical).
    case response(Double, dampingFraction: Double)
    /// `.spring(duration:bounce:)`: the perceptual duration in seconds, and how much it
    /// overshoots (0 none, negative overdamped).
    case duration(Double, bounce: Double)

    /// The keys of each form, in the order documents write them.
    static let responseKeys = ("response", "dampingFraction")
    static let durationKeys = ("duration", "bounce")
    /// Bounds that keep both forms inside what the animator runs (`ExpressionProgram.bounded`):
    /// damping fraction 0…10 is bounce −0.9…1.
    static let maximumDampingFraction = ComponentSession.maximumDampingFraction
    static let minimumBounce = Spring.bounce(dampingRatio: ComponentSession.maximumDampingFraction)

    /// The animation `config.<name>` reads: the same as `spring(response, dampingFraction)` or
    /// `springDuration(duration, bounce)` written in an expression.
    var animation: Animation {
        switch self {
        case .response(let response, let dampingFraction): .spring(response: response, dampingFraction: dampingFraction)
        case .duration(let duration, let bounce): .spring(duration: duration, bounce: bounce)
        }
    }

    /// The same spring as response and damping fraction (`Spring.duration` is its response;
    /// `Animation.dampingFraction(bounce:)` is SwiftUI's mapping).
    public var responseForm: (response: Double, dampingFraction: Double) {
        switch self {
        case .response(let response, let dampingFraction): (response, dampingFraction)
        case .duration(let duration, let bounce):
            // Clamped: bounce −0.9 maps to 10 and a rounding error above it.
            (duration, Swift.min(Self.maximumDampingFraction, Animation.dampingFraction(bounce: bounce)))
        }
    }

    /// The same spring as duration and bounce (`Spring.bounce(dampingRatio:)`).
    public var durationForm: (duration: Double, bounce: Double) {
        switch self {
        case .response(let response, let dampingFraction): (response, Spring.bounce(dampingRatio: dampingFraction))
        case .duration(let duration, let bounce): (duration, bounce)
        }
    }

    /// The value as a configuration document writes it, in its own form.
    var jsonValue: JSONValue {
        switch self {
        case .response(let response, let dampingFraction):
            .object([.init(Self.responseKeys.0, .number(response)), .init(Self.responseKeys.1, .number(dampingFraction))])
        case .duration(let duration, let bounce):
            .object([.init(Self.durationKeys.0, .number(duration)), .init(Self.durationKeys.1, .number(bounce))])
        }
    }

    /// Both forms of the spring, `{"response", "dampingFraction", "duration", "bounce"}`: what
    /// morphd sends so a page switches form without converting by itself.
    public var bothForms: JSONValue {
        let (response, dampingFraction) = responseForm
        let (duration, bounce) = durationForm
        return .object([
            .init(Self.responseKeys.0, .number(response)), .init(Self.responseKeys.1, .number(dampingFraction)),
            .init(Self.durationKeys.0, .number(duration)), .init(Self.durationKeys.1, .number(bounce)),
        ])
    }

    /// Reads `{"response", "dampingFraction"}` or `{"duration", "bounce"}` (exactly one pair):
    /// response and duration at least 0, damping fraction 0…10, bounce −0.9…1.
    init(json: JSONCursor) throws(JSONError) {
        guard case .object(let members) = json.value else {
            throw json.fail("a spring is {\"response\", \"dampingFraction\"} or {\"duration\", \"bounce\"}")
        }
        let keys = Set(members.map(\.key))
        func number(_ key: String, _ range: ClosedRange<Double>) throws(JSONError) -> Double {
            let cursor = try json.required(key)
            let value = try cursor.number()
            guard range.contains(value) else {
                let upper = range.upperBound.isFinite ? JSONText.number(range.upperBound) : "∞"
                throw cursor.fail("must be within \(JSONText.number(range.lowerBound))…\(upper), found \(JSONText.number(value))")
            }
            return value
        }
        if keys == [Self.responseKeys.0, Self.responseKeys.1] {
            self = .response(
                try number(Self.responseKeys.0, 0...Double.greatestFiniteMagnitude),
                dampingFraction: try number(Self.responseKeys.1, 0...Self.maximumDampingFraction))
        } else if keys == [Self.durationKeys.0, Self.durationKeys.1] {
            self = .duration(
                try number(Self.durationKeys.0, 0...Double.greatestFiniteMagnitude),
                bounce: try number(Self.durationKeys.1, Self.minimumBounce...1))
        } else {
            throw json.fail(
                "a spring is {\"response\", \"dampingFraction\"} or {\"duration\", \"bounce\"}, found keys "
                    + keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}
