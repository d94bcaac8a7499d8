import MorphArguments
import MorphJSON

extension DefinitionLoader {
    /// The keys an invariant takes.
    static let invariantKeys = ["expression", "summary"]

    /// The optional `invariants`: `{ "name": { "expression": "…", "summary": "…" } }`, each a
    /// number expression compiled in the scope the scene's expressions see (configuration,
    /// variables, environment, viewport, `state`, `drag.…`, every `let`). Frames never read
    /// them: only `morph explore` evaluates them, so they change no frame.
    mutating func loadInvariants(_ root: JSONCursor) throws(DefinitionError) -> [ComponentDefinition.Invariant] {
        guard let cursor = try json({ () throws(JSONError) in try root.optional("invariants") }) else { return [] }
        guard case .object = cursor.value else {
            throw fail(.malformed, cursor, "expected an object of name: { \"expression\", \"summary\" }")
        }
        // What a scene node reads is noted while it loads; an invariant is no node.
        let (dependency, leaves) = (nodeDependency, nodeKeyLeaves)
        defer { (nodeDependency, nodeKeyLeaves) = (dependency, leaves) }
        var invariants: [ComponentDefinition.Invariant] = []
        for (name, member) in try members(cursor) {
            guard ComponentDefinition.Invariant.isValidName(name) else {
                throw fail(
                    .malformed, member,
                    "an invariant's name is 1 to 64 letters, digits, '-' and '_', starting with a letter; found '\(name)'")
            }
            guard case .object(let keys) = member.value else {
                throw fail(.malformed, member, "expected an object: { \"expression\": \"…\", \"summary\": \"…\" }")
            }
            if let unknown = keys.first(where: { !Self.invariantKeys.contains($0.key) }) {
                throw fail(
                    .malformed, member,
                    "an invariant has no key '\(unknown.key)'\(Suggestion.didYouMean(unknown.key, in: Self.invariantKeys)) "
                        + "(keys: \(Self.invariantKeys.joined(separator: ", ")))")
            }
            let expression = try requiredExpression(member, "expression", .number)
            let summary = try json { () throws(JSONError) in try member.optional("summary")?.string() ?? "" }
            invariants.append(ComponentDefinition.Invariant(name: name, summary: summary, expression: expression))
        }
        return invariants
    }
}

extension ComponentDefinition {
    /// A rule the file states about every frame (`invariants`): `morph explore` fails a frame
    /// whose expression is 0, as `invariant:NAME`, shrinks it and reports the value.
    public struct Invariant: Sendable {
        /// The name reports give it (`invariant:NAME`).
        public var name: String
        /// What it promises, in one sentence.
        public var summary: String
        let expression: ExpressionReference

        /// 1 to 64 ASCII letters, digits, `-` and `_`, starting with a letter.
        static func isValidName(_ name: String) -> Bool {
            guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
                first.properties.isAlphabetic, first.isASCII
            else { return false }
            return name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
        }
    }
}
