extension DisplayList {
    /// For each `push` in `ops`, the index of its matching `pop` (nil for every other op and
    /// for a push that is never closed).
    ///
    /// Every renderer of a flat list (cairo, SVG, Lottie) needs a group's extent before it
    /// draws the group, so the pairing is worked out once here. O(n).
    public static func matchingPops(_ ops: [Op]) -> [Int?] {
        var ends = [Int?](repeating: nil, count: ops.count)
        var open: [Int] = []
        for (index, op) in ops.enumerated() {
            switch op {
            case .push: open.append(index)
            case .pop: if let start = open.popLast() { ends[start] = index }
            default: break
            }
        }
        return ends
    }
}
