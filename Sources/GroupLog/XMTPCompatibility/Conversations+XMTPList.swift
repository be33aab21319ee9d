/// XMTPiOS's `Conversations` listing, streaming and syncing.
///
/// GroupLog carries no messages and records no consent: a conversation's last activity is its
/// creation, and every conversation counts as `ConsentState.allowed`. Lists are newest first
/// (ties by ID), as XMTPiOS orders them.
extension Conversations {
    /// The groups the acting inbox is a current member of (XMTPiOS's `listGroups(...)`).
    /// - Parameters:
    ///   - createdAfterNs: only those created after this time, in nanoseconds.
    ///   - createdBeforeNs: only those created before it.
    ///   - lastActivityAfterNs: as `createdAfterNs`, since last activity is creation.
    ///   - lastActivityBeforeNs: as `createdBeforeNs`.
    ///   - limit: at most this many.
    ///   - consentStates: a list without `.allowed` lists nothing.
    ///   - orderBy: either order is newest first.
    public func listGroups(
        createdAfterNs: Int64? = nil, createdBeforeNs: Int64? = nil, lastActivityAfterNs: Int64? = nil,
        lastActivityBeforeNs: Int64? = nil, limit: Int? = nil, consentStates: [ConsentState]? = nil,
        orderBy: ConversationsOrderBy = .lastActivity
    ) throws(GroupLogError) -> [Group] {
        try listed(.groups, after: [createdAfterNs, lastActivityAfterNs], before: [createdBeforeNs, lastActivityBeforeNs],
                   limit: limit, consentStates: consentStates).map(\.handle)
    }

    /// The DMs of the acting inbox (XMTPiOS's `listDms(...)`); the parameters are those of
    /// `listGroups(createdAfterNs:createdBeforeNs:lastActivityAfterNs:lastActivityBeforeNs:limit:consentStates:orderBy:)`.
    public func listDms(
        createdAfterNs: Int64? = nil, createdBeforeNs: Int64? = nil, lastActivityBeforeNs: Int64? = nil,
        lastActivityAfterNs: Int64? = nil, limit: Int? = nil, consentStates: [ConsentState]? = nil,
        orderBy: ConversationsOrderBy = .lastActivity
    ) throws(GroupLogError) -> [Dm] {
        try listed(.dms, after: [createdAfterNs, lastActivityAfterNs], before: [createdBeforeNs, lastActivityBeforeNs],
                   limit: limit, consentStates: consentStates).compactMap { conversation in
            if case let .dm(dm) = conversation { dm } else { nil }
        }
    }

    /// The groups and DMs of the acting inbox (XMTPiOS's `list(...)`); the parameters are those
    /// of `listGroups(createdAfterNs:createdBeforeNs:lastActivityAfterNs:lastActivityBeforeNs:limit:consentStates:orderBy:)`.
    public func list(
        createdAfterNs: Int64? = nil, createdBeforeNs: Int64? = nil, lastActivityBeforeNs: Int64? = nil,
        lastActivityAfterNs: Int64? = nil, limit: Int? = nil, consentStates: [ConsentState]? = nil,
        orderBy: ConversationsOrderBy = .lastActivity
    ) async throws(GroupLogError) -> [Conversation] {
        try listed(.all, after: [createdAfterNs, lastActivityAfterNs], before: [createdBeforeNs, lastActivityBeforeNs],
                   limit: limit, consentStates: consentStates)
    }

    /// Does nothing: the store is local and every read is current (XMTPiOS's `sync()`).
    public func sync() async throws(GroupLogError) {}

    /// Does nothing but count: every conversation is always in sync (XMTPiOS's
    /// `syncAllConversations(consentStates:)`). Both counts are the conversations the acting
    /// inbox is a current member of, those `consentStates` selects.
    public func syncAllConversations(consentStates: [ConsentState]? = nil) async throws(GroupLogError) -> GroupSyncSummary {
        let count = UInt64(try listed(.all, after: [], before: [], limit: nil, consentStates: consentStates).count)
        return GroupSyncSummary(numEligible: count, numSynced: count)
    }

    /// New conversations of the acting inbox as they appear, from this process or another one
    /// sharing the store (XMTPiOS's `stream(type:onClose:)`).
    ///
    /// It polls the store's list of the inbox's conversations (the storage seam tells waiters of
    /// one group's next commit, not of new groups), and delivers each conversation that was not in it when `stream` was called, once,
    /// when the inbox is first seen as a member (created with it, added, invited or joining).
    /// Ending the iteration or cancelling its task stops the polling and calls `onClose`.
    /// - Parameters:
    ///   - type: all conversations, groups only or DMs only.
    ///   - onClose: called once when the stream ends.
    /// - Returns: a stream that finishes with `GroupLogError.closed` once the store is closed,
    ///   `GroupLogError.store` when a read fails.
    public func stream(
        type: ConversationFilterType = .all, onClose: (@Sendable () -> Void)? = nil
    ) -> AsyncThrowingStream<Conversation, any Error> {
        let conversations = self
        // Read now, not when iteration begins, so a conversation made right after this call counts.
        let initial = Result { () throws(GroupLogError) in Set(try conversations.memberGroups().map(\.groupId)) }
        return AsyncThrowingStream { continuation in
            let task = Task {
                do throws(GroupLogError) {
                    var seen = try initial.get()
                    while !Task.isCancelled {
                        // The store lists groups by ID; those found in one poll go out oldest first.
                        var found: [(conversation: Conversation, createdAtNs: Int64)] = []
                        for group in try conversations.memberGroups() where !seen.contains(group.groupId) {
                            seen.insert(group.groupId)
                            let conversation = try Conversation(group)
                            found.append((conversation, conversation.createdAtNs))
                        }
                        for (conversation, _) in found.sorted(by: { ($0.createdAtNs, $0.conversation.id) < ($1.createdAtNs, $1.conversation.id) })
                        where type.admits(conversation.type == .dm ? .dm : .group) {
                            continuation.yield(conversation)
                        }
                        try? await Task.sleep(for: GroupEventStream.defaultInterval)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in
                task.cancel()
                onClose?()
            }
        }
    }

    /// The conversations of `type`, filtered and ordered as the list calls describe.
    private func listed(
        _ type: ConversationFilterType, after: [Int64?], before: [Int64?], limit: Int?, consentStates: [ConsentState]?
    ) throws(GroupLogError) -> [Conversation] {
        if let consentStates, !consentStates.contains(.allowed) { return [] }
        if let limit, limit <= 0 { return [] }
        var found: [(conversation: Conversation, createdAtNs: Int64)] = []
        for group in try memberGroups() {
            let state = try group.current().0
            guard type.admits(state.kind) else { continue }
            let created = Int64(state.createdAt) * 1_000_000
            guard after.allSatisfy({ $0.map { created > $0 } ?? true }),
                  before.allSatisfy({ $0.map { created < $0 } ?? true }) else { continue }
            found.append((state.kind == .dm ? .dm(Dm(group)) : .group(group), created))
        }
        found.sort { ($0.createdAtNs, $1.conversation.id) > ($1.createdAtNs, $0.conversation.id) }
        let ordered = found.map(\.conversation)
        return limit.map { Array(ordered.prefix($0)) } ?? ordered
    }
}
