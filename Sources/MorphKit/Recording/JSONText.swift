/// Hand-written JSON text for recordings: fixed key order and number formatting, so a
/// recording's bytes do not depend on an encoder's choices.
enum JSONText {
    /// Integers without a fraction, other finite values in Swift's shortest round-trip form,
    /// non-finite values as `null` (JSON has no infinity).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A quoted JSON string with the mandatory escapes.
    static func string(_ value: String) -> String {
        var bytes: [UInt8] = []
        JSONStringEscaping.appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
