/// The `RosterLookAhead`'s ring, held inline: for each of its four places, the commit that
/// holds it, how many inboxes it noted and their hashes.
///
/// A tuple read and written through its bytes. As three arrays, each write checked that its
/// array was not shared, 2% of a full-size fold (issue 18); `InlineArray` does the same but
/// needs the newest Apple systems, and this module is the pure core every platform builds.
struct LookAheadRing {
    /// `2 * RosterLookAhead.distance`, which `RosterLookAheadTests` checks.
    static let places = 4
    static let hashesPerPlace = 4

    /// Four owners, four counts, then four hashes for each place.
    private var words: (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    ) = (
        .max, .max, .max, .max, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0
    )

    // The readers are mutating, though they change nothing, so that the words are read where
    // they lie: `withUnsafeBytes(of:)` on a value copies the whole tuple first.

    /// The position of the commit holding `place`; nil before any has.
    mutating func owner(_ place: Int) -> Int? {
        let word = word(place)
        return word == .max ? nil : Int(truncatingIfNeeded: word)
    }

    mutating func count(_ place: Int) -> Int { Int(truncatingIfNeeded: word(Self.places + place)) }

    mutating func hash(_ place: Int, _ index: Int) -> UInt64 { word(2 * Self.places + place * Self.hashesPerPlace + index) }

    /// Gives `place` to the commit at `position`, which set `count` hashes in it.
    mutating func hold(_ place: Int, for position: Int, count: Int) {
        setWord(place, UInt64(truncatingIfNeeded: position))
        setWord(Self.places + place, UInt64(truncatingIfNeeded: count))
    }

    mutating func setHash(_ place: Int, _ index: Int, _ hash: UInt64) {
        setWord(2 * Self.places + place * Self.hashesPerPlace + index, hash)
    }

    private mutating func word(_ index: Int) -> UInt64 {
        withUnsafeMutableBytes(of: &words) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
    }

    private mutating func setWord(_ index: Int, _ value: UInt64) {
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: value, toByteOffset: index * 8, as: UInt64.self) }
    }
}
