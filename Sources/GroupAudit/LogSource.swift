import GroupCore
import GroupFixtures
import GroupStore

/// A conversation's log for the audit tools and the read commands: a group of a store, or the
/// log of a fixture.
///
/// Both are read the same way, commit by commit and in constant memory, so that every tool works
/// on a store group and on a fixture file alike: opened from a command-line target
/// (`open(_:store:)`), replayed to a sequence (`replay(through:option:_:)`), or read at one
/// (`state(at:option:)`).
public struct LogSource: Sendable {
    enum Backing: Sendable {
        case store(any GroupLogStorage, GroupID)
        /// The fixture's commits as the reducer sees them, and the replica they start from.
        case fixture(Fixture, commits: [Commit], start: Replica)
    }

    let backing: Backing
    /// The group ID, or the fixture's file.
    public let name: String
    /// The first commit of the log that can be read: 0, or the commit after a fixture's start state.
    public let firstSequence: UInt64
    /// The last commit of the log.
    public let headSequence: UInt64

    /// A group of a store.
    public init(store: any GroupLogStorage, group: GroupID) throws(StoreError) {
        backing = .store(store, group)
        name = group.rawValue
        firstSequence = 0
        headSequence = try store.headSequence(of: group)
    }

    /// A fixture's log, replayed under `groupID`.
    public init(fixture: Fixture, groupID: GroupID, name: String) throws(FixtureError) {
        let directory = try fixture.directory()
        let commits = FixtureRunner.commits(of: fixture, groupID: groupID, directory: directory)
        let start = try FixtureRunner.startingReplica(of: fixture, groupID: groupID)
        backing = .fixture(fixture, commits: commits, start: start)
        self.name = name
        firstSequence = fixture.firstSequence
        headSequence = commits.last?.sequence ?? fixture.firstSequence
    }

    /// The fixture this log was read from; nil for a store group.
    public var fixture: Fixture? {
        if case let .fixture(fixture, _, _) = backing { return fixture }
        return nil
    }

    /// The claims of `inboxes`: the fixture's own, or the store's as they stand now.
    public func directory(for inboxes: [InboxID]) throws -> IdentityDirectory {
        switch backing {
        case let .store(store, _): try store.directory(for: inboxes)
        case let .fixture(fixture, _, _): try fixture.directory()
        }
    }

    /// Refuses a sequence outside the log, naming the option that gave it.
    public func check(_ sequence: UInt64, option: String) throws(LogSourceError) {
        guard sequence <= headSequence else {
            throw LogSourceError("\(option) \(sequence) is past the log's last commit, \(headSequence)")
        }
        guard sequence >= firstSequence else {
            throw LogSourceError("\(option) \(sequence) is before the log's first commit, \(firstSequence)")
        }
    }

    /// Refuses a point outside the log: a point is the state after a commit, and the state a
    /// fixture starts from (after the commit before its first) is one too.
    public func checkPoint(_ sequence: UInt64, option: String) throws(LogSourceError) {
        if firstSequence > 0 && sequence == firstSequence - 1 { return }
        try check(sequence, option: option)
    }

    /// Hands commits `first...last` to `body` in order, without folding them.
    /// - Throws: `LogSourceError` for a range outside the log; `StoreError` when the store fails.
    public func forEachCommit(from first: UInt64, through last: UInt64, _ body: (Commit) -> Void) throws {
        guard first <= last else { return }
        try check(first, option: "commit")
        try check(last, option: "commit")
        switch backing {
        case let .store(store, group):
            try store.forEachCommit(of: group, from: first, through: last, body)
        case let .fixture(_, commits, _):
            guard first <= last, let offset = commits.first?.sequence else { return }
            for commit in commits[Int(first - offset)...Int(last - offset)] { body(commit) }
        }
    }

    /// The replica as it stands before commit `sequence`: the log folded through `sequence - 1`.
    /// - Throws: `LogSourceError` unless `sequence` is a commit of the log or the one after its
    ///   last; `StoreError` when the store fails.
    public func replica(before sequence: UInt64) throws -> Replica {
        if sequence < firstSequence {
            throw LogSourceError("commit \(sequence) is before the log's first commit, \(firstSequence)")
        }
        if sequence > firstSequence { try check(sequence - 1, option: "commit") }
        switch backing {
        case let .store(store, group):
            guard sequence > 0 else { return Replica() }
            return Replica(resuming: try store.state(of: group, at: sequence - 1).state)
        case let .fixture(_, commits, start):
            var replica = start
            guard let offset = commits.first?.sequence, sequence > offset else { return replica }
            for commit in commits[0..<Int(sequence - offset)] { replica.fold(commit, recordingEvents: false) }
            return replica
        }
    }

    /// The state after commit `sequence` (see ``checkPoint(_:option:)``); nil when the log
    /// created no group.
    public func state(after sequence: UInt64) throws -> GroupState? {
        try checkPoint(sequence, option: "commit")
        return try replica(before: sequence + 1).state
    }
}

/// A sequence or name that does not fit the log it was given for.
public struct LogSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
