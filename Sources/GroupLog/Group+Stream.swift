/// Event streams (XMTP's `conversation.streamMessages()`, for a conversation's commits).
extension Group {
    /// The conversation's commits as they land, in sequence order, including those another
    /// process commits to the same store directory.
    ///
    /// Whenever the log holds no commit it has not delivered, the stream waits on the store for
    /// the group's next commit: a commit made through this process's store wakes it at once, and
    /// one made by another process is seen when the wait ends after `interval` and the stream
    /// reads the head again. It runs in the iterating task and leaves no task of its own
    /// running, so cancelling that task, or breaking out of the loop, ends it: a cancelled
    /// iteration returns nil.
    ///
    /// Like XMTP's streams, it delivers only what landed: applied commits, unless
    /// `includingRejected` is set. (A submit the reducer refuses writes nothing; a rejected
    /// commit reaches a log only through ingest, as another replica sent it.)
    /// - Parameters:
    ///   - sequence: the first commit to deliver, so `0` replays the whole history first; nil
    ///     starts after the head as it is when this is called.
    ///   - interval: how long an idle stream waits before it reads the head again: the longest
    ///     it takes to see another process's commit.
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
