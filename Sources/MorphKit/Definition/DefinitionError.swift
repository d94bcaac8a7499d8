/// A mistake in a component file, with the file, line and column it is at.
///
/// `kind` lets tests and tools tell mistakes apart; `description` is the one line a person
/// reads: `card.json:12:31: unknown name 'progres' (did you mean 'progress'?)`.
public struct DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake it is.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file is not JSON.
        case invalidJSON
        /// The file is JSON but a key is missing, of the wrong type or out of range.
        case malformed
        /// `format` or `version` is not `morph.component` version 1.
        case unsupported
        /// An expression has a character the language does not use.
        case unexpectedCharacter
        /// An expression has a token where another was needed (or ends early).
        case unexpectedToken
        /// A quoted text in an expression has no closing quote.
        case unterminatedText
        /// An expression names an input that does not exist.
        case unknownName
        /// An expression calls a function that does not exist.
        case unknownFunction
        /// A function is called with a number of arguments it has no form for.
        case argumentCount
        /// A value has the wrong type for where it is used.
        case typeMismatch
        /// A state, node id, variable or configuration field that is not defined, or one
        /// defined twice.
        case badReference
        /// The file is over one of `ComponentLimits` (its size, an expression's nesting,
        /// depth or node count, a text's length).
        case limit
    }

    /// What kind of mistake it is.
    public var kind: Kind
    /// The file's name as given to the loader (no directory is added).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters.
    public var column: Int
    /// What is wrong, in one sentence.
    public var message: String

    /// An error at a position.
    public init(kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// An expression mistake before it is placed in a file: its kind, its UTF-8 offset in the
/// expression text and the message.
struct ExpressionError: Error, Hashable, Sendable {
    var kind: DefinitionError.Kind
    var offset: Int
    var message: String
}

/// A component file's bytes, for turning byte offsets into lines and columns.
struct SourceText: Sendable {
    let file: String
    let bytes: [UInt8]

    /// Line and column (1-based; columns count characters) of byte `offset`.
    func location(ofByte offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, min(offset, bytes.count))) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The byte offset of the `index`-th UTF-8 byte of the decoded JSON string that starts
    /// (with its opening quote) at `stringStart`: escapes take more bytes in the file than
    /// in the text.
    func byteOffset(inStringAt stringStart: Int, decodedIndex index: Int) -> Int {
        var raw = stringStart + 1
        var decoded = 0
        while decoded < index, raw < bytes.count, bytes[raw] != UInt8(ascii: "\"") {
            if bytes[raw] == UInt8(ascii: "\\") {
                raw += raw + 1 < bytes.count && bytes[raw + 1] == UInt8(ascii: "u") ? 6 : 2
            } else {
                raw += 1
            }
            decoded += 1
        }
        return raw
    }

    /// The error for `kind` at byte `offset` (or the file's start when unknown).
    func error(_ kind: DefinitionError.Kind, at offset: Int?, _ message: String) -> DefinitionError {
        let (line, column) = location(ofByte: offset ?? 0)
        return DefinitionError(kind: kind, file: file, line: line, column: column, message: message)
    }
}
