@testable import GroupCodec
@testable import GroupCore
import GroupTestSupport
import Testing

/// Incremental snapshots (issue 18): a state marked as stored, folded on, says what changed in a
/// delta, and that delta applied to the stored state (as its snapshot decodes, or itself) gives
/// the folded state, equal and with the same hash. Its bytes are pinned; bytes that are no delta,
/// or a delta that does not fit the state it is applied to, are refused; a state that changed
/// too much since its mark has no delta.
struct StateDeltaCodecTests {
    // MARK: Helpers

    /// The state after each commit of `log`; nil while no group exists.
    static func states(of log: [Commit]) -> [GroupState?] {
        var replica = Replica()
        return log.map { commit in
            replica.fold(commit, recordingEvents: false)
            return replica.state
        }
    }

    /// The state as a store reads it back: through its snapshot bytes.
    static func snapshotted(_ state: GroupState) throws -> GroupState {
        try SnapshotCodec.encode(state).withUnsafeBytes { try SnapshotCodec.decode($0) }
    }

    /// A delta taken as a store takes one: a replica resumes from `stored`, the state after
    /// commit `sequence`, is marked there and folds `commits`.
    /// - Returns: the delta's bytes, the folded state and the delta it names.
    static func take(
        _ stored: GroupState, at sequence: Int, folding commits: some Sequence<Commit>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (bytes: [UInt8], state: GroupState, delta: StateDelta) {
        var replica = Replica(resuming: stored)
        replica.markStored(at: UInt64(sequence))
        for commit in commits { replica.fold(commit, recordingEvents: false) }
        let state = try #require(replica.state, sourceLocation: sourceLocation)
        let encoded = try #require(StateDeltaCodec.encode(changesOf: state), sourceLocation: sourceLocation)
        let delta = try #require(state.delta, sourceLocation: sourceLocation)
        #expect(encoded.base == UInt64(sequence) && delta.base == UInt64(sequence), sourceLocation: sourceLocation)
        return (encoded.bytes, state, delta.delta)
    }

    /// `base` with the delta `bytes` applied.
    static func applying(_ bytes: [UInt8], to base: GroupState) throws -> GroupState {
        var state = base
        try bytes.withUnsafeBytes { try StateDeltaCodec.apply($0, to: &state) }
        return state
    }

    /// Why the delta `bytes` do not apply to `base`; nil when they do.
    static func refusal(_ bytes: [UInt8], to base: GroupState) -> BinaryDecodingError? {
        do {
            _ = try applying(bytes, to: base)
            return nil
        } catch let error as BinaryDecodingError {
            return error
        } catch {
            Issue.record("applying a delta threw \(error), not a BinaryDecodingError")
            return nil
        }
    }

    /// Why `delta` does not fit `base`; nil when it does.
    static func inconsistency(applying delta: StateDelta, to base: GroupState) -> String? {
        var state = base
        do throws(InconsistentState) {
            try state.apply(delta)
            return nil
        } catch {
            return error.reason
        }
    }

    /// Expects `applied` to be `expected`: equal, with the same hash, and with the same indexes
    /// beside the records, which equality does not compare (the join order, the counts, the
    /// admin lists, the owners of the keys).
    static func expectSame(_ applied: GroupState, _ expected: GroupState, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(applied == expected, "\(what)", sourceLocation: sourceLocation)
        #expect(StateCodec.hash(applied) == StateCodec.hash(expected), "\(what): the hash", sourceLocation: sourceLocation)
        #expect(applied.allMembers.map(\.inbox) == expected.allMembers.map(\.inbox), "\(what): the join order", sourceLocation: sourceLocation)
        #expect(applied.memberCount == expected.memberCount && applied.nextOrdinal == expected.nextOrdinal, "\(what): the counts", sourceLocation: sourceLocation)
        #expect(applied.listAdmins() == expected.listAdmins() && applied.listSuperAdmins() == expected.listSuperAdmins(),
                "\(what): the admins", sourceLocation: sourceLocation)
        let keys = expected.records.flatMap(\.keys)
        #expect(keys.map { applied.member(recording: $0) } == keys.map { expected.member(recording: $0) }, "\(what): the key owners",
                sourceLocation: sourceLocation)
    }

    /// The kinds of random log the round trips run over.
    enum LogKind: String, CaseIterable, Sendable {
        case plain, lifecycle, signing, lifecycleAndSigning

        func log(seed: UInt64, count: Int) -> [Commit] {
            var settings = RandomLog(seed: seed, inboxCount: 14)
            settings.maxChangesPerCommit = 5
            settings.lifecycle = self == .lifecycle || self == .lifecycleAndSigning
            settings.signing = self == .signing || self == .lifecycleAndSigning
            return settings.commits(count: count)
        }
    }

    // MARK: Round trips

    /// At cut points k <= m of random logs: the delta of the state at m against the state at k,
    /// applied to the state at k as its snapshot reads back and to that state itself, gives the
    /// state at m. m == k is the delta of nothing.
    @Test(arguments: LogKind.allCases)
    func aDeltaTakesTheStoredStateToTheFoldedOne(_ kind: LogKind) throws {
        var checked = 0
        for seed: UInt64 in 1...6 {
            let log = kind.log(seed: seed, count: 240)
            let states = Self.states(of: log)
            for k in [0, 1, 7, 40, 99, 160, 230] {
                guard let stored = states[k] else { continue }
                let decoded = try Self.snapshotted(stored)
                for m in Set([k, k + 1, k + 9, k + 60, log.count - 1]).sorted() where m < log.count {
                    let expected = try #require(states[m])
                    let taken = try Self.take(stored, at: k, folding: log[(k + 1)..<(m + 1)])
                    let what = "\(kind) seed \(seed), \(k) to \(m)"
                    // A store marks the state its snapshot reads back as: the same delta.
                    #expect(try Self.take(decoded, at: k, folding: log[(k + 1)..<(m + 1)]).bytes == taken.bytes, "\(what): marked after decoding")
                    #expect(taken.state == expected, "\(what): the marked replica folds as an unmarked one")
                    Self.expectSame(try Self.applying(taken.bytes, to: decoded), expected, what)
                    Self.expectSame(try Self.applying(taken.bytes, to: stored), expected, "\(what), applied to the stored state itself")
                    if m == k { #expect(taken.delta.records.isEmpty && taken.delta.patches.isEmpty, "\(what)") }
                    checked += 1
                }
            }
        }
        #expect(checked >= 100, "only \(checked) cut points had a group")
    }

    /// Deltas chain: each is taken against the state the one before it stored (the replica is
    /// marked again once a delta is saved), and they apply in turn.
    @Test(arguments: LogKind.allCases)
    func deltasChainFromOneStoredStateToTheNext(_ kind: LogKind) throws {
        for seed: UInt64 in 11...14 {
            let log = kind.log(seed: seed, count: 240)
            let states = Self.states(of: log)
            let cuts = [3, 30, 31, 31, 90, 150, 239]
            guard var stored = states[cuts[0]] else { continue }
            var replica = Replica(resuming: stored)
            replica.markStored(at: UInt64(cuts[0]))
            stored = try Self.snapshotted(stored)
            for (from, to) in zip(cuts, cuts.dropFirst()) {
                for commit in log[(from + 1)..<(to + 1)] { replica.fold(commit, recordingEvents: false) }
                let state = try #require(replica.state)
                let (base, bytes) = try #require(StateDeltaCodec.encode(changesOf: state))
                #expect(base == UInt64(from))
                replica.markStored(at: UInt64(to))
                stored = try Self.applying(bytes, to: stored)
                Self.expectSame(stored, try #require(states[to]), "\(kind) seed \(seed), \(from) to \(to)")
            }
        }
    }

    /// A random log that deletes its group: the delta across the deletion carries it, and the
    /// delta of commits after it (all rejected as groupDeleted) is one of nothing.
    @Test func aDeltaCarriesTheGroupsDeletion() throws {
        let log = LogKind.lifecycle.log(seed: Self.deletingSeed, count: 240)
        let states = Self.states(of: log)
        let deletion = try #require(states.firstIndex { $0?.isDeleted == true }, "seed \(Self.deletingSeed) no longer deletes its group")
        let before = try #require(states[deletion - 1])
        let taken = try Self.take(before, at: deletion - 1, folding: log[deletion...])
        #expect(taken.state.isDeleted)
        Self.expectSame(try Self.applying(taken.bytes, to: try Self.snapshotted(before)), try #require(states.last!), "across the deletion")

        let deleted = try #require(states[deletion])
        let after = try Self.take(deleted, at: deletion, folding: log[(deletion + 1)...])
        #expect(after.delta.records.isEmpty && after.delta.patches.isEmpty)
        Self.expectSame(try Self.applying(after.bytes, to: try Self.snapshotted(deleted)), deleted, "after the deletion")
    }

    /// A lifecycle log whose group is deleted, at commit 185 (a random log deletes only after
    /// commit 150, and rarely).
    static let deletingSeed: UInt64 = 21

    // MARK: Field patches

    static let ledger = FieldDescriptor(
        id: ComponentID(0xC101), name: "LEDGER", type: .map(key: .string, value: .string), insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let topic = FieldDescriptor(
        id: ComponentID(0xC102), name: "TOPIC", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let motto = FieldDescriptor(
        id: ComponentID(0xC103), name: "MOTTO", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
    static let tags = FieldDescriptor(
        id: ComponentID(0xC104), name: "TAGS", type: .set(key: .string), insert: .allowAll, update: .allowAll, delete: .allowAll)

    static func write(_ field: FieldDescriptor, _ mutation: FieldMutation) -> Change {
        .updateMetadataField(field: .id(field.id), mutation: mutation)
    }

    static func displayName(_ name: String?) -> Change {
        .updateUserData([UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: name.map(FieldValue.string))])
    }

    static func entryKey(_ index: Int) -> FieldValue {
        .string("entry-" + String(repeating: "0", count: 4 - String(index).count) + String(index))
    }

    /// alix's group with bo and caro, whose ledger holds a thousand entries, whose topic, motto
    /// and tags are set and whose members all have display names.
    static func fieldGroup() throws -> TestGroup {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], fields: [ledger, topic, motto, tags]))
        for batch in 0..<10 {
            let inserts = (0..<100).map { write(ledger, .mapDelta(.insert, key: entryKey(batch * 100 + $0), value: .string("value \(batch * 100 + $0)"))) }
            try #require(group.commit(.alix, inserts) == .applied)
        }
        try #require(group.commit(.alix, write(topic, .replace(.string("first"))), write(motto, .replace(.string("carpe diem"))),
                                  write(tags, .setDelta(.insert, key: .string("a"))), write(tags, .setDelta(.insert, key: .string("b")))) == .applied)
        for inbox in [InboxID.alix, .bo, .caro] { try #require(group.commit(inbox, displayName("\(inbox)")) == .applied) }
        return group
    }

    /// One entry of a big map updated, one removed and one inserted, a scalar overwritten and
    /// one unset, one user's entry removed and another's rewritten: the delta holds those and
    /// nothing else, weighs a small part of a snapshot, and applies.
    @Test func aDeltaCarriesOnlyTheFieldEntriesThatChanged() throws {
        var group = try Self.fieldGroup()
        let stored = try #require(group.state)
        let storedAt = group.commits.count - 1
        try #require(group.commit(.alix, [
            Self.write(Self.ledger, .mapDelta(.update, key: Self.entryKey(500), value: .string("changed"))),
            Self.write(Self.ledger, .mapDelta(.delete, key: Self.entryKey(300), value: nil)),
            Self.write(Self.ledger, .mapDelta(.insert, key: Self.entryKey(1_000), value: .string("new"))),
            Self.write(Self.topic, .replace(.string("second"))),
            Self.write(Self.motto, .replace(nil)),
        ]) == .applied)
        try #require(group.commit(.bo, Self.displayName(nil)) == .applied)
        try #require(group.commit(.caro, Self.displayName("Caro")) == .applied)
        let taken = try Self.take(stored, at: storedAt, folding: group.commits[(storedAt + 1)...])
        let final = try #require(group.state)

        let patches = taken.delta.patches
        #expect(patches.map(\.field) == [WellKnownFields.userDisplayName, Self.ledger.id, Self.topic.id, Self.motto.id])
        #expect(taken.delta.records.isEmpty, "field writes put no member record")
        #expect(taken.delta.fields == final.registry.all)
        #expect(patches.first == FieldPatch(
            field: WellKnownFields.userDisplayName, scalar: nil, byteSize: try #require(final.fieldContents[WellKnownFields.userDisplayName]).byteSize,
            upserts: [.init(key: .string("caro"), entry: FieldEntry(value: .string("Caro"), author: .caro))], removals: [.string("bo")]))
        #expect(patches.dropFirst().first == FieldPatch(
            field: Self.ledger.id, scalar: nil, byteSize: try #require(final.fieldContents[Self.ledger.id]).byteSize,
            upserts: [.init(key: Self.entryKey(500), entry: FieldEntry(value: .string("changed"), author: .alix)),
                      .init(key: Self.entryKey(1_000), entry: FieldEntry(value: .string("new"), author: .alix))],
            removals: [Self.entryKey(300)]))
        #expect(patches.dropFirst(2).first == FieldPatch(field: Self.topic.id, scalar: .string("second"), byteSize: 0, upserts: [], removals: []))
        #expect(patches.last == FieldPatch(field: Self.motto.id, scalar: nil, byteSize: 0, upserts: [], removals: []))

        let snapshot = SnapshotCodec.encode(final)
        #expect(taken.bytes.count * 20 < snapshot.count, "a delta of \(taken.bytes.count) bytes beside a snapshot of \(snapshot.count)")

        let applied = try Self.applying(taken.bytes, to: try Self.snapshotted(stored))
        Self.expectSame(applied, final, "field patches")
        #expect(applied.mapValue(.id(Self.ledger.id), key: Self.entryKey(300)) == nil)
        #expect(applied.mapValue(.id(Self.ledger.id), key: Self.entryKey(500)) == .string("changed"))
        #expect(applied.mapValue(.id(Self.ledger.id), key: Self.entryKey(501)) == .string("value 501"))
        #expect(applied.metadataValue(.id(Self.motto.id)) == .scalar(nil))
        #expect(applied.userData(fields: [.id(WellKnownFields.userDisplayName)]) == final.userData(fields: [.id(WellKnownFields.userDisplayName)]))
    }

    /// A field registered since the mark comes with its descriptor and all its entries, one
    /// registered and never written with its descriptor alone, and a changed policy with the
    /// descriptor that holds it.
    @Test func aFieldRegisteredSinceTheMarkArrivesWithItsEntries() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], fields: [Self.ledger]))
        let stored = try #require(group.state)
        let later = FieldDescriptor(id: ComponentID(0xC201), name: "LATER", type: .map(key: .string, value: .bytes), insert: .allowAll, update: .allowAll, delete: .allowAll)
        let empty = FieldDescriptor(id: ComponentID(0xC202), name: "EMPTY", type: .string, insert: .allowAll, update: .allowAll, delete: .allowAll)
        try #require(group.commit(.alix, .registerFields([.descriptor(later), .descriptor(empty)])) == .applied)
        try #require(group.commit(.bo, Self.write(later, .mapDelta(.insert, key: .string("k1"), value: .bytes([1, 2]))),
                                  Self.write(later, .mapDelta(.insert, key: .string("k2"), value: .bytes([3])))) == .applied)
        try #require(group.commit(.alix, .updateFieldPolicy(field: .id(Self.ledger.id), operation: .update, policy: .adminOnly)) == .applied)
        let taken = try Self.take(stored, at: 0, folding: group.commits.dropFirst())
        let final = try #require(group.state)

        #expect(taken.delta.fields.map(\.id) == final.registry.all.map(\.id))
        #expect(taken.delta.fields.first { $0.id == Self.ledger.id }?.update == .adminOnly)
        #expect(taken.delta.patches.map(\.field) == [later.id], "a field registered and never written needs no patch")
        #expect(taken.delta.patches.first?.upserts.map(\.key) == [.string("k1"), .string("k2")])
        Self.expectSame(try Self.applying(taken.bytes, to: try Self.snapshotted(stored)), final, "fields registered since the mark")
    }

    // MARK: The bytes

    /// `bytes` as lowercase hex, two digits a byte.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// The bytes that lowercase `hex` spells.
    static func bytes(hex: String) -> [UInt8] {
        let digits = hex.utf8.map { $0 <= 0x39 ? $0 - 0x30 : $0 - 0x61 + 10 }
        return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    }

    /// alix's group of two (alix and bo), created at 1,000 and stored then; alix adds caro at
    /// 2,000 and names the group at 3,000.
    static func goldenLog() -> (stored: GroupState, commits: [Commit], final: GroupState?) {
        var log = LogBuilder(groupID: .named("g"))
        var replica = Replica()
        replica.fold(log.commit(.alix, .create(CreateConversation(members: [.bo])), at: 1_000))
        let stored = replica.state!
        let commits = [log.commit(.alix, .add(.caro), at: 2_000), log.commit(.alix, .updateName("Team"), at: 3_000)]
        for commit in commits { replica.fold(commit) }
        return (stored, commits, replica.state)
    }

    /// The format's bytes, pinned: a change to them is a new delta version. The roster part
    /// holds caro's record only; the fields come whole though none changed.
    @Test func theDeltaBytesArePinned() throws {
        let (stored, commits, final) = Self.goldenLog()
        let taken = try Self.take(stored, at: 0, folding: commits)
        let golden = [
            "01",                                   // delta format version 1
            // The head, as a version-4 state writes it.
            "04",                                   // state format version 4
            "0167", "00", "04616c6978", "e807",     // group "g", a group, creator "alix", created at 1,000
            "f403", "00", "00", "00", "00", "00",   // member limit 250 (zigzag), leave rule, join rule, no consent, auto admission, no signatures
            "0f" + "0000" + "0103" + "0204" + "0304" + "0400" + "0500" + "0600" + "0700"
                + "0803" + "0903" + "0a02" + "0b03" + "0c03" + "0d03" + "0e03", // 15 policy slots: slot tag, policy tag
            "045465616d", "00", "00", "00", "00",   // name "Team", no description, image URL, app data, disappearing messages
            "b817", "02", "03",                     // last applied at 3,000, sequence 2, next ordinal 3
            // The roster part: caro's record, its adder alix numbered after it.
            "02", "0404", "6361726f" + "616c6978",  // two IDs, each of 4 bytes: "caro", "alix"
            "01",                                   // one record:
            "00000000", "01000000",                 //   inbox 0 (caro), added by 1 (alix)
            "0200000000000000",                     //   ordinal 2
            "d007000000000000",                     //   joined at 2,000
            "0000000000000000", "0000000000000000", //   not muted, not departed
            "01", "00", "01", "00",                 //   member, active, joinedAt flag, padding
            "00",                                   // no keys
            // Every registered field: the six well-known ones of a group.
            "06",
            "808202" + "0111555345525f444953504c41595f4e414d45" + "0400" + "0505" + "090205" + "06",
                                                    // 0x8100 USER_DISPLAY_NAME: inboxMap of string; selfOnly, selfOnly, any(selfOnly, formerMember)
            "818202" + "010b47524f55505f494d414745" + "01" + "000000",          // 0x8101 GROUP_IMAGE: bytes; allowAll x3
            "828202" + "010c414e4e4f554e43454d454e54" + "00" + "030303",       // 0x8102 ANNOUNCEMENT: string; adminOnly x3
            "838202" + "010f57454c434f4d455f4d455353414745" + "00" + "030303", // 0x8103 WELCOME_MESSAGE: string; adminOnly x3
            "848202" + "011147524f55505f505245464552454e434553" + "030000" + "030303",
                                                    // 0x8104 GROUP_PREFERENCES: map of string to string; adminOnly x3
            "858202" + "010c5348415245445f46494c4553" + "030001" + "00" + "07" + "09020703",
                                                    // 0x8105 SHARED_FILES: map of string to bytes; allowAll, author, any(author, adminOnly)
            "00",                                   // no field patches
            "00", "00", "00", "00",                 // the lifecycle: no bans added or removed, no links set or deleted,
            "00", "00", "00", "00",                 // no mute-all, no allow-list entries added or removed, not deleted
        ].joined()
        #expect(Self.hex(taken.bytes) == golden)
        // The literal's bytes, not only the encoder's, apply.
        Self.expectSame(try Self.applying(Self.bytes(hex: golden), to: try Self.snapshotted(stored)), try #require(final), "the pinned delta")
    }

    /// The patches part, pinned: a removal, an upsert with its value and author, a scalar.
    @Test func thePatchBytesArePinned() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], fields: [Self.ledger, Self.topic]), builder: LogBuilder(groupID: .named("g")))
        try #require(group.commit(.alix, Self.write(Self.ledger, .mapDelta(.insert, key: .string("old"), value: .string("x")))) == .applied)
        let stored = try #require(group.state)
        try #require(group.commit(.bo, Self.write(Self.ledger, .mapDelta(.delete, key: .string("old"), value: nil)),
                                  Self.write(Self.ledger, .mapDelta(.insert, key: .string("k"), value: .string("v"))),
                                  Self.write(Self.topic, .replace(.string("t")))) == .applied)
        let taken = try Self.take(stored, at: 1, folding: group.commits.dropFirst(2))
        // What comes before the patches and after them, as the parts shared with a state write it.
        var before = BinaryWriter()
        before.writeByte(StateDeltaCodec.version)
        StateCodec.writeHead(of: taken.state, version: StateCodec.version, into: &before)
        SnapshotCodec.writeRoster(GroupState.flatRoster(of: taken.delta.records), into: &before)
        before.writeList(taken.delta.fields) { $0.writeFieldDescriptor($1) }
        // The lifecycle unchanged: four empty lists, mute-all off, two empty lists, not deleted.
        let lifecycle = [UInt8](repeating: 0, count: 8)
        #expect(Array(taken.bytes.prefix(before.bytes.count)) == before.bytes)
        #expect(Array(taken.bytes.suffix(lifecycle.count)) == lifecycle)
        let patches = Array(taken.bytes.dropFirst(before.bytes.count).dropLast(lifecycle.count))
        #expect(patches == [
            2,                              // two patches
            0x81, 0x82, 0x03,               // field 0xC101 (LEDGER)
            0,                              //   no scalar
            10,                             //   byte size: "k" + "v" + 8
            1,                              //   one entry written:
            0, 1, 0x6B,                     //     key: text "k"
            1, 0, 1, 0x76,                  //     value: text "v"
            2, 0x62, 0x6F,                  //     author "bo"
            1,                              //   one key removed:
            0, 3, 0x6F, 0x6C, 0x64,         //     text "old"
            0x82, 0x82, 0x03,               // field 0xC102 (TOPIC)
            1, 0, 1, 0x74,                  //   scalar: text "t"
            0, 0, 0,                        //   byte size 0, no entries written, none removed
        ])
        Self.expectSame(try Self.applying(taken.bytes, to: try Self.snapshotted(stored)), try #require(group.state), "the pinned patches")
    }

    /// The bans, links and allow list come as what changed: a link made and one deleted, a ban
    /// lifted and one added, an inbox allowed; the links and bans left alone are not written.
    @Test func aDeltaCarriesOnlyTheLifecycleEntriesThatChanged() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo]), builder: LogBuilder(groupID: .named("g")))
        try #require(group.commit(.alix, .createLink("a", role: .member), .createLink("b", role: .member), .createLink("c", role: .member)) == .applied)
        try #require(group.commit(.alix, .ban([.caro]), .ban([.davon])) == .applied)
        let stored = try #require(group.state)
        try #require(group.commit(.alix, .deleteLink("b"), .createLink("d", role: .moderator), .unban([.davon]), .ban([.eri])) == .applied)
        try #require(group.commit(.alix, .allowListAdd([.bo])) == .applied)
        let taken = try Self.take(stored, at: 2, folding: group.commits.dropFirst(3))
        #expect(taken.delta.links == LinkPatch(set: [LinkPatch.Link(id: "d", role: .moderator)], removed: ["b"]))
        #expect(taken.delta.bans == InboxSetPatch(added: [.eri], removed: [.davon]))
        #expect(taken.delta.allowList == InboxSetPatch(added: [.bo]))
        Self.expectSame(try Self.applying(taken.bytes, to: try Self.snapshotted(stored)), try #require(group.state), "the lifecycle delta")
        // Applied twice, the link deleted and the ban lifted are no longer there to remove.
        var twice = try Self.applying(taken.bytes, to: try Self.snapshotted(stored))
        #expect(throws: BinaryDecodingError.self) { try taken.bytes.withUnsafeBytes { try StateDeltaCodec.apply($0, to: &twice) } }
    }

    // MARK: Refusals

    /// alix's group of bo and caro with a ledger of three entries, stored after commit 1; then
    /// alix adds davon, removes an entry and names the group.
    static func sample() throws -> (stored: GroupState, bytes: [UInt8], delta: StateDelta, final: GroupState, group: TestGroup) {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], fields: [ledger]))
        try #require(group.commit(.alix, (0..<3).map { write(ledger, .mapDelta(.insert, key: entryKey($0), value: .string("v"))) }) == .applied)
        let stored = try #require(group.state)
        try #require(group.commit(.alix, .add(.davon), write(ledger, .mapDelta(.delete, key: entryKey(1), value: nil)), .updateName("Team")) == .applied)
        let taken = try take(stored, at: 1, folding: group.commits.dropFirst(2))
        return (try snapshotted(stored), taken.bytes, taken.delta, taken.state, group)
    }

    /// A delta's head is always in the newest state version: an older head reads without
    /// whether the group requires signatures, which would quietly turn the requirement off.
    @Test func aDeltaWhoseHeadIsOfAnOlderStateVersionIsRefused() throws {
        let sample = try Self.sample()
        var newest = BinaryWriter(), older = BinaryWriter()
        StateCodec.writeHead(of: sample.final, version: StateCodec.version, into: &newest)
        StateCodec.writeHead(of: sample.final, version: StateCodec.unsignedVersion, into: &older)
        try #require(Array(sample.bytes[1..<(1 + newest.bytes.count)]) == newest.bytes)
        let bytes = [sample.bytes[0]] + older.bytes + sample.bytes[(1 + newest.bytes.count)...]
        let error = Self.refusal(bytes, to: sample.stored)
        #expect(error?.description.contains("state version 4, not 3") == true, "\(error.map { "\($0)" } ?? "applied")")
    }

    /// A key recorded for a current member cannot be given to another by a delta that leaves
    /// the first holding it: a state no fold makes, and no snapshot could read back.
    @Test func aDeltaGivingACurrentMembersKeyToAnotherIsRefused() throws {
        let sample = try Self.sample()
        var delta = sample.delta
        var bo = try #require(sample.stored.records.first { $0.inbox == .bo })
        bo.keys = [.filled(7)]
        let davon = try #require(delta.records.firstIndex { $0.inbox == .davon })
        delta.records[davon].keys = [.filled(7)]
        delta.records.insert(bo, at: 0)
        let reason = Self.inconsistency(applying: delta, to: sample.stored)
        #expect(reason?.contains("recorded for both bo and davon") == true, "\(reason ?? "applied")")
        // Without davon's claim, bo keeps the key and the delta applies.
        delta.records[davon + 1].keys = []
        #expect(Self.inconsistency(applying: delta, to: sample.stored) == nil)
    }

    /// A delta's roster part is checked as a snapshot's is, though its records are read
    /// without a roster made of them (``DeltaRecords``): the sample's roster part replaced by a
    /// damaged one, each damage refused with what is wrong.
    @Test(arguments: SnapshotCodecTests.Damage.allCases.filter { $0 != .noRecords })
    func aDeltaWhoseRosterNoStateHoldsIsRefused(_ damage: SnapshotCodecTests.Damage) throws {
        let sample = try Self.sample()
        var head = BinaryWriter(), roster = BinaryWriter()
        StateCodec.writeHead(of: sample.final, version: StateCodec.version, into: &head)
        SnapshotCodec.writeRoster(GroupState.flatRoster(of: sample.delta.records), into: &roster)
        let rosterStart = 1 + head.bytes.count, rosterEnd = 1 + head.bytes.count + roster.bytes.count
        try #require(Array(sample.bytes[rosterStart..<rosterEnd]) == roster.bytes)
        // alix, bo (an admin, with a key) and caro (removed): records the stored state holds.
        var flat = try SnapshotCodecTests.sample().flatRoster
        damage.apply(to: &flat)
        var damaged = BinaryWriter()
        SnapshotCodec.writeRoster(flat, into: &damaged)
        let bytes = Array(sample.bytes[..<rosterStart]) + damaged.bytes + sample.bytes[rosterEnd...]
        let error = Self.refusal(bytes, to: sample.stored)
        // Below a delta's next ordinal (4) is the bound a delta's records are held to.
        let reason = damage == .largestOrdinal ? "not below the next ordinal" : damage.reason
        #expect(error?.description.contains(reason) == true, "\(damage): \(error.map { "\($0)" } ?? "applied")")
    }

    /// The same ID under two numbers is found wherever the two are among many IDs: the check
    /// compares IDs only where their hashes agree.
    @Test(arguments: [(0, 299), (150, 151), (298, 299)])
    func anIDRepeatedAmongManyIsRefused(_ first: Int, _ second: Int) throws {
        let sample = try Self.sample()
        var head = BinaryWriter(), roster = BinaryWriter()
        StateCodec.writeHead(of: sample.final, version: StateCodec.version, into: &head)
        SnapshotCodec.writeRoster(GroupState.flatRoster(of: sample.delta.records), into: &roster)
        let rosterStart = 1 + head.bytes.count, rosterEnd = 1 + head.bytes.count + roster.bytes.count
        var flat = try SnapshotCodecTests.sample().flatRoster
        // 300 IDs, only the first three with records; the one at `second` spells the one at `first`.
        var ids = (0..<300).map { "member-\($0)" }
        ids[0...2] = ["alix", "bo", "caro"]
        ids[second] = ids[first]
        flat.lengths = ids.map { UInt8($0.utf8.count) }
        flat.arena = ids.flatMap { Array($0.utf8) }
        var damaged = BinaryWriter()
        SnapshotCodec.writeRoster(flat, into: &damaged)
        let error = Self.refusal(Array(sample.bytes[..<rosterStart]) + damaged.bytes + sample.bytes[rosterEnd...], to: sample.stored)
        #expect(error?.description.contains("appears twice") == true, "\(error.map { "\($0)" } ?? "applied")")
    }

    @Test func aDeltaOfAnUnknownVersionIsRefused() throws {
        let sample = try Self.sample()
        var bytes = sample.bytes
        bytes[0] = 2
        let error = Self.refusal(bytes, to: sample.stored)
        #expect(error?.reason == .unsupportedVersion(found: 2) && error?.offset == 0, "\(error.map { "\($0)" } ?? "applied")")
        #expect(error?.description.contains("version") == true)
    }

    @Test func bytesAfterTheDeltaAreRefused() throws {
        let sample = try Self.sample()
        let error = Self.refusal(sample.bytes + [0], to: sample.stored)
        #expect(error?.reason == .trailingBytes(count: 1) && error?.offset == sample.bytes.count, "\(error.map { "\($0)" } ?? "applied")")
        #expect(error?.description.contains("follow the end") == true)
    }

    @Test func everyPrefixOfADeltaIsRefused() throws {
        let sample = try Self.sample()
        for count in 0..<sample.bytes.count {
            #expect(Self.refusal(Array(sample.bytes.prefix(count)), to: sample.stored) != nil, "\(count) of \(sample.bytes.count) bytes")
        }
    }

    /// caro's record in the pinned delta given ordinal 2^64 - 1: bytes no encoder writes, to be
    /// refused like any other, never trapped on. Applied in a child process, so that a trap
    /// fails this test rather than ending the run.
    @Test func aRecordOfTheLargestOrdinalIsRefusedWithoutATrap() async {
        await #expect(processExitsWith: .success) {
            let (stored, commits, _) = StateDeltaCodecTests.goldenLog()
            var bytes = try StateDeltaCodecTests.take(stored, at: 0, folding: commits).bytes
            // After the IDs "caro" and "alix": the record count, then the record's inbox and
            // adder numbers, and its ordinal.
            let arena = Array("caroalix".utf8)
            let start = try #require(bytes.indices.first { bytes[$0...].starts(with: arena) })
            let ordinal = start + arena.count + 1 + 8
            precondition(bytes[ordinal] == 2, "the pinned layout moved")
            bytes.replaceSubrange(ordinal..<(ordinal + 8), with: repeatElement(0xFF, count: 8))
            let base = try StateDeltaCodecTests.snapshotted(stored)
            precondition(StateDeltaCodecTests.refusal(bytes, to: base) != nil, "applied")
        }
    }

    /// Stored states that are not of the sample's group: another ID, creator, creation time or
    /// kind. The delta repeats its group's identity, and refuses to apply to any of them.
    enum OtherGroup: String, CaseIterable, Sendable {
        case otherID, otherCreator, otherCreationTime, dm

        func state() throws -> GroupState {
            var group: TestGroup
            switch self {
            case .otherID: group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], fields: [ledger]), builder: LogBuilder(groupID: .named("other")))
            case .otherCreator: group = TestGroup(.bo, CreateConversation(members: [.alix, .caro], fields: [ledger]))
            case .otherCreationTime: group = TestGroup(.alix, CreateConversation(members: [.bo, .caro], fields: [ledger]), builder: LogBuilder(start: 500))
            case .dm: group = TestGroup(.alix, CreateConversation(kind: .dm, members: [.bo], fields: [ledger]))
            }
            try #require(group.commit(.alix, write(ledger, .mapDelta(.insert, key: entryKey(1), value: .string("v")))) == .applied)
            return try #require(group.state)
        }
    }

    @Test(arguments: OtherGroup.allCases)
    func aDeltaOfAnotherGroupIsRefused(_ other: OtherGroup) throws {
        let sample = try Self.sample()
        let error = Self.refusal(sample.bytes, to: try other.state())
        #expect(error?.description.contains("another group") == true && error?.offset == 1, "\(other): \(error.map { "\($0)" } ?? "applied")")
    }

    /// A delta applied to a state of its group that it was not taken against: that state handed
    /// out the ordinal the delta's new member takes.
    @Test func aDeltaAppliedToAnotherStateOfItsGroupIsRefused() throws {
        let sample = try Self.sample()
        var branch = Replica(resuming: sample.stored)
        try #require(branch.fold(Commit(groupID: .test, sequence: 2, actor: .alix, time: 3_000, changes: [.add(.eri)])) == .applied)
        let error = Self.refusal(sample.bytes, to: try #require(branch.state))
        #expect(error?.description.contains("takes ordinal 3") == true && error?.offset == 0, "\(error.map { "\($0)" } ?? "applied")")
    }

    /// A record that takes a new ordinal, one at or below those the stored state handed out.
    @Test(arguments: [0, 2] as [UInt64])
    func aRecordTakingAnOrdinalAlreadyHandedOutIsRefused(_ ordinal: UInt64) throws {
        let sample = try Self.sample()
        try #require(sample.stored.nextOrdinal == 3)
        var delta = sample.delta
        let davon = try #require(delta.records.firstIndex { $0.inbox == .davon })
        delta.records[davon].ordinal = ordinal
        let reason = Self.inconsistency(applying: delta, to: sample.stored)
        #expect(reason?.contains("takes ordinal \(ordinal)") == true, "\(reason ?? "applied")")
        #expect(Self.inconsistency(applying: sample.delta, to: sample.stored) == nil)
    }

    @Test func aPatchNamingAnUnregisteredFieldIsRefused() throws {
        let sample = try Self.sample()
        var delta = sample.delta
        delta.patches.append(FieldPatch(field: ComponentID(0xC0DE), scalar: .string("x"), byteSize: 0, upserts: [], removals: []))
        let reason = Self.inconsistency(applying: delta, to: sample.stored)
        #expect(reason?.contains("not registered") == true, "\(reason ?? "applied")")
    }

    @Test func aDeltaThatDropsARegisteredFieldIsRefused() throws {
        let sample = try Self.sample()
        var delta = sample.delta
        delta.fields.removeAll { $0.id == Self.ledger.id }
        delta.patches.removeAll { $0.field == Self.ledger.id }
        let reason = Self.inconsistency(applying: delta, to: sample.stored)
        #expect(reason?.contains("no longer registered") == true, "\(reason ?? "applied")")
    }

    /// A patch removing an entry the state does not hold: by hand, and by applying a delta that
    /// removes one a second time.
    @Test func aPatchRemovingAnAbsentEntryIsRefused() throws {
        let sample = try Self.sample()
        var delta = sample.delta
        let ledger = try #require(delta.patches.firstIndex { $0.field == Self.ledger.id })
        delta.patches[ledger].removals = [.string("no such entry")]
        let reason = Self.inconsistency(applying: delta, to: sample.stored)
        #expect(reason?.contains("does not hold") == true, "\(reason ?? "applied")")

        let error = Self.refusal(sample.bytes, to: sample.final)
        #expect(error?.description.contains("does not hold") == true && error?.offset == 0, "\(error.map { "\($0)" } ?? "applied")")
    }

    // MARK: Tracking

    @Test func anUnmarkedStateHasNoDelta() throws {
        let sample = try Self.sample()
        let folded = try #require(sample.group.state)
        #expect(folded.delta == nil && StateDeltaCodec.encode(changesOf: folded) == nil)
        #expect(sample.stored.delta == nil, "a state read from its snapshot is not marked")
    }

    /// Marking a state notes where it was stored; it is not part of what the state is.
    @Test func markingChangesNeitherEqualityNorTheHash() throws {
        let sample = try Self.sample()
        let folded = try #require(sample.group.state)
        var marked = folded
        marked.markStored(at: 2)
        #expect(marked == folded && StateCodec.hash(marked) == StateCodec.hash(folded))
        #expect(StateCodec.encode(marked) == StateCodec.encode(folded) && SnapshotCodec.encode(marked) == SnapshotCodec.encode(folded))
        let commit = Commit(groupID: .test, sequence: 3, actor: .alix, time: 4_000, changes: [.add(.eri), .updateName("Later")])
        _ = try marked.apply(commit)
        #expect(marked == (try folded.applying(commit)))
        #expect(StateCodec.hash(marked) == StateCodec.hash(try folded.applying(commit)))
    }

    /// Marked again once a delta is saved, a state starts afresh: the next delta holds only
    /// the records and entries written since.
    @Test func markingAgainStartsAfresh() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo], fields: [Self.ledger]))
        var replica = group.replica
        replica.markStored(at: 0)
        try #require(group.commit(.alix, .add(.caro), Self.write(Self.ledger, .mapDelta(.insert, key: .string("a"), value: .string("1")))) == .applied)
        replica.fold(group.commits.last!)
        let first = try #require(replica.state?.delta)
        #expect(first.base == 0 && first.delta.records.map(\.inbox) == [.caro])
        #expect(first.delta.patches.map { $0.upserts.map(\.key) } == [[.string("a")]])

        replica.markStored(at: 1)
        try #require(group.commit(.alix, .add(.davon), Self.write(Self.ledger, .mapDelta(.insert, key: .string("b"), value: .string("2")))) == .applied)
        replica.fold(group.commits.last!)
        let second = try #require(replica.state?.delta)
        #expect(second.base == 1 && second.delta.records.map(\.inbox) == [.davon])
        #expect(second.delta.patches.map { $0.upserts.map(\.key) } == [[.string("b")]])
    }

    /// Up to `max(4096, recordCount / 4)` puts since the mark, the state has a delta; one more,
    /// and it has none: a full snapshot pays better. Marking again starts afresh.
    @Test func morePutsThanTheTrackingLimitLeaveNoDelta() throws {
        let everyone = (0..<4_200).map { InboxID.named("m\($0)") }
        var group = TestGroup(.alix, CreateConversation(members: Array(everyone.prefix(100)), memberLimit: 10_000))
        let created = try #require(group.state)
        var replica = group.replica
        replica.markStored(at: 0)
        for batch in stride(from: 100, to: 4_196, by: 512) {
            try #require(group.commit(.alix, .addMembers(inboxes: Array(everyone[batch..<min(batch + 512, 4_196)]), identities: [])) == .applied)
            replica.fold(group.commits.last!)
        }
        var state = try #require(replica.state)
        try #require(state.recordCount / 4 < 4_096 && state.roster.trackingLimit == 4_096)
        #expect(state.roster.touched?.count == 4_096)
        let taken = try #require(state.delta)
        #expect(taken.delta.records.count == 4_096)
        Self.expectSame(try Self.applying(try #require(StateDeltaCodec.encode(changesOf: state)).bytes, to: try Self.snapshotted(created)), try #require(group.state), "4,096 puts")

        try #require(group.commit(.alix, .add(everyone[4_196])) == .applied)
        replica.fold(group.commits.last!)
        state = try #require(replica.state)
        #expect(state.delta == nil && StateDeltaCodec.encode(changesOf: state) == nil, "4,097 puts")

        replica.markStored(at: UInt64(group.commits.count - 1))
        try #require(group.commit(.alix, .add(everyone[4_197])) == .applied)
        replica.fold(group.commits.last!)
        #expect(replica.state?.delta?.delta.records.map(\.inbox) == [everyone[4_197]])
    }

    /// Past 16,384 records, a quarter of them may be put before the delta gives way.
    @Test func theTrackingLimitGrowsWithTheRoster() throws {
        let everyone = (0..<20_000).map { InboxID.named("m\($0)") }
        var group = TestGroup(.alix, CreateConversation(members: everyone, memberLimit: 30_000))
        var replica = group.replica
        replica.markStored(at: 0)
        try #require(replica.state?.roster.trackingLimit == 5_000)
        for batch in stride(from: 0, to: 5_000, by: 500) {
            try #require(group.commit(.alix, .setRole(inboxes: Array(everyone[batch..<(batch + 500)]), role: .moderator)) == .applied)
            replica.fold(group.commits.last!)
        }
        let state = try #require(replica.state)
        #expect(state.delta?.delta.records.count == 5_000, "5,000 puts of 20,001 records")
        try #require(group.commit(.alix, .setRole(inboxes: [everyone[5_000]], role: .moderator)) == .applied)
        replica.fold(group.commits.last!)
        #expect(replica.state?.delta == nil, "5,001 puts of 20,001 records")
    }

    /// The limit counts puts, not records: one record put again and again uses it up.
    @Test func repeatedPutsOfOneRecordCountTowardTheLimit() throws {
        var group = TestGroup(.alix, CreateConversation(members: [.bo, .caro]))
        var replica = group.replica
        replica.markStored(at: 0)
        for round in 0..<4_097 {
            try #require(group.commit(.alix, .setRole(inboxes: [.bo], role: round % 2 == 0 ? .moderator : .member)) == .applied)
            replica.fold(group.commits.last!)
            if round == 4_095 { #expect(replica.state?.delta?.delta.records.map(\.inbox) == [.bo], "4,096 puts of bo") }
        }
        #expect(replica.state?.delta == nil, "4,097 puts of bo")
    }
}
