/// Session ids: 16 lowercase letters and digits, random, so a router can place a session by
/// hashing its id with no state shared between servers (`schemas/protocol.md`, "Session ids").
///
/// A client may propose one (`open` or `replay` with `session`, or the connection URL's
/// `?session=`); the server takes it when it is well formed and no session here has it, and
/// assigns a fresh one otherwise.
public enum SessionID {
    /// Characters in an id.
    public static let length = 16
    /// The characters an id is made of.
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// True for exactly `length` lowercase ASCII letters and digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == length && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
    }

    /// A fresh id from the system's random source (36^16 ≈ 2^82 of them).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A fresh id drawn from `generator`.
    public static func random(using generator: inout some RandomNumberGenerator) -> String {
        let characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        return String(decoding: characters, as: UTF8.self)
    }
}
