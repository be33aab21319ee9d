import GroupCodec
import GroupCore

/// A saved state: the format version, whether the group exists, and, when it does, the SHA-256
/// of the state's encoding and that encoding. The hash is checked on every load, so a damaged
/// snapshot is reported, never used.
///
/// Version 2 holds the snapshot encoding (``SnapshotCodec``), whose roster loads as flat arrays;
/// version 1, written before issue 18, holds the canonical state encoding and still reads.
package enum SnapshotRecord {
    package static let version: UInt8 = 2

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
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(SnapshotProblem) -> GroupState? {
        guard bytes.count >= 2 else { throw .damaged("a snapshot record of \(bytes.count) bytes is too short") }
        guard bytes[0] == 1 || bytes[0] == version else { throw .damaged("unknown snapshot format version \(bytes[0])") }
        switch bytes[1] {
        case 0:
            guard bytes.count == 2 else { throw .damaged("an empty snapshot record has trailing bytes") }
            return nil
        case 1:
            guard bytes.count >= 34 else { throw .damaged("a snapshot record of \(bytes.count) bytes is too short") }
            let body = UnsafeRawBufferPointer(rebasing: bytes[34...])
            guard SHA256.hash(body).bytes.elementsEqual(bytes[2..<34]) else {
                throw .damaged("the snapshot's checksum does not match its contents")
            }
            do throws(BinaryDecodingError) {
                return bytes[0] == 1 ? try StateCodec.decode(body) : try SnapshotCodec.decode(body)
            } catch {
                throw .damaged(error.description)
            }
        default:
            throw .damaged("unknown snapshot flag \(bytes[1])")
        }
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
