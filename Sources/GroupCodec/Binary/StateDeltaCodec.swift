import GroupCore

// An incremental snapshot (StateDelta): a state as a stored one plus what changed since, so that
// a large group's state is saved without writing its whole roster (issue 18). Primitives as in
// BinaryWriter.swift, the parts shared with a snapshot as in SnapshotCodec.swift.
//
//   byte      delta format version: 1
//   head      the canonical state head, always in state version 4 (StateCodec.swift): the
//             group's identity, settings, policies, metadata, lastAppliedTime,
//             lastAppliedSequence, nextOrdinal
//   roster    the records put since the base, as they are now, in a snapshot's roster layout
//   list      every registered field's descriptor, in ID order
//   list      the fields whose content changed, in ID order; each: varint field ID, optional
//             scalar, varint byte size, a list of entries written (key, optional value, author
//             inbox) in key order, a list of keys removed in key order
//   lifecycle how it changed: a list of inboxes banned and a list unbanned (each sorted); a
//             list of links made or given another role (ID string, role tag) and a list of
//             link IDs deleted (each in byte order); bool muteAll; a list of inboxes added to the
//             allow list and a list removed (each sorted); bool deleted
//
// A delta means nothing alone: it is applied to the state it was taken against, whose
// identity (group ID, kind, creator, creation time) it must repeat.

/// The encoding of an incremental snapshot.
package enum StateDeltaCodec {
    package static let version: UInt8 = 1

    /// The incremental snapshot of `state` against the stored state it was marked at
    /// (`GroupState.markStored(at:)`): that state's sequence and the bytes; nil when the state
    /// is not tracked, or changed too much for a delta to pay.
    package static func encode(changesOf state: GroupState) -> (base: UInt64, bytes: [UInt8])? {
        guard let (base, delta) = state.delta else { return nil }
        let changed = GroupState.flatRoster(of: delta.records)
        var writer = BinaryWriter(reservingCapacity: 1_024 + changed.arena.count + changed.records.count * SnapshotCodec.recordSize)
        writer.writeByte(version)
        StateCodec.writeHead(of: state, version: StateCodec.version, into: &writer)
        SnapshotCodec.writeRoster(changed, into: &writer)
        writer.writeList(delta.fields) { $0.writeFieldDescriptor($1) }
        writer.writeList(delta.patches) { writer, patch in
            writer.writeComponentID(patch.field)
            writer.writeOptional(patch.scalar) { $0.writeFieldValue($1) }
            writer.writeVarint(UInt64(patch.byteSize))
            writer.writeList(patch.upserts) { writer, upsert in
                writer.writeFieldValue(upsert.key)
                writer.writeOptional(upsert.entry.value) { $0.writeFieldValue($1) }
                writer.writeInbox(upsert.entry.author)
            }
            writer.writeList(patch.removals) { $0.writeFieldValue($1) }
        }
        writer.writeInboxSetPatch(delta.bans)
        writer.writeList(delta.links.set) { writer, link in
            writer.writeString(link.id)
            writer.writeRole(link.role)
        }
        writer.writeList(delta.links.removed) { $0.writeString($1) }
        writer.writeBool(delta.muteAll)
        writer.writeInboxSetPatch(delta.allowList)
        writer.writeBool(delta.isDeleted)
        return (base, writer.bytes)
    }

    /// An incremental snapshot as read, not yet applied: the identity of the group it was
    /// taken of, which the state it is applied to must have, and what changed.
    package struct Decoded: Sendable {
        let groupID: GroupID
        let kind: ConversationKind
        let creator: InboxID
        let createdAt: Milliseconds
        package let delta: StateDelta
    }

    /// Applies the incremental snapshot `bytes` to `state`, the state it was taken against.
    /// - Throws: ``BinaryDecodingError`` for bytes that are no delta, or a delta of another
    ///   group or that does not fit `state`. `state` is then left part-way: discard it.
    package static func apply(_ bytes: UnsafeRawBufferPointer, to state: inout GroupState) throws(BinaryDecodingError) {
        try apply(try decode(bytes), to: &state)
    }

    /// Reads the incremental snapshot `bytes`, checking everything that does not depend on the
    /// state it applies to: a state read decodes its deltas on a second thread while the full
    /// snapshot before them loads (issue 18).
    /// - Throws: ``BinaryDecodingError`` for bytes that are no delta.
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(BinaryDecodingError) -> Decoded {
        var reader = BinaryReader(bytes)
        _ = try reader.readVersion("delta format version", supported: version...version)
        let head = try StateCodec.readHead(from: &reader)
        // A head of an older version would read without fields a state now has (whether it
        // requires signatures): the format writes the newest only.
        guard head.version == StateCodec.version else {
            throw reader.failure("delta head", at: 1, .notCanonical("a delta's head is in state version \(StateCodec.version), not \(head.version)"))
        }
        let roster = try SnapshotCodec.RosterSection(from: &reader)
        let fieldsStart = reader.offset
        let fields = try reader.readList("delta fields", minimumSize: 2) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readFieldDescriptor("delta field")
        }
        guard zip(fields, fields.dropFirst()).allSatisfy({ $0.id < $1.id }) else {
            throw reader.failure("delta fields", at: fieldsStart, .notCanonical("fields out of ID order"))
        }
        let patchesStart = reader.offset
        let patches = try reader.readList("delta field patches", minimumSize: 4) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readFieldPatch()
        }
        guard zip(patches, patches.dropFirst()).allSatisfy({ $0.field < $1.field }) else {
            throw reader.failure("delta field patches", at: patchesStart, .notCanonical("patches out of field order"))
        }
        let bans = try reader.readInboxSetPatch("delta bans")
        let links = try reader.readLinkPatch()
        let muteAll = try reader.readBool("delta muteAll")
        let allowList = try reader.readInboxSetPatch("delta allow list")
        let isDeleted = try reader.readBool("delta deleted")
        try reader.expectEnd("delta")
        let records = try roster.deltaRecords(nextOrdinal: head.nextOrdinal, reader: reader)
        let delta = StateDelta(
            settings: head.settings, policies: head.policies, metadata: head.metadata, lastAppliedTime: head.lastAppliedTime,
            lastAppliedSequence: head.lastAppliedSequence, nextOrdinal: head.nextOrdinal, records: records, fields: fields,
            patches: patches, bans: bans, links: links, muteAll: muteAll, allowList: allowList, isDeleted: isDeleted)
        return Decoded(groupID: head.groupID, kind: head.kind, creator: head.creator, createdAt: head.createdAt, delta: delta)
    }

    /// Applies a delta as ``decode(_:)`` read it to `state`, the state it was taken against.
    /// - Throws: ``BinaryDecodingError`` for a delta of another group or that does not fit
    ///   `state`. `state` is then left part-way: discard it.
    package static func apply(_ decoded: Decoded, to state: inout GroupState) throws(BinaryDecodingError) {
        guard decoded.groupID == state.groupID, decoded.kind == state.kind, decoded.creator == state.creator, decoded.createdAt == state.createdAt else {
            throw BinaryDecodingError(reading: "delta head", offset: 1, reason: .inconsistentState("the delta is of another group than \(state.groupID)"))
        }
        do throws(InconsistentState) {
            try state.apply(decoded.delta)
        } catch {
            throw BinaryDecodingError(reading: "delta", offset: 0, reason: .inconsistentState(error.reason))
        }
    }
}

extension BinaryWriter {
    fileprivate mutating func writeInboxSetPatch(_ patch: InboxSetPatch) {
        writeList(patch.added) { $0.writeInbox($1) }
        writeList(patch.removed) { $0.writeInbox($1) }
    }
}

extension BinaryReader {
    fileprivate mutating func readInboxSetPatch(_ reading: String) throws(BinaryDecodingError) -> InboxSetPatch {
        func sortedInboxes(_ part: String) throws(BinaryDecodingError) -> [InboxID] {
            let start = offset
            let inboxes = try readList("\(reading) \(part)", minimumSize: 2) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readInbox("\(reading) \(part)")
            }
            guard zip(inboxes, inboxes.dropFirst()).allSatisfy({ $0 < $1 }) else {
                throw failure("\(reading) \(part)", at: start, .notCanonical("inboxes out of order"))
            }
            return inboxes
        }
        return InboxSetPatch(added: try sortedInboxes("added"), removed: try sortedInboxes("removed"))
    }

    fileprivate mutating func readLinkPatch() throws(BinaryDecodingError) -> LinkPatch {
        let setStart = offset
        let set = try readList("delta links set", minimumSize: 2) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            LinkPatch.Link(id: try reader.readString("delta link"), role: try reader.readRole("delta link role"))
        }
        guard zip(set, set.dropFirst()).allSatisfy({ UTF8Order.precedes($0.id, $1.id) }) else {
            throw failure("delta links set", at: setStart, .notCanonical("links out of order"))
        }
        let removedStart = offset
        let removed = try readList("delta links deleted", minimumSize: 1) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readString("delta link deleted")
        }
        guard zip(removed, removed.dropFirst()).allSatisfy({ UTF8Order.precedes($0, $1) }) else {
            throw failure("delta links deleted", at: removedStart, .notCanonical("links out of order"))
        }
        return LinkPatch(set: set, removed: removed)
    }

    fileprivate mutating func readFieldPatch() throws(BinaryDecodingError) -> FieldPatch {
        let field = try readComponentID("delta patch field")
        let scalar = try readOptionalFieldValue("delta patch scalar")
        let sizeStart = offset
        let size = try readVarint("delta patch byte size")
        guard size <= UInt64(FieldLimits.collection) else {
            throw failure("delta patch byte size", at: sizeStart, .valueOutOfRange("\(size) is over the collection limit"))
        }
        let upsertsStart = offset
        let upserts = try readList("delta patch entries", minimumSize: 3) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            let key = try reader.readFieldValue("delta patch entry key")
            let value = try reader.readOptionalFieldValue("delta patch entry value")
            return FieldPatch.Upsert(key: key, entry: FieldEntry(value: value, author: try reader.readInbox("delta patch entry author")))
        }
        guard zip(upserts, upserts.dropFirst()).allSatisfy({ $0.key < $1.key }) else {
            throw failure("delta patch entries", at: upsertsStart, .notCanonical("entries out of key order"))
        }
        let removalsStart = offset
        let removals = try readList("delta patch removals", minimumSize: 2) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readFieldValue("delta patch removed key")
        }
        guard zip(removals, removals.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw failure("delta patch removals", at: removalsStart, .notCanonical("removals out of key order"))
        }
        return FieldPatch(field: field, scalar: scalar, byteSize: Int(size), upserts: upserts, removals: removals)
    }
}
