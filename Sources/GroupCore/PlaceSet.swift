/// A set of places in a roster's entries as one bit each: how a roster keeps its admin lists
/// (issue 18).
///
/// As a `Set<UInt64>` of ordinals, each admin was hashed on every insert, lookup and removal,
/// and loading a snapshot rebuilt the sets by hashing every admin's ordinal again (a twentieth
/// of a state read's decode in the mixed benchmark group, whose admins number in the
/// thousands). Here an insert or a lookup is a shift and a mask, and a load sets bits in order.
///
/// Places, not ordinals: the entries are at most about twice the records (ghosts are compacted
/// away), so the set takes at most two bits a record, where ordinals, which a restored state
/// may take from anywhere below `UInt64.max`, bound nothing. The words reach only as far as
/// the highest place inserted. Places rise with ordinals, so walking the bits gives join order.
struct PlaceSet: Sendable {
    private var words: [UInt64] = []
    /// How many places the set holds.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    init() {}

    /// The set whose bits are `words`: place `p` is bit `p & 63` of word `p >> 6`. How a load
    /// builds one, setting bits in room of its own rather than through the array's uniqueness
    /// check at each insert.
    init(words: UnsafeBufferPointer<UInt64>) {
        let used = (words.lastIndex { $0 != 0 } ?? -1) + 1
        self.words = Array(words[0..<used])
        count = self.words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    func contains(_ place: Int) -> Bool {
        let word = place >> 6
        return word < words.count && words[word] & Self.bit(place) != 0
    }

    mutating func insert(_ place: Int) {
        let word = place >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        guard words[word] & Self.bit(place) == 0 else { return }
        words[word] |= Self.bit(place)
        count += 1
    }

    mutating func remove(_ place: Int) {
        let word = place >> 6
        guard word < words.count, words[word] & Self.bit(place) != 0 else { return }
        words[word] &= ~Self.bit(place)
        count -= 1
    }

    /// Every place in the set, in increasing order.
    var sorted: [Int] {
        var places: [Int] = []
        places.reserveCapacity(count)
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                places.append(index << 6 | rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        return places
    }

    private static func bit(_ place: Int) -> UInt64 { 1 << UInt64(place & 63) }
}
