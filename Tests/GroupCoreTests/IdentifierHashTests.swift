@testable import GroupCore
import Testing

/// The hash tables' hash of inbox IDs (issue 18): every byte of an ID counts, the table's seed
/// keys it, and tables keyed by inbox behave as before.
struct IdentifierHashTests {
    static let lengths = Array(1...40) + [63, 64, 65, 127, 128]

    /// Two IDs of the same length that differ in one byte never collide: each 8-byte word and
    /// the 1 to 7 bytes after the last one reach the state through a bijection.
    @Test(arguments: lengths)
    func everyByteOfAnIDChangesItsHash(_ length: Int) {
        let base = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8.prefix(length))
            + Array(repeating: UInt8(ascii: "x"), count: max(0, length - 62))
        let seed = 0x5EED
        let hash = IdentifierHash.hash(String(decoding: base, as: UTF8.self), seed: seed)
        for position in base.indices {
            var changed = base
            changed[position] = changed[position] == UInt8(ascii: "~") ? UInt8(ascii: "!") : changed[position] + 1
            #expect(IdentifierHash.hash(String(decoding: changed, as: UTF8.self), seed: seed) != hash,
                    "byte \(position) of a \(length)-byte ID does not change its hash")
        }
    }

    @Test func lengthCounts() {
        var seen = Set<Int>()
        for length in 1...128 { seen.insert(IdentifierHash.hash(String(repeating: "a", count: length), seed: 7)) }
        #expect(seen.count == 128)
    }

    /// The seed is the table's, random per process: the same ID hashes differently under
    /// different seeds, so a set of IDs that collide under one seed does not under another.
    @Test func theSeedKeysTheHash() {
        let ids = ["m1", "alix", String(repeating: "0123456789abcdef", count: 4)]
        for id in ids {
            let hashes = Set((0..<64).map { IdentifierHash.hash(id, seed: $0 &* 0x9E37_79B9) })
            #expect(hashes.count == 64, "\(id)")
        }
    }

    /// Small strings (up to 15 bytes, kept inside the String) and heap strings of the same
    /// bytes hash alike, and dictionaries keyed by inbox find each key they hold.
    @Test func tablesKeyedByInboxFindEveryKey() {
        let short = InboxID(unchecked: "m12345")
        let heap = InboxID(unchecked: String("m12345x".dropLast()))
        #expect(short == heap && short._rawHashValue(seed: 3) == heap._rawHashValue(seed: 3))

        let inboxes = (0..<50_000).map { InboxID(unchecked: $0 % 2 == 0 ? "m\($0)" : String(repeating: "f", count: 24) + "\($0)") }
        var places: [InboxID: Int] = [:]
        for (place, inbox) in inboxes.enumerated() { places[inbox] = place }
        #expect(places.count == inboxes.count)
        #expect(inboxes.enumerated().allSatisfy { places[$0.element] == $0.offset })
        #expect(places[InboxID(unchecked: "m1")] == nil)
        #expect(Set(inboxes + inboxes.prefix(100)).count == inboxes.count)
    }
}
