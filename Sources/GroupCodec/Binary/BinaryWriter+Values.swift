import GroupCore

// The values that appear in more than one record (their tags are in WireTags.swift):
//
// | value              | bytes                                                              |
// |--------------------|--------------------------------------------------------------------|
// | InboxID, GroupID   | string                                                             |
// | PublicIdentity     | kind tag, value string                                             |
// | Policy             | policy tag; `all` and `any` then a list of policies (decoders      |
// |                    | refuse nesting deeper than BinaryReader.maximumPolicyDepth)        |
// | MemberState        | state tag; `former` then departure reason tag, varint time         |
// | DisappearingMessages | zigzag fromNs, zigzag inNs                                       |

extension BinaryWriter {
    /// Appends an inbox ID as a string.
    public mutating func writeInbox(_ inbox: InboxID) {
        writeString(inbox.rawValue)
    }

    /// Appends a group ID as a string.
    public mutating func writeGroupID(_ groupID: GroupID) {
        writeString(groupID.rawValue)
    }

    /// Appends a public identity: its kind's tag, then its value.
    public mutating func writeIdentity(_ identity: PublicIdentity) {
        writeByte(identity.kind.wireTag)
        writeString(identity.value)
    }

    mutating func writeInboxes(_ inboxes: [InboxID]) {
        writeList(inboxes) { $0.writeInbox($1) }
    }

    mutating func writeRole(_ role: Role) {
        writeByte(role.wireTag)
    }

    mutating func writeSlot(_ slot: PolicySlot) {
        writeByte(slot.wireTag)
    }

    mutating func writeInt(_ value: Int) {
        writeZigzag(Int64(value))
    }

    mutating func writePolicy(_ policy: Policy) {
        switch policy {
        case .allowAll: writeByte(PolicyTag.allowAll.rawValue)
        case .denyAll: writeByte(PolicyTag.denyAll.rawValue)
        case .moderatorOnly: writeByte(PolicyTag.moderatorOnly.rawValue)
        case .adminOnly: writeByte(PolicyTag.adminOnly.rawValue)
        case .superAdminOnly: writeByte(PolicyTag.superAdminOnly.rawValue)
        case .selfOnly: writeByte(PolicyTag.selfOnly.rawValue)
        case .formerMember: writeByte(PolicyTag.formerMember.rawValue)
        case .author: writeByte(PolicyTag.author.rawValue)
        case let .all(policies):
            writeByte(PolicyTag.all.rawValue)
            writeList(policies) { $0.writePolicy($1) }
        case let .any(policies):
            writeByte(PolicyTag.any.rawValue)
            writeList(policies) { $0.writePolicy($1) }
        }
    }

    mutating func writeMemberState(_ state: MemberState) {
        switch state {
        case .active: writeByte(MemberStateTag.active.rawValue)
        case .invited: writeByte(MemberStateTag.invited.rawValue)
        case .pendingApproval: writeByte(MemberStateTag.pendingApproval.rawValue)
        case .pendingRemoval: writeByte(MemberStateTag.pendingRemoval.rawValue)
        case let .former(departure):
            writeByte(MemberStateTag.former.rawValue)
            writeByte(departure.reason.wireTag)
            writeVarint(departure.at)
        }
    }

    mutating func writeDisappearingMessages(_ setting: DisappearingMessages) {
        writeZigzag(setting.fromNs)
        writeZigzag(setting.inNs)
    }
}

extension BinaryWriter {
    /// Appends a count, then each key's 32 bytes.
    mutating func writePublicKeys(_ keys: [PublicKey]) {
        writeList(keys) { $0.writePublicKey($1) }
    }
}
