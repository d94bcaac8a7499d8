import MorphTestSupport
import Testing

@Suite struct ManualTimeSourceTests {
    @Test func movesOnlyWhenAdvanced() {
        let clock = ManualTimeSource(start: 2)
        #expect(clock.now() == 2)
        clock.advance(by: 0.25)
        clock.advance(by: 1.0 / 60)
        #expect(abs(clock.now() - (2.25 + 1.0 / 60)) < 1e-12)
    }
}

@Suite struct SeededRandomTests {
    @Test func sameSeedSameSequenceDifferentSeedDifferentSequence() {
        var first = SeededRandomNumberGenerator(seed: 42)
        var second = SeededRandomNumberGenerator(seed: 42)
        var other = SeededRandomNumberGenerator(seed: 43)
        let a = (0..<64).map { _ in first.next() }
        let b = (0..<64).map { _ in second.next() }
        let c = (0..<64).map { _ in other.next() }
        #expect(a == b)
        #expect(a != c)
    }

    @Test func uniformDoublesFillTheUnitIntervalEvenly() {
        var generator = SeededRandomNumberGenerator(seed: 7)
        var buckets = [Int](repeating: 0, count: 10)
        let draws = 100_000
        for _ in 0..<draws {
            let value = Double.random(in: 0..<1, using: &generator)
            buckets[Int(value * 10)] += 1
        }
        // Each bucket expects 10 000 with sd ~95; 600 is over six sigma.
        for count in buckets { #expect(abs(count - draws / 10) < 600) }
    }

    @Test func withEverySeedGivesEachSeedItsOwnStream() {
        var firsts: [UInt64: UInt64] = [:]
        withEverySeed(1...3) { seed, generator in firsts[seed] = generator.next() }
        #expect(Set(firsts.values).count == 3)
        var again = SeededRandomNumberGenerator(seed: 2)
        #expect(firsts[2] == again.next())
    }
}
