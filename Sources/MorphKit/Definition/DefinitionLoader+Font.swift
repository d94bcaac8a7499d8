import MorphArguments
import MorphJSON

extension DefinitionLoader {
    /// The top-level `fonts`: `{ "brand": "fonts/Brand.ttf" }`, each a TrueType file below the
    /// component's folder, read and checked now (a bad file is a `badReference` at its name).
    mutating func loadFonts(_ root: JSONCursor) throws(DefinitionError) {
        guard let table = try json({ () throws(JSONError) in try root.optional("fonts") }) else { return }
        guard case .object = table.value else {
            throw fail(.malformed, table, "fonts is an object of family: \"file.ttf\"")
        }
        let entries = try members(table)
        guard entries.count <= ComponentLimits.fontFiles else {
            throw fail(.limit, table, "a component names at most \(ComponentLimits.fontFiles) font files")
        }
        for (family, cursor) in entries {
            guard Self.isFamilyName(family) else {
                throw fail(
                    .malformed, cursor,
                    "a font family is 1 to 64 letters, digits, '-' and '_', starting with a letter; found '\(family)'")
            }
            guard case .string(let source) = cursor.value else {
                throw fail(
                    .typeMismatch, cursor, "a font is a .ttf file name (a constant string), found \(cursor.value.typeName)")
            }
            do {
                fonts[family] = try FontFile.load(family: family, source: source, from: directory)
            } catch {
                throw fail(.badReference, cursor, error.description)
            }
        }
    }

    /// A text font's `family`: one the top-level `fonts` names; nil (Inter) when absent.
    func fontFamily(_ font: JSONCursor) throws(DefinitionError) -> FontFile? {
        guard let member = try json({ () throws(JSONError) in try font.optional("family") }) else { return nil }
        guard case .string(let family) = member.value else {
            throw fail(.typeMismatch, member, "a font family is a name from the top-level fonts (a constant string)")
        }
        guard let file = fonts[family] else {
            throw fail(.unknownName, member, Self.unknownFamily(family, among: fonts.keys.sorted()))
        }
        return file
    }

    /// Why `family` names none of the file's fonts (`known`), with a "did you mean".
    static func unknownFamily(_ family: String, among known: [String]) -> String {
        known.isEmpty
            ? "no font family '\(family)': the file names no fonts"
            : "no font family '\(family)'\(Suggestion.didYouMean(family, in: known)); the file's fonts are "
                + known.joined(separator: ", ")
    }

    /// Letters, digits, '-' and '_', starting with a letter, 1 to 64 of them: a name a CSS
    /// font-family string holds without escaping.
    static func isFamilyName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), let first = bytes.first, first.isASCIILetter else { return false }
        return bytes.allSatisfy {
            $0.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == 45 || $0 == 95
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}
