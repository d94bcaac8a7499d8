/// A small XML element tree: what the SVG writer builds and the animator merges over frames
/// before anything is printed.
public struct SVGElement: Hashable, Sendable {
    /// One attribute, kept in insertion order so output is deterministic.
    public struct Attribute: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var name: String
    public var attributes: [Attribute]
    public var children: [SVGElement]
    /// Character data written after the children (a `tspan`'s text).
    public var text: String?

    public init(_ name: String, _ attributes: [Attribute] = [], children: [SVGElement] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The value of the attribute `name`, if set.
    public subscript(attribute name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The same element name, attribute names and child structure (values may differ): what
    /// SMIL can animate value by value.
    func hasSameShape(as other: SVGElement) -> Bool {
        name == other.name && text == other.text && attributes.map(\.name) == other.attributes.map(\.name)
            && children.count == other.children.count
            && zip(children, other.children).allSatisfy { $0.hasSameShape(as: $1) }
    }

    /// XML text, two spaces per level (none around character data); attribute values and text
    /// escaped.
    public func xml(indent: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        out += pad + "<" + name
        for attribute in attributes {
            out += " " + attribute.name + "=\"" + Self.escape(attribute.value) + "\""
        }
        if children.isEmpty, text == nil {
            out += "/>\n"
            return
        }
        out += ">"
        if let text {
            // Character data is significant (`xml:space="preserve"` text): no whitespace is
            // added around it, so children (animations) go on the same line, unindented.
            for child in children { out += child.xml(indent: 0).filter { $0 != "\n" } }
            out += Self.escape(text) + "</" + name + ">\n"
            return
        }
        out += "\n"
        for child in children { child.write(to: &out, indent: indent + 1) }
        out += pad + "</" + name + ">\n"
    }

    /// XML escaping for attribute values and character data.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
