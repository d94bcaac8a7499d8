/// "Did you mean": the known word closest to a mistyped one, for every place Morph names
/// something it does not know (a flag or subcommand here, a component name in `morph`, an
/// expression's name or function in MorphKit's component loader), so all of them agree on
/// what counts as a typo.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance (insertions, deletions and
    /// substitutions), if it is close enough to be a typo: at most a third of `word`'s
    /// length, and at least 1. Ties go to the alphabetically first candidate, so the answer
    /// does not depend on the candidates' order.
    public static func closest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let target = Array(word)
        let best = candidates.sorted().map { ($0, distance(target, Array($0))) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(1, target.count / 3), best.0 != word else { return nil }
        return best.0
    }

    /// " (did you mean 'x'?)" for the candidate closest to `word`, or "" when none is close:
    /// ready to append to the line that names the unknown word.
    public static func didYouMean<S: Sequence>(_ word: String, in candidates: S) -> String where S.Element == String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Levenshtein distance, one row at a time.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var row = [i + 1]
            for (j, y) in b.enumerated() { row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (x == y ? 0 : 1))) }
            previous = row
        }
        return previous[b.count]
    }
}
