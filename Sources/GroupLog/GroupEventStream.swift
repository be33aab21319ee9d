import GroupStore

/// A conversation's commits as they land, from `Group.streamEvents()`: an `AsyncSequence` of
/// `GroupEvent`s in sequence order that ends when its task is cancelled and throws
/// `GroupLogError` when the store is closed or fails.
///
/// Each iterator reads and waits on its own, in the task that iterates it; two loops over one
/// stream each see every commit from the stream's start.
public struct GroupEventStream: AsyncSequence, Sendable {
    /// What the stream delivers.
    public typealias Element = GroupEvent
    /// What its iteration throws.
    public typealias Failure = GroupLogError

    /// How long an idle stream waits for a commit before it reads the head again, unless told
    /// otherwise, as `grouplog watch`: the longest it takes to see another process's commit.
    public static let defaultInterval: Duration = .milliseconds(100)
    /// Commits read from the log at a time, so a long replay holds no long read transaction.
    static let batch = 256

    /// The store the conversation lives in.
    public let store: GroupLogStore
    /// The conversation.
    public let groupId: GroupID
    /// How long an idle stream waits for a commit before it reads the head again. A commit made
    /// through this process's store wakes it at once; another process's is seen within this.
    public let interval: Duration
    /// Whether rejected commits are delivered too.
    public let includingRejected: Bool
    /// The first sequence to deliver, or why it could not be read.
    let start: Result<UInt64, GroupLogError>

    /// A stream of `groupId` from `start`; `Group.streamEvents()` makes these.
    init(store: GroupLogStore, groupId: GroupID, start: Result<UInt64, GroupLogError>, interval: Duration, includingRejected: Bool) {
        self.store = store
        self.groupId = groupId
        self.start = start
        self.interval = interval
        self.includingRejected = includingRejected
    }

    /// Waits until the log holds a commit after `sequence`, `interval` passes or the task is
    /// cancelled (the iterator then sees the cancellation).
    func waitForCommits(after sequence: UInt64) async throws(GroupLogError) {
        let open = try store.open()
        do throws(StoreError) {
            _ = try await open.waitForCommits(in: groupId, after: sequence, timeout: interval)
        } catch {
            throw GroupLogError(error)
        }
    }

    /// An iterator from the stream's start.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Reads the stream's commits, waiting on the store while it has none to deliver.
    public struct Iterator: AsyncIteratorProtocol {
        /// What the iterator delivers.
        public typealias Element = GroupEvent
        /// What it throws.
        public typealias Failure = GroupLogError

        private let stream: GroupEventStream
        /// The next sequence to read; nil once the iteration ended.
        private var next: UInt64?
        /// The error to throw first, when the start could not be read.
        private var pending: GroupLogError?
        /// Events read but not yet delivered, in order.
        private var buffered: [GroupEvent] = []
        private var position = 0

        init(stream: GroupEventStream) {
            self.stream = stream
            switch stream.start {
            case let .success(sequence): next = sequence
            case let .failure(error): pending = error
            }
        }

        /// The next commit, waiting for one to land; nil once the task is cancelled.
        /// - Throws: `GroupLogError.closed` once the store is closed, `GroupLogError.store` when
        ///   the conversation does not exist or a read fails. The iteration then ends.
        public mutating func next() async throws(GroupLogError) -> GroupEvent? {
            try await advance(isolation: nil)
        }

        /// The next commit, waiting in the caller's isolation for one to land; nil once the task
        /// is cancelled.
        /// - Throws: as `next()`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(GroupLogError) -> GroupEvent? {
            try await advance(isolation: actor)
        }

        private mutating func advance(isolation actor: isolated (any Actor)?) async throws(GroupLogError) -> GroupEvent? {
            if let error = pending {
                pending = nil
                next = nil
                throw error
            }
            while let sequence = next {
                if Task.isCancelled { return finish() }
                if position < buffered.count {
                    position += 1
                    return buffered[position - 1]
                }
                let read: [LoggedCommit]
                do throws(GroupLogError) {
                    read = try poll(from: sequence)
                } catch {
                    next = nil
                    throw error
                }
                if let last = read.last {
                    next = last.commit.sequence + 1
                    buffered = read.filter { stream.includingRejected || $0.outcome.isApplied }.map(GroupEvent.init)
                    position = 0
                    continue
                }
                do throws(GroupLogError) {
                    // The head is before `sequence` (the poll found nothing), so `sequence` is at least 1.
                    try await stream.waitForCommits(after: sequence - 1)
                } catch {
                    next = nil
                    throw error
                }
            }
            return nil
        }


        /// The commits from `sequence` on, up to a batch; empty when the head is before it.
        private func poll(from sequence: UInt64) throws(GroupLogError) -> [LoggedCommit] {
            let group = stream.groupId
            return try stream.store.reading { store throws(StoreError) in
                // One read of the head first: `commits` refuses a start past it.
                guard try store.headSequence(of: group) >= sequence else { return [] }
                return try store.commits(of: group, from: sequence, limit: GroupEventStream.batch)
            }
        }

        private mutating func finish() -> GroupEvent? {
            next = nil
            buffered = []
            return nil
        }
    }
}
