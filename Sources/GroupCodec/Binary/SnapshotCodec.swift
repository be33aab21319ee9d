import GroupCore

// A state as a snapshot stores it: the canonical encoding's parts before and after the member
// records (StateCodec.swift), around the roster as flat arrays (FlatRoster) that load by copying
// instead of one string and one record per member (issue 18). Fixed-width numbers are
// little-endian.
//
//   head      the canonical state encoding from its version byte through nextOrdinal
//   varint    n, the number of inbox IDs
//   n bytes   each ID's length (1 to 128)
//   bytes     the IDs back to back (as many bytes as the lengths add up to)
//   varint    the number of member records, then each in 44 bytes, in increasing ordinal order:
//             u32 inbox number, u32 adder number (0xFFFFFFFF for none), u64 ordinal,
//             u64 joinedAt, u64 mutedUntil, u64 departedAt (0 unless former), u8 role tag,
//             u8 state (0 active, 1 invited, 2 pendingApproval, 3 pendingRemoval, 4 left,
//             5 removed), u8 flags (1 joinedAt present, 2 muted, 4 blockedForAll,
//             8 blocksGroup, 16 holds keys), u8 0
//   list      the keys of each record flagged as holding some, in record order: u32 inbox
//             number, then a list of 32-byte keys
//   tail      the canonical state encoding's fields and lifecycle
//
// A roster numbers its inboxes in record order, so one state always writes the same bytes; a
// decoder takes any numbering (snapshots written before 2026-12-02 numbered inboxes in the
// order their roster first saw them). The state decoded, its canonical encoding and its hash
// never depend on the numbering.

/// The encoding of a state that a snapshot stores, which loads without decoding one member at
/// a time.
public enum SnapshotCodec {
    /// The bytes of one member record.
    package static let recordSize = 44

    /// The snapshot encoding of `state`.
    public static func encode(_ state: GroupState) -> [UInt8] {
        encode(state, roster: state.flatRoster)
    }

    /// The snapshot encoding of `state` with `flat` in place of its roster: what a test needs
    /// to write a roster no state holds.
    static func encode(_ state: GroupState, roster flat: FlatRoster) -> [UInt8] {
        var writer = BinaryWriter(reservingCapacity: 1_024 + flat.lengths.count + flat.arena.count + flat.records.count * recordSize)
        StateCodec.writeHead(of: state, version: StateCodec.version(of: state), into: &writer)
        writeRoster(flat, into: &writer)
        StateCodec.writeTail(of: state, into: &writer)
        return writer.bytes
    }

    /// The roster part: the IDs, the records and the keys.
    static func writeRoster(_ flat: FlatRoster, into writer: inout BinaryWriter) {
        writer.writeCount(flat.lengths.count)
        writer.writeRawBytes(flat.lengths)
        writer.writeRawBytes(flat.arena)
        writer.writeCount(flat.records.count)
        writer.writeFixedWidth(count: flat.records.count * recordSize) { buffer in
            for (index, record) in flat.records.enumerated() { write(record, into: buffer, at: index * recordSize) }
        }
        writer.writeList(flat.keys) { writer, keyed in
            writer.writeFixedWidth(count: 4) { $0.storeBytes(of: keyed.inbox.littleEndian, as: UInt32.self) }
            writer.writePublicKeys(keyed.keys)
        }
    }

    /// Reads the state a snapshot encoding holds, checking it as strictly as the canonical
    /// decoder checks a state: whatever the bytes, a state that decodes is one the reducer
    /// could have made, and anything else is a ``BinaryDecodingError``.
    /// - Parameter spareRecords: room the roster keeps for that many more records, for the
    ///   incremental snapshots a caller applies next.
    public static func decode(_ bytes: UnsafeRawBufferPointer, spareRecords: Int = 0) throws(BinaryDecodingError) -> GroupState {
        try decode(bytes, spareRecords: spareRecords, arenaIndex: nil)
    }

    /// ``decode(_:spareRecords:)`` with the roster's index as ``arenaIndex(of:spareRecords:)``
    /// builds it from the same bytes, when another thread does (``FlatRosterSource/arenaIndex``).
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, spareRecords: Int = 0, arenaIndex: (() -> ArenaIndex?)?
    ) throws(BinaryDecodingError) -> GroupState {
        var reader = BinaryReader(bytes)
        let head = try StateCodec.readHead(from: &reader)
        let roster = try RosterSection(from: &reader)
        let tail = try StateCodec.readTail(from: &reader, after: head)
        try reader.expectEnd("snapshot")
        let members = try roster.members(nextOrdinal: head.nextOrdinal, reader: reader, spareRecords: spareRecords, arenaIndex: arenaIndex)
        return try StateCodec.assemble(head, members, tail, reader: reader, recordsStart: roster.start)
    }

    /// The index of the roster of the snapshot encoding `bytes` (``ArenaIndex``), as its decode
    /// with `spareRecords` would build it from the IDs when they are numbered in record order;
    /// nil for bytes whose roster part does not parse, or whose first IDs repeat. Nothing but
    /// the roster part's framing is checked: the decode checks the rest.
    package static func arenaIndex(of bytes: UnsafeRawBufferPointer, spareRecords: Int) -> ArenaIndex? {
        var reader = BinaryReader(bytes)
        guard (try? StateCodec.readHead(from: &reader)) != nil, let roster = try? RosterSection(from: &reader) else { return nil }
        return ArenaIndex(arena: roster.arena, lengths: roster.lengths, count: roster.recordCount, capacity: roster.recordCount + spareRecords)
    }

    /// A roster part as read, its bytes not yet parsed into records: they are checked only once
    /// the rest of the input has been read, as the canonical decoder does.
    struct RosterSection {
        /// Where the roster part starts in the input, for the errors.
        let start: Int
        let arena: UnsafeRawBufferPointer
        let lengths: UnsafeRawBufferPointer
        let recordCount: Int
        let recordBytesStart: Int
        let records: UnsafeRawBufferPointer
        let keys: [FlatRoster.KeyedInbox]

        init(from reader: inout BinaryReader) throws(BinaryDecodingError) {
            start = reader.offset
            // An ID takes at least two bytes: its length and one character.
            let idCount = try reader.readCount("snapshot inbox IDs", minimumSize: 2)
            let lengths = try reader.readRawBuffer("snapshot inbox ID lengths", count: idCount) { $0 }
            self.lengths = lengths
            arena = try reader.readRawBuffer("snapshot inbox IDs", count: lengths.reduce(0) { $0 + Int($1) }) { $0 }
            recordCount = try reader.readCount("snapshot member records", minimumSize: SnapshotCodec.recordSize)
            recordBytesStart = reader.offset
            records = try reader.readRawBuffer("snapshot member records", count: recordCount * SnapshotCodec.recordSize) { $0 }
            keys = try reader.readList("snapshot keys", minimumSize: 5) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                let inbox = try reader.readRawBuffer("snapshot keyed inbox", count: 4) { $0.loadUnaligned(as: UInt32.self) }
                return FlatRoster.KeyedInbox(inbox: UInt32(littleEndian: inbox), keys: try reader.readPublicKeys("snapshot keys"))
            }
        }

        /// The members the part holds, each below `nextOrdinal`.
        func members(
            nextOrdinal: UInt64, reader: BinaryReader, spareRecords: Int = 0, arenaIndex: (() -> ArenaIndex?)? = nil
        ) throws(BinaryDecodingError) -> RestoredMembers {
            try withSource(reader: reader) { (source) throws(InconsistentState) in
                var source = source
                source.spareRecords = spareRecords
                source.arenaIndex = arenaIndex
                return try RestoredMembers(source: source, nextOrdinal: nextOrdinal)
            }
        }

        /// The records the part holds, each below `nextOrdinal`, with no roster made of them:
        /// an incremental snapshot's (``DeltaRecords``).
        func deltaRecords(nextOrdinal: UInt64, reader: BinaryReader) throws(BinaryDecodingError) -> [MemberRecord] {
            try withSource(reader: reader) { (source) throws(InconsistentState) in try DeltaRecords.read(source, nextOrdinal: nextOrdinal) }
        }

        /// `body` of the part's roster, read straight from the input's bytes (they outlive this
        /// call), the records parsed a chunk at a time; a record byte no record holds is reported
        /// with its own offset, not the roster's.
        private func withSource<Result>(
            reader: BinaryReader, _ body: (FlatRosterSource) throws(InconsistentState) -> Result
        ) throws(BinaryDecodingError) -> Result {
            var badRecord: BinaryDecodingError?
            let (records, recordBytesStart) = (self.records, self.recordBytesStart)
            let source = FlatRosterSource(arena: arena, lengths: lengths, recordCount: recordCount, keys: keys) { first, chunk throws(InconsistentState) in
                if let failure = SnapshotCodec.readRecords(records, first, into: chunk, at: recordBytesStart) {
                    badRecord = failure
                    throw InconsistentState(reason: failure.description)
                }
            }
            do throws(InconsistentState) {
                return try body(source)
            } catch {
                if let badRecord { throw badRecord }
                throw reader.failure("snapshot member records", at: start, .inconsistentState(error.reason))
            }
        }
    }

    private static func write(_ record: PackedRecord, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) {
        buffer.storeBytes(of: record.inbox.littleEndian, toByteOffset: offset, as: UInt32.self)
        buffer.storeBytes(of: record.adder.littleEndian, toByteOffset: offset + 4, as: UInt32.self)
        buffer.storeBytes(of: record.ordinal.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
        buffer.storeBytes(of: record.joinedAt.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
        buffer.storeBytes(of: record.mutedUntil.littleEndian, toByteOffset: offset + 24, as: UInt64.self)
        buffer.storeBytes(of: record.departedAt.littleEndian, toByteOffset: offset + 32, as: UInt64.self)
        buffer[offset + 40] = record.role.wireTag
        buffer[offset + 41] = record.state.rawValue
        buffer[offset + 42] = record.flags.rawValue
    }

    /// Parses the records `first..<first + chunk.count` of `records` into `chunk`.
    /// - Parameter start: where the records start in the input, for the errors.
    /// - Returns: why a record is none, when one has a role, state or padding byte no record holds.
    fileprivate static func readRecords(
        _ records: UnsafeRawBufferPointer, _ first: Int, into chunk: UnsafeMutableBufferPointer<PackedRecord>, at start: Int
    ) -> BinaryDecodingError? {
        for index in chunk.indices {
            let offset = (first + index) * recordSize
            func word<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T { T(littleEndian: records.loadUnaligned(fromByteOffset: offset + at, as: T.self)) }
            guard let role = Role(wireTag: records[offset + 40]),
                  let state = PackedRecord.StateCode(rawValue: records[offset + 41]),
                  records[offset + 43] == 0 else {
                return BinaryDecodingError(reading: "snapshot member record \(first + index)", offset: start + offset, reason: .valueOutOfRange(
                    "role \(records[offset + 40]), state \(records[offset + 41]) and padding \(records[offset + 43]) are not a record's"))
            }
            chunk[index] = PackedRecord(
                inbox: word(0, UInt32.self), adder: word(4, UInt32.self), ordinal: word(8, UInt64.self),
                joinedAt: word(16, UInt64.self), mutedUntil: word(24, UInt64.self), departedAt: word(32, UInt64.self),
                role: role, state: state, flags: PackedRecord.Flags(rawValue: records[offset + 42]))
        }
        return nil
    }
}
