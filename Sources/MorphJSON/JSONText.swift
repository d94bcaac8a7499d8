/// Exact JSON text for numbers and strings: the one number formatter of the project outside
/// the canonical display-list form (recordings, protocol messages, the CLI's JSON and SVG).
///
/// Written by hand so output never depends on an encoder's formatting choices.
public enum JSONText {
    /// Integers without a fraction, other finite values in Swift's shortest round-trip form
    /// (platform-independent), non-finite values as `null` (JSON has no infinity); `-0` is `0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `value` rounded half away from zero to `places` decimals, written as `number` does
    /// (for SVG coordinates and human-readable figures).
    public static func number(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return number((value * scale).rounded() / scale)
    }

    /// A quoted JSON string with the mandatory escapes.
    public static func string(_ value: String) -> String {
        var bytes: [UInt8] = []
        JSONStringEscaping.appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
