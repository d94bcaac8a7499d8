/// The code spans of a Markdown string, as SwiftUI's `Text("…")` (a `LocalizedStringKey`)
/// reads them: the backticks are removed and the text between them is inline code, drawn in
/// the monospaced design at the paragraph's size and weight.
///
/// Follows CommonMark's code span rule: a run of n backticks opens a span closed by the next
/// run of exactly n backticks; a run with no closing match is literal text; inside, a
/// newline becomes a space, and one space is stripped from each end when both ends have one
/// (and the content is not all spaces). Only code spans are interpreted; the seeds use no
/// other inline Markdown, so emphasis and links are left as typed.
public struct InlineMarkdown: Hashable, Sendable {
    /// The text as drawn, without the backticks.
    public var text: String
    /// `Character` offsets of `text` that are inline code, ascending and disjoint.
    public var codeSpans: [Range<Int>]

    /// Parses `source`.
    public init(_ source: String) {
        // Most paragraphs have no backtick: they are their own text, without splitting the
        // string into characters (the curtain parses its paragraphs on every frame).
        guard source.utf8.contains(UInt8(ascii: "`")) else {
            text = source
            codeSpans = []
            return
        }
        let characters = Array(source)
        var output: [Character] = []
        var spans: [Range<Int>] = []
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                output.append(characters[index])
                index += 1
                continue
            }
            let opening = Self.backtickRun(in: characters, at: index)
            guard let closing = Self.closingRun(in: characters, after: index + opening, length: opening) else {
                // No match: the whole run is literal.
                output.append(contentsOf: characters[index..<(index + opening)])
                index += opening
                continue
            }
            var content = characters[(index + opening)..<closing].map { $0.isNewline ? " " : $0 }
            if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                content = Array(content.dropFirst().dropLast())
            }
            if !content.isEmpty { spans.append(output.count..<(output.count + content.count)) }
            output.append(contentsOf: content)
            index = closing + opening
        }
        text = String(output)
        codeSpans = spans
    }

    private static func backtickRun(in characters: [Character], at start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == "`" { end += 1 }
        return end - start
    }

    /// Where the next backtick run of exactly `length` starts, from `start` on.
    private static func closingRun(in characters: [Character], after start: Int, length: Int) -> Int? {
        var index = start
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            let run = backtickRun(in: characters, at: index)
            if run == length { return index }
            index += run
        }
        return nil
    }
}
