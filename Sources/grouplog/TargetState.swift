import Foundation
import GroupAudit
import GroupCore
import GroupStore

/// The state a read command works on: a fixture file replayed, or a group of the store.
struct TargetState {
    let state: GroupState?
    /// The commit the state is after.
    let sequence: UInt64
    let directory: IdentityDirectory

    /// Whether a command-line target names a fixture file rather than a group: an existing file,
    /// or any name ending in `.json` (so that a mistyped file name says so, not "no store").
    static func isFixture(_ target: String) -> Bool {
        target.hasSuffix(".json") || FileManager.default.fileExists(atPath: target)
    }

    /// A fixture file, or else a group of the store.
    static func load(_ target: String, at: UInt64?, store: StoreLocation) throws -> TargetState {
        if isFixture(target) {
            return try FixtureReplay.replay(target, at: at) { _, _, _ in }
        }
        let opened = try store.open()
        let stored = try opened.state(of: try CommandValues.group(target), at: at)
        let directory = try opened.directory(for: stored.state?.records.map(\.inbox) ?? [])
        return TargetState(state: stored.state, sequence: stored.sequence, directory: directory)
    }

    /// The log folded from commit 0 through `at` (the end when nil), handing each commit, its
    /// outcome and its events to `report` as it goes.
    static func replay(
        _ target: String, at: UInt64?, store: StoreLocation, _ report: (Commit, CommitOutcome, [DomainEvent]) -> Void
    ) throws -> TargetState {
        if isFixture(target) { return try FixtureReplay.replay(target, at: at, report) }
        let opened = try store.open()
        let replayed = try opened.replay(try CommandValues.group(target), through: at, report)
        let directory = try opened.directory(for: replayed.state?.records.map(\.inbox) ?? [])
        return TargetState(state: replayed.state, sequence: replayed.sequence, directory: directory)
    }

    /// The state, or an input error saying the log created no group.
    func existing() throws(InputError) -> GroupState {
        guard let state else { throw InputError("no group: commit 0 of the log was not applied") }
        return state
    }
}

/// Folding a fixture's log, as `replay` and the read commands do.
enum FixtureReplay {
    static func replay(_ file: String, at: UInt64?, _ report: (Commit, CommitOutcome, [DomainEvent]) -> Void) throws -> TargetState {
        let source = try LogSource.fixture(file)
        let last = try source.checked(at ?? source.headSequence, option: "--at")
        var replica = try source.replica(before: source.firstSequence)
        try source.forEachCommit(from: source.firstSequence, through: last) { commit in
            let outcome = replica.fold(commit)
            report(commit, outcome, replica.lastEvents)
        }
        return TargetState(state: replica.state, sequence: last, directory: try source.directory(for: []))
    }
}
