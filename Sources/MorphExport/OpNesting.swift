import MorphKit

/// Group nesting in a display list, shared by the SVG and Lottie writers.
enum OpNesting {
    /// For each `push`, the index of its matching `pop` (nil when it is never closed).
    static func matchingPops(_ ops: [DisplayList.Op]) -> [Int?] {
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
