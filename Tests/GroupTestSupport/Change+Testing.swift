import GroupCore

extension Change {
    /// `addMembers` with inbox IDs only.
    public static func add(_ inboxes: InboxID...) -> Change { .addMembers(inboxes: inboxes, identities: []) }

    /// `removeMembers` without the `withMessages` flag.
    public static func remove(_ inboxes: InboxID...) -> Change { .removeMembers(inboxes: inboxes, withMessages: false) }

    /// `setRole` for the inboxes listed.
    public static func assign(_ role: Role, to inboxes: InboxID...) -> Change { .setRole(inboxes: inboxes, role: role) }
}

extension CommitOutcome {
    /// The rejection, or nil when the commit was applied.
    public var rejection: CommitRejection? {
        if case let .rejected(rejection) = self { return rejection }
        return nil
    }

    /// The error code, or nil when the commit was applied.
    public var code: String? { rejection?.reason.code }

    /// The index of the failing change; nil when applied or when the commit failed as a whole.
    public var changeIndex: Int? { rejection?.changeIndex }
}
