import GroupCore

// The reading side of BinaryWriter+Values.swift. Identifiers are validated again as they are
// read, so a record cannot smuggle in an inbox or group ID that SPEC section 1 forbids.

extension BinaryReader {
    /// The deepest nesting a decoded policy may have, so that corrupt input cannot exhaust the
    /// stack: a policy is level 1, the policies inside a combinator at level n are level n + 1. Policies deeper than this encode, but
    /// no record holding one decodes: callers that accept policies refuse them first.
    public static let maximumPolicyDepth = 32

    /// Reads an inbox ID and validates it against SPEC section 1.
    public mutating func readInbox(_ reading: String) throws(BinaryDecodingError) -> InboxID {
        if let text = readValidIdentifierText() { return InboxID(unchecked: text) }
        let start = offset
        let text = try readString(reading)
        do throws(IdentifierProblem) {
            return try InboxID(text)
        } catch {
            throw failure(reading, at: start, .invalidIdentifier(error))
        }
    }

    /// Reads a group ID and validates it against SPEC section 1.
    public mutating func readGroupID(_ reading: String) throws(BinaryDecodingError) -> GroupID {
        if let text = readValidIdentifierText() { return GroupID(unchecked: text) }
        let start = offset
        let text = try readString(reading)
        do throws(IdentifierProblem) {
            return try GroupID(text)
        } catch {
            throw failure(reading, at: start, .invalidIdentifier(error))
        }
    }

    /// Reads a public identity and validates its value's length.
    public mutating func readIdentity(_ reading: String) throws(BinaryDecodingError) -> PublicIdentity {
        let kind = try readTag(reading + " kind", PublicIdentity.Kind.init(wireTag:))
        let start = offset
        let value = try readString(reading + " value")
        do throws(IdentifierProblem) {
            return try PublicIdentity(kind, value)
        } catch {
            throw failure(reading + " value", at: start, .invalidIdentifier(error))
        }
    }

    mutating func readInboxes(_ reading: String) throws(BinaryDecodingError) -> [InboxID] {
        // An inbox ID takes at least two bytes: its length and one character.
        try readList(reading, minimumSize: 2) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readInbox(reading)
        }
    }

    mutating func readRole(_ reading: String) throws(BinaryDecodingError) -> Role {
        try readTag(reading, Role.init(wireTag:))
    }

    mutating func readSlot(_ reading: String) throws(BinaryDecodingError) -> PolicySlot {
        try readTag(reading, PolicySlot.init(wireTag:))
    }

    mutating func readPolicy(_ reading: String, depth: Int = 1) throws(BinaryDecodingError) -> Policy {
        let start = offset
        guard depth <= BinaryReader.maximumPolicyDepth else {
            throw failure(reading, at: start, .nestingTooDeep(limit: BinaryReader.maximumPolicyDepth))
        }
        let tag = try readTag(reading, PolicyTag.init(rawValue:))
        switch tag {
        case .allowAll: return .allowAll
        case .denyAll: return .denyAll
        case .moderatorOnly: return .moderatorOnly
        case .adminOnly: return .adminOnly
        case .superAdminOnly: return .superAdminOnly
        case .selfOnly: return .selfOnly
        case .formerMember: return .formerMember
        case .author: return .author
        case .all, .any:
            let policies = try readList(reading) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readPolicy(reading, depth: depth + 1)
            }
            return tag == .all ? .all(policies) : .any(policies)
        }
    }

    mutating func readMemberState(_ reading: String) throws(BinaryDecodingError) -> MemberState {
        switch try readTag(reading, MemberStateTag.init(rawValue:)) {
        case .active: return .active
        case .invited: return .invited
        case .pendingApproval: return .pendingApproval
        case .pendingRemoval: return .pendingRemoval
        case .former:
            let reason = try readTag(reading + " departure", Departure.Reason.init(wireTag:))
            let at = try readVarint(reading + " departure time")
            return .former(Departure(reason, at: at))
        }
    }

    mutating func readDisappearingMessages(_ reading: String) throws(BinaryDecodingError) -> DisappearingMessages {
        let fromNs = try readZigzag(reading + " fromNs")
        let inNs = try readZigzag(reading + " inNs")
        return DisappearingMessages(fromNs: fromNs, inNs: inNs)
    }
}

extension BinaryReader {
    /// Reads a count, then that many 32-byte keys.
    mutating func readPublicKeys(_ reading: String) throws(BinaryDecodingError) -> [PublicKey] {
        try readList(reading, minimumSize: PublicKey.byteCount) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try reader.readPublicKey(reading)
        }
    }

    /// Reads a signature: the signer's 32-byte public key, then the 64-byte signature.
    mutating func readSignature(_ reading: String) throws(BinaryDecodingError) -> CommitSignature {
        let key = try readPublicKey("\(reading) key")
        let start = offset
        let bytes = try readRawBytes(reading, count: CommitSignature.byteCount)
        guard let signature = CommitSignature(publicKey: key, bytes: bytes) else {
            throw failure(reading, at: start, .unexpectedEnd(needed: CommitSignature.byteCount, available: bytes.count))
        }
        return signature
    }
}
