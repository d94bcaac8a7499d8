/// Deterministic, hand-written JSON number text: integers without a fraction, other values in
/// Swift's shortest round-trip form (platform-independent), non-finite values as `null`.
///
/// Written by hand so output never depends on an encoder's formatting choices.
func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0 { return "0" }  // also folds -0
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}

/// `value` rounded to `places` decimals, as JSON-ready text (for SVG coordinates).
func roundedNumber(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return jsonNumber((value * scale).rounded() / scale)
}
