import GroupCore

/// Why a store operation failed. Each case names the group and sequence it concerns, and the CLI
/// maps each kind to its own exit code.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reducer rejected a submitted commit; nothing was written.
    case rejected(CommitRejection)
    /// The directory is missing, or is not a GroupLog store.
    case notAStore(path: String, reason: String)
    case groupNotFound(GroupID)
    case sequencePastHead(GroupID, sequence: UInt64, head: UInt64)
    /// Another writer appended first; nothing was written.
    case sequenceConflict(GroupID, expected: UInt64, actual: UInt64)
    /// A commit made elsewhere did not fit the log (wrong sequence or previous hash, bad encoding).
    case ingestRefused(GroupID?, sequence: UInt64?, reason: String)
    /// A stored record failed its check (a broken chain, a bad checksum, an unreadable encoding).
    case corrupt(GroupID?, sequence: UInt64?, reason: String)
    case identityClaimed(PublicIdentity, owner: InboxID)
    /// A signing key's claim or revocation was refused: another inbox holds the key, it was
    /// revoked, or the inbox never held the key it revokes (SPEC section 14).
    case signingKey(IdentityDirectory.ClaimError)
    /// The storage failed: a full disk, a permission, an I/O error. `operation` is the call or
    /// step that failed, `code` the storage engine's return code (an `errno` value, or one of
    /// the engine's own), and `message` its text for the code.
    case storage(operation: String, code: Int32, message: String)

    public var description: String {
        switch self {
        case let .rejected(rejection): "rejected \(rejection)"
        case let .notAStore(path, reason): "\(path): \(reason)"
        case let .groupNotFound(group): "group \(group) does not exist"
        case let .sequencePastHead(group, sequence, head): "group \(group) has no commit \(sequence): its last is \(head)"
        case let .sequenceConflict(group, expected, actual):
            "sequenceConflict: group \(group) expected to write commit \(expected), but the next is \(actual); nothing was written"
        case let .ingestRefused(group, sequence, reason):
            "refused \(Self.place(group, sequence)): \(reason); nothing was written"
        case let .corrupt(group, sequence, reason): "corrupt record \(Self.place(group, sequence)): \(reason)"
        case let .identityClaimed(identity, owner): "the \(identity) is already claimed by \(owner)"
        case let .signingKey(error): "\(error)"
        case let .storage(operation, code, message): "storage error: \(operation): \(message) (\(code))"
        }
    }

    private static func place(_ group: GroupID?, _ sequence: UInt64?) -> String {
        var text = group.map { "in group \($0)" } ?? "in the store"
        if let sequence { text += " at commit \(sequence)" }
        return text
    }
}
