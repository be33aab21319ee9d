import GroupGenerator

/// A repeatable random number generator (SplitMix64, the generator's own: `grouplog generate`
/// and the tests draw from one algorithm): the same seed gives the same sequence on every run
/// and machine, so a failing property test can be replayed from its printed seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var source: SplitMix64

    public init(seed: UInt64) {
        self.seed = seed
        source = SplitMix64(seed: seed)
    }

    public mutating func next() -> UInt64 { source.next() }
}
