import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The keys are part of the store's format: stores written before a change of how a key is
/// built must still be found by it, byte for byte.
struct StoreKeysTests {
    @Test func anEntryKeyIsTheNumberThenTheSequenceBigEndian() {
        let key = StoreKeys.entry(0x0102_0304_0506_0708, 0x1112_1314_1516_1718).withUnsafeBytes { Array($0) }
        #expect(key == [1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18])
        #expect(StoreKeys.prefix(0x0102_0304_0506_0708) == Array(key[0..<8]))
    }

    @Test func anEntryKeyParsesBackAndSortsByNumberThenSequence() {
        let keys = [(0 as UInt64, 1 as UInt64), (0, 256), (1, 0), (256, 2)].map { number, sequence in
            StoreKeys.entry(number, sequence).withUnsafeBytes { Array($0) }
        }
        #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(keys[3].withUnsafeBytes { StoreKeys.parse($0) }.map { [$0.number, $0.sequence] } == [256, 2])
    }

    @Test func aMembershipKeyIsTheInboxAZeroByteAndTheGroup() throws {
        let key = StoreKeys.membership(try InboxID("ab"), try GroupID("g1"))
        #expect(key == Array("ab".utf8) + [0] + Array("g1".utf8))
        #expect(Array(key.prefix(3)) == StoreKeys.membershipPrefix(try InboxID("ab")))
    }
}
