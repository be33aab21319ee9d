@testable import GroupCodec
@testable import GroupCore
import GroupTestSupport
import Testing

/// The snapshot encoding (issue 18): a state's roster as flat arrays between the canonical
/// head and tail. It reads back to the same state, with the same canonical bytes and hash; its
/// bytes are pinned; and bytes that no state flattens to are refused, never loaded.
struct SnapshotCodecTests {
    /// alix's group with bo, who holds a key, and caro, who was removed; alix is an admin's adder.
    static func sample() throws -> GroupState {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], keys: [.bo: [.filled(7)]]), builder: LogBuilder())
        try #require(group.commit(.alix, .addAdmin(.bo)) == .applied)
        try #require(group.commit(.alix, .removeMembers(inboxes: [.caro], withMessages: false)) == .applied)
        return try #require(group.state)
    }

    func decoded(_ bytes: [UInt8]) throws -> GroupState {
        try bytes.withUnsafeBytes { try SnapshotCodec.decode($0) }
    }

    /// Why `bytes` do not decode; nil when they do.
    func problem(_ bytes: [UInt8]) -> String? {
        do {
            _ = try decoded(bytes)
            return nil
        } catch {
            return (error as? BinaryDecodingError)?.description ?? "\(error)"
        }
    }

    @Test func aSnapshotReadsBackToTheSameStateAndHash() throws {
        let state = try Self.sample()
        let loaded = try decoded(SnapshotCodec.encode(state))
        #expect(loaded == state)
        #expect(StateCodec.encode(loaded) == StateCodec.encode(state))
        #expect(loaded.member(.bo)?.keys == [.filled(7)] && loaded.member(recording: .filled(7)) == .bo)
        #expect(loaded.listAdmins() == [.bo] && loaded.memberCount == 2 && loaded.formerMembers.map(\.inbox) == [.caro])
        #expect(SnapshotCodec.encode(loaded) == SnapshotCodec.encode(state))
    }

    /// The format's bytes, pinned: a change to them is a new snapshot version.
    @Test func theSnapshotBytesArePinned() throws {
        let state = try Self.sample()
        var head = BinaryWriter()
        StateCodec.writeHead(of: state, version: StateCodec.version(of: state), into: &head)
        var tail = BinaryWriter()
        StateCodec.writeTail(of: state, into: &tail)
        let bytes = SnapshotCodec.encode(state)
        #expect(Array(bytes.prefix(head.bytes.count)) == head.bytes)
        #expect(Array(bytes.suffix(tail.bytes.count)) == tail.bytes)
        let roster = Array(bytes.dropFirst(head.bytes.count).dropLast(tail.bytes.count))
        let alix = Array(InboxID.alix.rawValue.utf8), bo = Array(InboxID.bo.rawValue.utf8), caro = Array(InboxID.caro.rawValue.utf8)
        let expected: [UInt8] = [3, UInt8(alix.count), UInt8(bo.count), UInt8(caro.count)] + alix + bo + caro + [3]
            // alix: inbox 0, added by itself, ordinal 0, joined at 1000, super admin, active, joinedAt flag.
            + [0, 0, 0, 0] + [0, 0, 0, 0] + le(0) + le(1_000) + le(0) + le(0) + [4, 0, 1, 0]
            // bo: inbox 1, added by 0, ordinal 1, admin, active, joinedAt and keys flags.
            + [1, 0, 0, 0] + [0, 0, 0, 0] + le(1) + le(1_000) + le(0) + le(0) + [3, 0, 17, 0]
            // caro: inbox 2, added by 0, ordinal 2, member, removed at 3000.
            + [2, 0, 0, 0] + [0, 0, 0, 0] + le(2) + le(1_000) + le(0) + le(3_000) + [1, 5, 1, 0]
            // bo's one key.
            + [1] + [1, 0, 0, 0] + [1] + PublicKey.filled(7).bytes
        #expect(roster == expected)
    }

    func le(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }

    /// A large roster with every kind of record, after churn that left ghosts behind.
    @Test func aChurnedRosterReadsBackWhole() throws {
        let everyone = (0..<300).map { InboxID.named("member-\($0)-" + String(repeating: "x", count: $0 % 70)) }
        var group = TestGroup(.alix, CreateConversation(members: Array(everyone.prefix(200)), memberLimit: 1_000))
        for round in 0..<3 {
            let leaving = Array(everyone.prefix(200).dropFirst(round * 10).prefix(150))
            try #require(group.commit(.alix, .removeMembers(inboxes: leaving, withMessages: false)) == .applied)
            try #require(group.commit(.alix, .addMembers(inboxes: leaving.reversed() + everyone[(200 + round * 30)..<(230 + round * 30)], identities: [])) == .applied)
            try #require(group.commit(.alix, .mute(inboxes: [leaving[round]], until: 10_000_000)) == .applied)
        }
        let state = try #require(group.state)
        let loaded = try decoded(SnapshotCodec.encode(state))
        #expect(loaded == state)
        #expect(StateCodec.hash(loaded) == StateCodec.hash(state))
        #expect(loaded.allMembers.map(\.inbox) == state.allMembers.map(\.inbox))
    }

    /// The records load a chunk of 4,096 at a time, straight from the snapshot's bytes: a roster
    /// that spans several chunks reads back whole, and a record byte no record holds in a later
    /// chunk is reported at that record.
    @Test func aRosterOfSeveralChunksReadsBackAndABadRecordIsFoundWhereItIs() throws {
        let everyone = (0..<9_000).map { InboxID.named("m\($0)") }
        var group = TestGroup(.alix, CreateConversation(members: Array(everyone.prefix(5_000)), memberLimit: 20_000))
        try #require(group.commit(.alix, .addMembers(inboxes: Array(everyone.suffix(4_000)), identities: [])) == .applied)
        try #require(group.commit(.alix, .removeMembers(inboxes: Array(everyone[4_000..<4_100]), withMessages: false)) == .applied)
        let state = try #require(group.state)
        let loaded = try decoded(SnapshotCodec.encode(state))
        #expect(loaded == state)
        #expect(StateCodec.hash(loaded) == StateCodec.hash(state))
        #expect(loaded.member(everyone[8_999])?.ordinal == state.member(everyone[8_999])?.ordinal)

        var head = BinaryWriter()
        StateCodec.writeHead(of: state, version: StateCodec.version(of: state), into: &head)
        let flat = state.flatRoster
        var idCount = BinaryWriter(), recordCount = BinaryWriter()
        idCount.writeCount(flat.lengths.count)
        recordCount.writeCount(flat.records.count)
        let recordsStart = head.bytes.count + idCount.bytes.count + flat.lengths.count + flat.arena.count + recordCount.bytes.count
        var bytes = SnapshotCodec.encode(state)
        bytes[recordsStart + 8_500 * 44 + 41] = 0xEE
        #expect(problem(bytes)?.contains("snapshot member record 8500 at byte \(recordsStart + 8_500 * 44)") == true, "\(problem(bytes) ?? "read")")
    }

    @Test func everyPrefixOfASnapshotIsRefused() throws {
        let bytes = SnapshotCodec.encode(try Self.sample())
        for count in 0..<bytes.count { #expect(problem(Array(bytes.prefix(count))) != nil, "\(count) bytes") }
    }

    /// A roster no state flattens to, refused with what is wrong.
    enum Damage: String, CaseIterable, Sendable {
        case sameIDTwice, emptyID, spaceInAnID, byteAfterTilde, unknownInboxNumber, oneInboxTwice, ordinalsOutOfOrder
        case unknownFlag, keysForAnUnflaggedRecord, flaggedRecordWithoutKeys, emptyKeyList, oneKeyForTwoMembers
        case ordinalPastTheNextOne, largestOrdinal, noSuperAdmin, noRecords

        func apply(to flat: inout FlatRoster) {
            switch self {
            case .sameIDTwice:
                flat.arena += Array(InboxID.alix.rawValue.utf8)
                flat.lengths.append(UInt8(InboxID.alix.rawValue.utf8.count))
            case .emptyID: flat.lengths.append(0)
            case .spaceInAnID: flat.arena[1] = 0x20
            case .byteAfterTilde: flat.arena[flat.arena.count - 1] = 0x7F
            case .unknownInboxNumber: flat.records[1].adder = 9
            case .oneInboxTwice: flat.records[2].inbox = 1
            case .ordinalsOutOfOrder: flat.records.swapAt(1, 2)
            case .unknownFlag: flat.records[2].flags.insert(PackedRecord.Flags(rawValue: 64))
            case .keysForAnUnflaggedRecord: flat.records[1].flags.remove(.hasKeys)
            case .flaggedRecordWithoutKeys: flat.keys = []
            case .emptyKeyList: flat.keys = [.init(inbox: 1, keys: [])]
            case .oneKeyForTwoMembers:
                flat.records[0].flags.insert(.hasKeys)
                flat.keys.insert(.init(inbox: 0, keys: [.filled(7)]), at: 0)
            case .ordinalPastTheNextOne: flat.records[2].ordinal = 50
            // Found by the incremental snapshot's tests (2026-12-02): the next ordinal after it
            // overflowed, a trap, before any check could refuse it.
            case .largestOrdinal: flat.records[2].ordinal = .max
            case .noSuperAdmin: flat.records[0].role = .admin
            case .noRecords:
                flat.records = []
                flat.keys = []
            }
        }

        var reason: String {
            switch self {
            case .sameIDTwice, .oneInboxTwice: "appears twice"
            case .emptyID: "not 1 to 128"
            case .spaceInAnID: "not printable ASCII at byte 1"
            case .byteAfterTilde: "not printable ASCII"
            case .unknownInboxNumber: "inbox number 9 of 3"
            case .ordinalsOutOfOrder: "strictly increasing ordinal order"
            case .unknownFlag: "unknown flags"
            case .keysForAnUnflaggedRecord: "do not follow the records"
            case .flaggedRecordWithoutKeys: "has none in the snapshot"
            case .emptyKeyList: "empty key list"
            case .oneKeyForTwoMembers: "recorded for both"
            case .ordinalPastTheNextOne: "not below the next ordinal"
            case .largestOrdinal: "no next ordinal is above"
            case .noSuperAdmin, .noRecords: "at least one super admin"
            }
        }
    }

    @Test(arguments: Damage.allCases)
    func aRosterNoStateHoldsIsRefused(_ damage: Damage) throws {
        let state = try Self.sample()
        var flat = state.flatRoster
        damage.apply(to: &flat)
        let found = problem(SnapshotCodec.encode(state, roster: flat))
        #expect(found?.contains(damage.reason) == true, "\(damage): \(found ?? "read")")
    }

    @Test(arguments: [(40, "role"), (41, "state"), (43, "padding")])
    func aRecordByteNoRecordHoldsIsRefused(_ position: Int, _ what: String) throws {
        let state = try Self.sample()
        var head = BinaryWriter()
        StateCodec.writeHead(of: state, version: StateCodec.version(of: state), into: &head)
        let flat = state.flatRoster
        // The head, the ID count, the lengths, the IDs, the record count: then the first record.
        let recordsStart = head.bytes.count + 1 + flat.lengths.count + flat.arena.count + 1
        var bytes = SnapshotCodec.encode(state)
        bytes[recordsStart + position] = 0xEE
        #expect(problem(bytes)?.contains("snapshot member record 0") == true, "\(what)")
    }

    /// The eight-bytes-at-a-time check of an ID arena finds the first bad byte a byte-by-byte
    /// scan finds, wherever it is.
    @Test func theWordAtATimeIdentifierCheckAgreesWithAByteScan() {
        var random = SeededGenerator(seed: 18)
        for _ in 0..<2_000 {
            var bytes = (0..<Int(random.next() % 40)).map { _ in UInt8(0x21 + random.next() % 94) }
            if !bytes.isEmpty && random.next() % 2 == 0 {
                bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
            }
            let expected = bytes.firstIndex { $0 <= 0x20 || $0 >= 0x7F }
            #expect(bytes.withUnsafeBytes { FlatRosterSource.firstNonIdentifierByte(in: $0) } == expected, "\(bytes)")
        }
    }
}
