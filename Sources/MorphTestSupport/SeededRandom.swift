/// A deterministic generator (SplitMix64) so property tests replay from a printed seed.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Runs `body` once per seed, each with its own generator, so a failure names the seed.
public func withEverySeed(
    _ seeds: some Sequence<UInt64>, _ body: (UInt64, inout SeededRandomNumberGenerator) throws -> Void
) rethrows {
    for seed in seeds {
        var generator = SeededRandomNumberGenerator(seed: seed)
        try body(seed, &generator)
    }
}
