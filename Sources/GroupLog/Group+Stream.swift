/// Event streams (XMTP's `conversation.streamMessages()`, for a conversation's commits).
extension Group {
    /// The conversation's commits as they land, in sequence order, including those another
    /// process commits to the same store directory.
    ///
    /// The stream polls the store: whenever the log holds no commit it has not delivered, it
    /// sleeps for `interval` and reads the head again (a store opened in another process sees
    /// new commits on its next read). It runs in the iterating task and starts no task of its
    /// own, so cancelling that task, or breaking out of the loop, ends it with nothing left
    /// running: a cancelled iteration returns nil.
    ///
    /// Like XMTP's streams, it delivers only what landed: applied commits, unless
    /// `includingRejected` is set. (A submit the reducer refuses writes nothing; a rejected
    /// commit reaches a log only through ingest, as another replica sent it.)
    /// - Parameters:
    ///   - sequence: the first commit to deliver, so `0` replays the whole history first; nil
    ///     starts after the head as it is when this is called.
    ///   - interval: how long to sleep between polls of an idle log.
    ///   - includingRejected: deliver rejected commits too, with their rejections.
    /// - Returns: a stream whose iteration throws `GroupLogError.closed` once the store is closed,
    ///   `GroupLogError.store(.groupNotFound)` for a conversation the store does not hold, and
    ///   `GroupLogError.store` when a read fails.
    public func streamEvents(
        from sequence: UInt64? = nil, interval: Duration = GroupEventStream.defaultInterval,
        includingRejected: Bool = false
    ) -> GroupEventStream {
        let group = groupId
        let start: Result<UInt64, GroupLogError>
        if let sequence {
            start = .success(sequence)
        } else {
            // Read now, not on the first `next()`, so commits made before iterating begins count.
            do throws(GroupLogError) {
                start = .success(try store.reading { store throws(StoreError) in try store.headSequence(of: group) } + 1)
            } catch {
                start = .failure(error)
            }
        }
        return GroupEventStream(
            store: store, groupId: groupId, start: start, interval: interval, includingRejected: includingRejected)
    }
}
