import GroupCodec
import GroupCore

/// A saved state: the format version, whether the group exists, and, when it does, the SHA-256
/// of the state's encoding and that encoding. The hash is checked on every load, so a damaged
/// snapshot is reported, never used.
///
/// Version 2 holds the snapshot encoding (``SnapshotCodec``), whose roster loads as flat arrays;
/// version 1, written before issue 18, holds the canonical state encoding and still reads.
///
/// Version 3 is an incremental snapshot: the sequence (u64, little-endian) of the stored state
/// it applies to, the SHA-256 of the delta and the delta (``StateDeltaCodec``). Only the LMDB
/// store writes them; a reader applies them, in order, to the full snapshot before them.
package enum SnapshotRecord {
    package static let version: UInt8 = 2
    package static let deltaVersion: UInt8 = 3

    /// The incremental snapshot of `state` against the stored state it was marked at, and that
    /// state's sequence; nil when the state is not tracked or changed too much for one.
    package static func encodeDelta(of state: GroupState) -> (base: UInt64, bytes: [UInt8])? {
        guard let (base, body) = StateDeltaCodec.encode(changesOf: state) else { return nil }
        var bytes: [UInt8] = [deltaVersion]
        bytes.reserveCapacity(body.count + 41)
        withUnsafeBytes(of: base.littleEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: SHA256.hash(body).bytes)
        bytes.append(contentsOf: body)
        return (base, bytes)
    }

    /// The sequence of the stored state the record applies to when it is an incremental
    /// snapshot; nil for a full one.
    package static func deltaBase(of bytes: UnsafeRawBufferPointer) throws(SnapshotProblem) -> UInt64? {
        guard bytes.first == deltaVersion else { return nil }
        guard bytes.count >= 41 else { throw .damaged("an incremental snapshot record of \(bytes.count) bytes is too short") }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
    }

    /// Applies the incremental snapshot record `bytes` to `state`, the stored state it names.
    /// On a throw, `state` is left part-way: discard it.
    package static func applyDelta(_ bytes: UnsafeRawBufferPointer, to state: inout GroupState) throws(SnapshotProblem) {
        try apply(try decodeDelta(bytes), to: &state)
    }

    /// The incremental snapshot record `bytes`, its checksum checked and its delta read, for
    /// ``apply(_:to:)``.
    package static func decodeDelta(_ bytes: UnsafeRawBufferPointer) throws(SnapshotProblem) -> StateDeltaCodec.Decoded {
        guard bytes.count >= 41, bytes[0] == deltaVersion else { throw .damaged("not an incremental snapshot record") }
        let body = UnsafeRawBufferPointer(rebasing: bytes[41...])
        guard SHA256.hash(body).bytes.elementsEqual(bytes[9..<41]) else {
            throw .damaged("the incremental snapshot's checksum does not match its contents")
        }
        do throws(BinaryDecodingError) {
            return try StateDeltaCodec.decode(body)
        } catch {
            throw .damaged(error.description)
        }
    }

    /// Applies an incremental snapshot as ``decodeDelta(_:)`` read it to `state`, the stored
    /// state it names. On a throw, `state` is left part-way: discard it.
    package static func apply(_ delta: StateDeltaCodec.Decoded, to state: inout GroupState) throws(SnapshotProblem) {
        do throws(BinaryDecodingError) {
            try StateDeltaCodec.apply(delta, to: &state)
        } catch {
            throw .damaged(error.description)
        }
    }

    package static func encode(_ state: GroupState?) -> [UInt8] {
        guard let state else { return [version, 0] }
        let body = SnapshotCodec.encode(state)
        var bytes: [UInt8] = [version, 1]
        bytes.reserveCapacity(body.count + 34)
        bytes.append(contentsOf: SHA256.hash(body).bytes)
        bytes.append(contentsOf: body)
        return bytes
    }

    /// The state the record holds (nil for a group whose commit 0 was rejected).
    /// - Parameters:
    ///   - spareRecords: room the roster keeps for that many more records, for the incremental
    ///     snapshots the caller applies next.
    ///   - backgroundChecksum: from how many bytes of state the checksum is computed on a
    ///     second thread while the state decodes (``SnapshotReadAhead``).
    package static func decode(
        _ bytes: UnsafeRawBufferPointer, spareRecords: Int = 0, backgroundChecksum: Int = SnapshotReadAhead.minimumBytes
    ) throws(SnapshotProblem) -> GroupState? {
        let body = stateBytes(of: bytes)
        // Only the checksum is left to the second thread: with the roster's index as well, it
        // outlasted the decode (a 1M-member load with 64-character IDs took 88 ms, not 65).
        let readAhead = body.count >= max(1, backgroundChecksum) ? SnapshotReadAhead(full: body, spareRecords: nil, deltas: []) : nil
        defer { readAhead?.stop() }
        let decoded = Result { () throws(SnapshotProblem) -> GroupState? in try decodeUnverified(bytes, spareRecords: spareRecords) }
        try verifyChecksum(of: bytes) { readAhead?.digest() ?? SHA256.hash($0) }
        return try decoded.get()
    }

    /// The state the record holds, decoded before its checksum is compared: the caller must
    /// call ``verifyChecksum(of:digest:)`` before it uses the state, and before it reports a
    /// throw, whose cause a checksum mismatch is then instead.
    /// - Parameter readAhead: the thread that indexes the record's roster, when one does.
    static func decodeUnverified(
        _ bytes: UnsafeRawBufferPointer, spareRecords: Int = 0, readAhead: SnapshotReadAhead? = nil
    ) throws(SnapshotProblem) -> GroupState? {
        guard bytes.count >= 2 else { throw .damaged("a snapshot record of \(bytes.count) bytes is too short") }
        if bytes[0] == deltaVersion { throw .damaged("an incremental snapshot stands where a full one belongs") }
        guard bytes[0] == 1 || bytes[0] == version else { throw .damaged("unknown snapshot format version \(bytes[0])") }
        switch bytes[1] {
        case 0:
            guard bytes.count == 2 else { throw .damaged("an empty snapshot record has trailing bytes") }
            return nil
        case 1:
            guard bytes.count >= 34 else { throw .damaged("a snapshot record of \(bytes.count) bytes is too short") }
            let body = stateBytes(of: bytes)
            do throws(BinaryDecodingError) {
                if bytes[0] == 1 { return try StateCodec.decode(body) }
                return try SnapshotCodec.decode(body, spareRecords: spareRecords, arenaIndex: readAhead.map { readAhead in { readAhead.arenaIndex() } })
            } catch {
                throw .damaged(error.description)
            }
        default:
            throw .damaged("unknown snapshot flag \(bytes[1])")
        }
    }

    /// Compares the checksum of a full snapshot record with `digest` of the state's bytes:
    /// a mismatch is what is reported, whatever the decoder made of the bytes. A record that
    /// holds no checksum (no state, or too short for one) passes: decoding it says why.
    static func verifyChecksum(of bytes: UnsafeRawBufferPointer, digest: (UnsafeRawBufferPointer) -> Digest) throws(SnapshotProblem) {
        guard bytes.count >= 34, bytes[0] == 1 || bytes[0] == version, bytes[1] == 1 else { return }
        guard digest(stateBytes(of: bytes)).bytes.elementsEqual(bytes[2..<34]) else {
            throw .damaged("the snapshot's checksum does not match its contents")
        }
    }

    /// The room for more records to index a full snapshot record's roster with on a second
    /// thread (``SnapshotReadAhead``): nil for a record with no flat roster.
    static func rosterIndexRoom(_ bytes: UnsafeRawBufferPointer, _ spareRecords: Int) -> Int? {
        bytes.count >= 34 && bytes[0] == version && bytes[1] == 1 ? spareRecords : nil
    }

    /// The bytes of the state a full snapshot record holds, after its checksum; none for a
    /// record too short to hold any.
    package static func stateBytes(of bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        bytes.count >= 34 ? UnsafeRawBufferPointer(rebasing: bytes[34...]) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// A version-1 record of `state`, as builds before issue 18 wrote it: for the tests that
    /// check those still read.
    package static func encodeVersion1(_ state: GroupState) -> [UInt8] {
        let body = StateCodec.encode(state)
        return [1, 1] + SHA256.hash(body).bytes + body
    }
}

/// Why a snapshot could not be used.
package enum SnapshotProblem: Error {
    case damaged(String)

    package var reason: String {
        switch self {
        case let .damaged(reason): reason
        }
    }
}
