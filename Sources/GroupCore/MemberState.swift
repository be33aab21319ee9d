/// Where an inbox stands in a conversation (SPEC section 3).
public enum MemberState: Equatable, Sendable {
    /// A full member.
    case active
    /// Added to a group whose invitations need consent; awaiting its own acceptance.
    case invited
    /// Asked to join; awaiting an admin.
    case pendingApproval
    /// Asked to leave; awaiting a super admin.
    case pendingRemoval
    /// Left or was removed; the record stays for audits.
    case former(Departure)

    /// Whether the inbox is a current member, in any state.
    public var isCurrent: Bool {
        if case .former = self { return false }
        return true
    }

    /// The name used in fixtures and the CLI; former members are `former`.
    public var name: String {
        switch self {
        case .active: "active"
        case .invited: "invited"
        case .pendingApproval: "pendingApproval"
        case .pendingRemoval: "pendingRemoval"
        case .former: "former"
        }
    }
}

/// How and when an inbox stopped being a member.
public struct Departure: Equatable, Sendable {
    public enum Reason: String, Equatable, Sendable {
        case left
        case removed
    }

    // The time first: after the reason's byte it was padded to sixteen bytes, and a member
    // record holds its state inline (issue 18, ``MemberRecord``'s layout).
    public let at: Milliseconds
    public let reason: Reason

    public init(_ reason: Reason, at: Milliseconds) {
        self.reason = reason
        self.at = at
    }
}
