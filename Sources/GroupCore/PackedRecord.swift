/// A member record as a snapshot's flat roster holds it (``FlatRoster``): plain values only, its
/// inbox and adder as numbers into the flat roster's IDs and its keys beside it, so that a
/// snapshot writes and reads it as a fixed-width row (issue 18).
package struct PackedRecord: Equatable, Sendable {
    /// The number of the record's inbox among the flat roster's IDs.
    package var inbox: UInt32
    /// The number of the inbox that added it; ``PackedRecord/noAdder`` for none.
    package var adder: UInt32
    package var ordinal: UInt64
    /// Meaningful only with ``Flags/hasJoinedAt``.
    package var joinedAt: UInt64
    /// Meaningful only with ``Flags/isMuted``.
    package var mutedUntil: UInt64
    /// When a former member left or was removed; 0 for a current member.
    package var departedAt: UInt64
    package var role: Role
    package var state: StateCode
    package var flags: Flags

    package static let noAdder = UInt32.max

    /// ``MemberState`` without the departure's time, which ``departedAt`` holds.
    package enum StateCode: UInt8, Sendable {
        case active, invited, pendingApproval, pendingRemoval, left, removed
    }

    package struct Flags: OptionSet, Equatable, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let hasJoinedAt = Flags(rawValue: 1 << 0)
        package static let isMuted = Flags(rawValue: 1 << 1)
        package static let blockedForAll = Flags(rawValue: 1 << 2)
        package static let blocksGroup = Flags(rawValue: 1 << 3)
        /// The flat roster holds keys for the record's inbox.
        package static let hasKeys = Flags(rawValue: 1 << 4)
        /// Every flag a record may carry.
        package static let all: Flags = [.hasJoinedAt, .isMuted, .blockedForAll, .blocksGroup, .hasKeys]
    }

    /// `record` packed, with its inbox and adder numbered by the caller. Borrowed: an
    /// initializer takes its arguments owned, and each record packed was copied to be passed.
    init(_ record: borrowing MemberRecord, inbox: UInt32, adder: UInt32) {
        self.inbox = inbox
        self.adder = adder
        ordinal = record.ordinal
        joinedAt = record.joinedAt ?? 0
        mutedUntil = record.mutedUntil ?? 0
        role = record.role
        var flags: Flags = []
        if record.joinedAt != nil { flags.insert(.hasJoinedAt) }
        if record.mutedUntil != nil { flags.insert(.isMuted) }
        if record.blockedForAll { flags.insert(.blockedForAll) }
        if record.blocksGroup { flags.insert(.blocksGroup) }
        if !record.keys.isEmpty { flags.insert(.hasKeys) }
        self.flags = flags
        switch record.state {
        case .active: (state, departedAt) = (.active, 0)
        case .invited: (state, departedAt) = (.invited, 0)
        case .pendingApproval: (state, departedAt) = (.pendingApproval, 0)
        case .pendingRemoval: (state, departedAt) = (.pendingRemoval, 0)
        case let .former(departure): (state, departedAt) = (departure.reason == .left ? .left : .removed, departure.at)
        }
    }

    /// A record read from a snapshot's flat roster, as it was stored.
    package init(inbox: UInt32, adder: UInt32, ordinal: UInt64, joinedAt: UInt64, mutedUntil: UInt64, departedAt: UInt64,
         role: Role, state: StateCode, flags: Flags) {
        self.inbox = inbox
        self.adder = adder
        self.ordinal = ordinal
        self.joinedAt = joinedAt
        self.mutedUntil = mutedUntil
        self.departedAt = departedAt
        self.role = role
        self.state = state
        self.flags = flags
    }


    /// Whether the record is a current member's, in any state.
    var isCurrent: Bool { state != .left && state != .removed }

    var memberState: MemberState {
        switch state {
        case .active: .active
        case .invited: .invited
        case .pendingApproval: .pendingApproval
        case .pendingRemoval: .pendingRemoval
        case .left: .former(Departure(.left, at: departedAt))
        case .removed: .former(Departure(.removed, at: departedAt))
        }
    }

    /// The record readers see, given its inbox, adder and keys.
    func unpacked(inbox: InboxID, adder: InboxID?, keys: [PublicKey]) -> MemberRecord {
        MemberRecord(
            inbox: inbox, role: role, state: memberState,
            joinedAt: flags.contains(.hasJoinedAt) ? joinedAt : nil, addedBy: adder, ordinal: ordinal,
            blockedForAll: flags.contains(.blockedForAll), mutedUntil: flags.contains(.isMuted) ? mutedUntil : nil,
            blocksGroup: flags.contains(.blocksGroup), keys: keys)
    }
}
