// The generator is MorphKit's (`morph explore` draws from it too); tests that import only
// this module see it through here.
@_exported import struct MorphKit.SeededRandomNumberGenerator

/// Runs `body` once per seed, each with its own generator, so a failure names the seed.
public func withEverySeed(
    _ seeds: some Sequence<UInt64>, _ body: (UInt64, inout SeededRandomNumberGenerator) throws -> Void
) rethrows {
    for seed in seeds {
        var generator = SeededRandomNumberGenerator(seed: seed)
        try body(seed, &generator)
    }
}
