import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore

/// Records a window of a log as a fixture that reproduces it: the window's commits with their
/// outcomes as expectations (and their signatures as stored), the state before the window as the
/// fixture's `start` (when the window begins after commit 0, with the hash of the commit before
/// it, so that the fixture's commits chain as stored), and the state at its end as the top-level
/// `expect`.
///
/// The state before the window comes from `LogSource.replica(before:)`, which for a store group
/// starts from the nearest snapshot: recording the last commits of a long log does not refold it.
/// Only the window's commits are held in memory.
public struct FixtureRecorder: Sendable {
    /// The log to record from.
    public let source: LogSource
    /// The group ID the fixture will be replayed under: that of its file's name (see
    /// `FixtureRunner`), unless the fixture names its group, as one holding a signature does.
    /// It is part of the state hash the fixture expects.
    public let groupID: GroupID

    /// A recorder of `source` for a fixture that will be replayed under `groupID`.
    public init(source: LogSource, replayedAs groupID: GroupID) {
        self.source = source
        self.groupID = groupID
    }

    /// Records commits `first...last` (by default the whole log).
    ///
    /// The fixture is read back and run before it is returned, so a recording that would not
    /// pass (an identity claimed since a commit recorded it unresolved) is an error, not a file.
    /// - Throws: `LogSourceError` for a window outside the log or backwards, `StoreError` when the
    ///   store cannot be read, `FixtureRecordingError` when the recording does not reproduce the log.
    public func record(from first: UInt64? = nil, through last: UInt64? = nil, name: String? = nil) throws -> RecordedFixture {
        let first = first ?? source.firstSequence
        let last = last ?? source.headSequence
        try source.check(first, option: "--from")
        try source.check(last, option: "--to")
        guard first <= last else { throw LogSourceError("--from \(first) is after --to \(last)") }

        var replica = try source.replica(before: first)
        let before = replica.state
        var commits: [Commit] = []
        var outcomes: [CommitOutcome] = []
        try source.forEachCommit(from: first, through: last) { commit in
            outcomes.append(replica.fold(commit))
            commits.append(commit)
        }
        // The window's first commit holds the hash of the commit before it: a signature covers
        // it, and the chain's next hash covers the signature.
        let start = first > 0 ? FixtureStart(sequence: first - 1, state: before, previousHash: commits.first?.previousHash) : nil
        let identities = FixtureWriter.identities(for: commits, in: try source.directory(for: FixtureWriter.inboxesNamed(in: commits)))
        let document = FixtureWriter.fixture(
            name: name ?? "commits \(first)...\(last) of \(source.name)", start: start, commits: commits,
            outcomes: outcomes, state: replica.state, identities: identities
        )
        let recorded = RecordedFixture(
            document: expectingHash(of: replica.state, in: document), first: first, last: last,
            applied: outcomes.filter(\.isApplied).count, rejected: outcomes.filter { !$0.isApplied }.count,
            changes: commits.reduce(0) { $0 + $1.changes.count }
        )
        let run = try FixtureRunner.run(try FixtureReader.read(Array(recorded.text.utf8)), groupID: groupID)
        if let difference = run.difference { throw FixtureRecordingError(difference: difference) }
        return recorded
    }

    /// `document` with `expect.stateHash` added: the hash of `state` as the replay makes it,
    /// under ``groupID``, or under the group the document names.
    private func expectingHash(of state: GroupState?, in document: JSONValue) -> JSONValue {
        guard let state, case var .object(top) = document, case var .object(expect)? = top["expect"] else { return document }
        var replayedAs = groupID
        if case let .string(text)? = top["group"], let named = try? GroupID(text) { replayedAs = named }
        expect["stateHash"] = .string(StateCodec.hash(state.relabeled(as: replayedAs)).hex)
        top["expect"] = .object(expect)
        return .object(top)
    }
}
