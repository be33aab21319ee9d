import GroupCodec
import GroupCore
import GroupTestSupport
import Testing

/// A record whose counts claim more items than its bytes can hold is refused before anything is
/// allocated for them (README "Limits on input").
struct HugeCountTests {
    /// Commit 0's encoding with its change count replaced by `count`, the one change kept.
    private func commit(claimingChanges count: UInt64) -> [UInt8] {
        let empty = CommitCodec.encode(Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: []))
        let one = CommitCodec.encode(Commit(groupID: .test, sequence: 0, actor: .alix, time: 0, changes: [.updateName("x")]))
        // An unsigned commit ends with its changes: the empty one with a count of 0.
        #expect(empty.last == 0)
        var writer = BinaryWriter()
        writer.writeVarint(count)
        return Array(empty.dropLast()) + writer.bytes + one[empty.count...]
    }

    @Test func aCommitClaimingABillionChangesIsRefused() throws {
        let bytes = commit(claimingChanges: 1_000_000_000)
        let error = try #require(throws: BinaryDecodingError.self) { try CommitCodec.decode(bytes) }
        #expect(error.reading == "commit changes")
        #expect(error.reason == .lengthExceedsInput(length: 1_000_000_000, remaining: bytes.count - error.offset - 5))
        #expect(error.description == "commit changes at byte 20: a length of 1000000000 exceeds the 3 bytes left")
    }

    @Test func aCommitClaimingTheMostChangesAVarintHoldsIsRefused() throws {
        let error = try #require(throws: BinaryDecodingError.self) { try CommitCodec.decode(commit(claimingChanges: .max)) }
        #expect(error.reading == "commit changes")
    }

    @Test func theSameCommitClaimingItsOneChangeDecodes() throws {
        #expect(try CommitCodec.decode(commit(claimingChanges: 1)).changes == [.updateName("x")])
    }
}
