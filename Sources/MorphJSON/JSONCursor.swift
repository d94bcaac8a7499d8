/// A position in a parsed JSON document plus the path that leads to it, so every decoding
/// error names the exact field (`ops[3].paint.stops[1].offset`), the reason and, for a
/// document read from bytes, the byte where the value starts.
///
/// Readers take a cursor, step down with `required(_:)`, `optional(_:)` and `elements()`,
/// and read leaves with `number()`, `string()` and friends; every step that fails throws a
/// `JSONError.malformed` that says where.
public struct JSONCursor: Sendable {
    /// The value under the cursor.
    public let value: JSONValue
    /// The path from the document root, like `ops[3].paint` (empty at the root).
    public let path: String
    /// The parsed document's offsets (nil for a value built in memory) and this value's
    /// number in it.
    let offsets: JSONOffsetTable?
    let node: Int

    /// A cursor over a value built in memory: errors carry a path but no byte offset.
    public init(_ value: JSONValue, path: String = "") {
        self.init(value, path: path, offsets: nil, node: 0)
    }

    /// Parses `bytes` and puts a cursor at the root; every error, from the parse or from
    /// reading the value, carries the byte offset it is about.
    ///
    /// - Throws: `JSONError.invalidJSON` for bad syntax.
    public init<Bytes: Collection<UInt8>>(parsing bytes: Bytes) throws(JSONError) {
        let (value, offsets) = try JSONParser.parse(bytes, recordsOffsets: true)
        self.init(value, path: "", offsets: offsets, node: 0)
    }

    init(_ value: JSONValue, path: String, offsets: JSONOffsetTable?, node: Int) {
        self.value = value
        self.path = path
        self.offsets = offsets
        self.node = node
    }

    /// The byte where this value starts in the parsed text, or nil for a value built in memory.
    public var offset: Int? { offsets?.starts[node] }

    /// A `malformed` error about this value.
    public func fail(_ reason: String) -> JSONError { .malformed(path: path, reason: reason, offset: offset) }

    /// The path of member `key` below this one.
    public func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The member `key`, or nil when absent (or `null`, which counts as absent).
    public func optional(_ key: String) throws(JSONError) -> JSONCursor? {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.typeName)") }
        var memberNode = node + 1
        let keyLength = key.utf8.count
        for member in members {
            // Lengths first: cheap for the short keys of every format, and most keys differ.
            if member.key.utf8.count == keyLength, member.key == key {
                if case .null = member.value { return nil }
                return JSONCursor(member.value, path: child(key), offsets: offsets, node: memberNode)
            }
            if let offsets { memberNode += offsets.sizes[memberNode] }
        }
        return nil
    }

    /// The member `key`; its absence is an error.
    public func required(_ key: String) throws(JSONError) -> JSONCursor {
        guard let member = try optional(key) else {
            throw .malformed(path: child(key), reason: "missing required key", offset: offset)
        }
        return member
    }

    /// The elements of an array, each with its path (`ops[3]`).
    public func elements() throws(JSONError) -> [JSONCursor] {
        guard case .array(let elements) = value else { throw fail("expected an array, found \(value.typeName)") }
        var result: [JSONCursor] = []
        result.reserveCapacity(elements.count)
        var elementNode = node + 1
        for (position, element) in elements.enumerated() {
            result.append(JSONCursor(element, path: "\(path)[\(position)]", offsets: offsets, node: elementNode))
            if let offsets { elementNode += offsets.sizes[elementNode] }
        }
        return result
    }

    /// The members of an object, each with its key and a cursor (`null` ones included), in
    /// order: one pass, where looking each key up with `required(_:)` takes a pass per key.
    public func members() throws(JSONError) -> [(key: String, cursor: JSONCursor)] {
        guard case .object(let members) = value else { throw fail("expected an object, found \(value.typeName)") }
        var result: [(key: String, cursor: JSONCursor)] = []
        result.reserveCapacity(members.count)
        var memberNode = node + 1
        for member in members {
            result.append((member.key, JSONCursor(member.value, path: child(member.key), offsets: offsets, node: memberNode)))
            if let offsets { memberNode += offsets.sizes[memberNode] }
        }
        return result
    }

    /// The innermost value of a document read from bytes that starts at byte `offset`, or nil
    /// (also for a value built in memory): how a writer that noted where it wrote something
    /// names it by path.
    public func descendant(at offset: Int) -> JSONCursor? {
        guard let start = self.offset, start <= offset else { return nil }
        let children: [JSONCursor]
        switch value {
        case .array: children = (try? elements()) ?? []
        case .object: children = ((try? members()) ?? []).map(\.cursor)
        default: children = []
        }
        // Children start in ascending order, so only the last one starting by `offset` can hold it.
        if let child = children.last(where: { ($0.offset ?? .max) <= offset }), let found = child.descendant(at: offset) {
            return found
        }
        return start == offset ? self : nil
    }

    /// A number.
    public func number() throws(JSONError) -> Double {
        guard case .number(let number) = value else { throw fail("expected a number, found \(value.typeName)") }
        return number
    }

    /// A number within `range`.
    public func number(in range: ClosedRange<Double>) throws(JSONError) -> Double {
        let number = try number()
        guard range.contains(number) else { throw fail("\(number) is outside \(range.lowerBound)...\(range.upperBound)") }
        return number
    }

    /// A number that is zero or more.
    public func nonNegativeNumber() throws(JSONError) -> Double {
        let number = try number()
        guard number >= 0 else { throw fail("\(number) is negative") }
        return number
    }

    /// A number with no fraction, small enough to be exact in a `Double`.
    public func integer() throws(JSONError) -> Int {
        let number = try number()
        guard number == number.rounded(), abs(number) < 1e15 else { throw fail("expected an integer, found \(number)") }
        return Int(number)
    }

    /// A string.
    public func string() throws(JSONError) -> String {
        guard case .string(let string) = value else { throw fail("expected a string, found \(value.typeName)") }
        return string
    }

    /// A boolean.
    public func bool() throws(JSONError) -> Bool {
        guard case .bool(let bool) = value else { throw fail("expected a boolean, found \(value.typeName)") }
        return bool
    }

    /// A string that must be one of `T`'s raw values.
    public func enumeration<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(JSONError) -> T
    where T.RawValue == String {
        let raw = try string()
        guard let result = T(rawValue: raw) else {
            let allowed = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw fail("\"\(raw)\" is not one of \(allowed)")
        }
        return result
    }

    /// Exactly `count` numbers.
    public func numbers(count: Int) throws(JSONError) -> [Double] {
        let elements = try elements()
        guard elements.count == count else { throw fail("expected \(count) numbers, found \(elements.count)") }
        var result: [Double] = []
        result.reserveCapacity(count)
        for element in elements { result.append(try element.number()) }
        return result
    }
}
