/// The generator's source of randomness: SplitMix64, spelled out here with its own range draws,
/// so that a seed gives the same log on every machine and every Swift release (the standard
/// library's `random(in:using:)` may change how it maps a word to a range; this never does).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`: the high word of a 128-bit product, whose bias (at most
    /// bound / 2^64) no log of this size can show. A bound of 0 or less (an empty range) draws 0;
    /// a word is drawn either way, so that the sequence after it does not depend on the bound.
    public mutating func below(_ bound: Int) -> Int {
        let word = next()
        guard bound > 0 else { return 0 }
        return Int(UInt64(bound).multipliedFullWidth(by: word).high)
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}
