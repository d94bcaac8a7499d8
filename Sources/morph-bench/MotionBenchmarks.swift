import MorphKit

/// Motion costs: a frame may move thousands of values, so these report the price of one
/// closed-form evaluation and of one animator frame (five 1/300 s steps) per value.
func runMotionBenchmarks(_ bench: inout Bench) {
    let count = 4_096
    let spring = Spring(response: 0.42, dampingRatio: 0.82)
    let overDamped = Spring(response: 0.4, dampingRatio: 1.6)

    bench.measure("spring closed form (under-damped, Double)", operations: count) {
        var total = 0.0
        for index in 0..<count {
            total += spring.value(target: 288.0, initialVelocity: 0, time: Double(index) * 1e-4)
        }
        return total
    }
    bench.measure("spring closed form (over-damped, Double)", operations: count) {
        var total = 0.0
        for index in 0..<count {
            total += overDamped.value(target: 288.0, initialVelocity: 0, time: Double(index) * 1e-4)
        }
        return total
    }
    bench.measure("spring closed form (Point)", operations: count) {
        var total = 0.0
        for index in 0..<count {
            total += spring.value(target: Point(x: 346, y: 10), time: Double(index) * 1e-4).x
        }
        return total
    }

    // One 60 Hz frame for `count` independent animators, all mid-flight.
    func animators<V: VectorArithmetic & Sendable & Hashable>(_ from: V, _ to: V) -> [Animator<V>] {
        (0..<count).map { _ in
            var animator = Animator(value: from)
            animator.animate(to: to, with: .spring(response: 0.42, dampingFraction: 0.82), at: 0)
            return animator
        }
    }
    let doubles = animators(0.0, 288.0)
    bench.measure("animator frame, 5 steps (Double)", operations: count) {
        var copy = doubles
        var total = 0.0
        for index in copy.indices {
            copy[index].advance(to: 1.0 / 60)
            total += copy[index].value
        }
        return total
    }
    let points = animators(Point(x: 390, y: 300), Point(x: 44, y: 310))
    bench.measure("animator frame, 5 steps (Point)", operations: count) {
        var copy = points
        var total = 0.0
        for index in copy.indices {
            copy[index].advance(to: 1.0 / 60)
            total += copy[index].value.x
        }
        return total
    }
}
