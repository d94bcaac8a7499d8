import MorphJSON

/// The tokens of one expression, each with its UTF-8 offset in the expression text.
struct ExpressionToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case number(Double)
        /// An identifier, dots included (`config.surface`, `card.midX`).
        case name(String)
        /// A member read after a call or parentheses: `.height` in `measure(…).height`.
        case member(String)
        /// A quoted text, `'Expanded'` or `"Expanded"`.
        case text(String)
        /// An operator or punctuation: `+ - * / ( ) , ? : < <= > >= == != && || !`.
        case symbol(String)
        case end
    }

    var kind: Kind
    var offset: Int

    /// The token as a person would write it, for messages.
    var described: String {
        switch kind {
        case .number(let value): "number \(JSONText.number(value))"
        case .name(let name): "'\(name)'"
        case .member(let name): "'.\(name)'"
        case .text(let text): "text '\(text)'"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "the end of the expression"
        }
    }
}

/// Splits an expression into tokens.
enum ExpressionLexer {
    static func tokens(_ source: String) throws(ExpressionError) -> [ExpressionToken] {
        let bytes = Array(source.utf8)
        var tokens: [ExpressionToken] = []
        var index = 0
        func isNameStart(_ byte: UInt8) -> Bool {
            (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == UInt8(ascii: "_")
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                index += 1
            } else if isDigit(byte) || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && isDigit(bytes[index + 1])) {
                while index < bytes.count && (isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".")) { index += 1 }
                if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
                    index += 1
                    if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                        index += 1
                    }
                    while index < bytes.count && isDigit(bytes[index]) { index += 1 }
                }
                let text = String(decoding: bytes[start..<index], as: UTF8.self)
                guard let value = Double(text), value.isFinite else {
                    throw ExpressionError(kind: .unexpectedToken, offset: start, message: "'\(text)' is not a number")
                }
                tokens.append(ExpressionToken(kind: .number(value), offset: start))
            } else if isNameStart(byte) || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && isNameStart(bytes[index + 1]))
            {
                if byte == UInt8(ascii: ".") { index += 1 }
                while index < bytes.count
                    && (isNameStart(bytes[index]) || isDigit(bytes[index]) || bytes[index] == UInt8(ascii: "."))
                {
                    index += 1
                }
                let name = String(decoding: bytes[start..<index], as: UTF8.self)
                tokens.append(
                    ExpressionToken(
                        kind: byte == UInt8(ascii: ".") ? .member(String(name.dropFirst())) : .name(name), offset: start))
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count && bytes[index] != byte { index += 1 }
                guard index < bytes.count else {
                    throw ExpressionError(kind: .unterminatedText, offset: start, message: "text has no closing quote")
                }
                guard index - start - 1 <= ComponentLimits.textBytes else {
                    throw ExpressionError(
                        kind: .limit, offset: start, message: "a text longer than \(ComponentLimits.textBytes) bytes")
                }
                tokens.append(
                    ExpressionToken(kind: .text(String(decoding: bytes[(start + 1)..<index], as: UTF8.self)), offset: start))
                index += 1
            } else {
                let pair = index + 1 < bytes.count ? String(decoding: bytes[index...(index + 1)], as: UTF8.self) : ""
                if ["<=", ">=", "==", "!=", "&&", "||"].contains(pair) {
                    tokens.append(ExpressionToken(kind: .symbol(pair), offset: start))
                    index += 2
                } else if "+-*/(),?:<>!".utf8.contains(byte) {
                    tokens.append(ExpressionToken(kind: .symbol(String(UnicodeScalar(byte))), offset: start))
                    index += 1
                } else {
                    let character = String(decoding: bytes[index...], as: UTF8.self).first.map(String.init) ?? "?"
                    throw ExpressionError(
                        kind: .unexpectedCharacter, offset: start, message: "unexpected character '\(character)'")
                }
            }
        }
        tokens.append(ExpressionToken(kind: .end, offset: bytes.count))
        return tokens
    }
}
