/// Moderation (SPEC section 9): blocking for all, mutes, mute-all and its allow list, bans, and
/// blocking the group for oneself.
extension Group {
    /// Hides the messages of `inboxIds` from all, in one commit.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied` under the block-for-all policy or the seniority rule,
    ///   `memberNotFound`), nothing written.
    @discardableResult
    public func blockForAll(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "blockForAll")
        return try submit(.blockForAll(inboxes: inboxIds, blocked: true))
    }

    /// Shows the messages of `inboxIds` to all again, in one commit.
    /// - Throws: as `blockForAll(inboxIds:)`.
    @discardableResult
    public func unblockForAll(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "unblockForAll")
        return try submit(.blockForAll(inboxes: inboxIds, blocked: false))
    }

    /// Mutes `inboxIds` until `until`, in one commit: they cannot send before that time.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied` under the mute policy or the seniority rule, `memberNotFound`,
    ///   `invalidArgument` when `until` is not after the commit's time), nothing written.
    @discardableResult
    public func mute(inboxIds: [InboxID], until: Milliseconds) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "mute")
        return try submit(.mute(inboxes: inboxIds, until: until))
    }

    /// Lifts the mutes of `inboxIds`, in one commit.
    /// - Throws: as `mute(inboxIds:until:)`.
    @discardableResult
    public func unmute(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "unmute")
        return try submit(.unmute(inboxIds))
    }

    /// Turns mute-all on or off: while on, only admins and the allow list may send.
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` under the mute policy), nothing written.
    @discardableResult
    public func muteAll(_ on: Bool) async throws(GroupLogError) -> CommitReceipt {
        try submit(.muteAll(on))
    }

    /// Exempts `inboxIds` from mute-all, in one commit.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied` under the mute policy, `memberNotFound`), nothing written.
    @discardableResult
    public func addToAllowList(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "addToAllowList")
        return try submit(.allowListAdd(inboxIds))
    }

    /// Ends the mute-all exemption of `inboxIds`, in one commit.
    /// - Throws: as `addToAllowList(inboxIds:)`.
    @discardableResult
    public func removeFromAllowList(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "removeFromAllowList")
        return try submit(.allowListRemove(inboxIds))
    }

    /// Bans `inboxIds` in one commit: members among them are removed, and none can be added,
    /// invited or join until unbanned. An inbox that is not a member is banned in advance.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied` under the ban policy or the seniority rule,
    ///   `superAdminCannotBeRemoved`), nothing written.
    @discardableResult
    public func ban(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "ban")
        return try submit(.ban(inboxIds))
    }

    /// Lifts the bans of `inboxIds` in one commit; they do not become members again.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list; `GroupLogError.rejected`
    ///   (`permissionDenied` under the ban policy), nothing written.
    @discardableResult
    public func unban(inboxIds: [InboxID]) async throws(GroupLogError) -> CommitReceipt {
        try Group.requireInboxes(inboxIds, for: "unban")
        return try submit(.unban(inboxIds))
    }

    /// Blocks (or unblocks) the group for the acting member alone: it stops delivery to it.
    /// - Throws: `GroupLogError.rejected` when the acting inbox is not a member or is pending
    ///   removal (`notActive`), nothing written.
    @discardableResult
    public func blockGroup(_ on: Bool) async throws(GroupLogError) -> CommitReceipt {
        try submit(.blockGroup(on))
    }

    /// The members muted at `time` and until when, in join order.
    /// - Parameter time: when to judge; nil reads the store's clock.
    public func mutes(at time: Milliseconds? = nil) async throws(GroupLogError) -> [(inboxId: InboxID, until: Milliseconds)] {
        try current().0.mutes(at: time ?? store.options.now()).map { (inboxId: $0.inbox, until: $0.until) }
    }

    /// The members that blocked the group for themselves, in join order.
    public func groupBlockers() async throws(GroupLogError) -> [InboxID] {
        try current().0.groupBlockers()
    }

    /// The banned inboxes, in ID order.
    public func bannedInboxIds() async throws(GroupLogError) -> [InboxID] {
        // The state keeps a set; sort so the order is stable.
        try current().0.bans.sorted()
    }

    /// Whether `inboxId` may send at `time`: not an observer, active, not blocked for all nor
    /// muted past `time`, and while mute-all is on an admin or on the allow list; never in a
    /// deleted group.
    /// - Parameters:
    ///   - inboxId: the inbox asked about.
    ///   - time: when to judge; nil reads the store's clock.
    public func canSend(inboxId: InboxID, at time: Milliseconds? = nil) async throws(GroupLogError) -> Bool {
        let state = try current().0
        return state.canSend(inboxId, at: time ?? store.options.now())
    }
}
