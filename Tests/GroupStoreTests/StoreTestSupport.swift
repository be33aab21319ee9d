import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

// Helpers shared by the store's tests: the seam's suite (StoreTests, IngestTests, ...) and the
// LMDB backend's own (StoreFailureTests, ProcessTests, ...).

/// Runs `body` with the path of a fresh temporary directory, deleted afterwards.
///
/// Named apart from LMDBTests' private `withDirectory`, so neither shadows the other.
func withScratchDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-store-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}

/// `withScratchDirectory` for an async body.
func inScratchDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-store-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url.path)
}

/// Runs `body` with an LMDB store created in a fresh temporary directory (the store's own
/// directory is `store` inside it), deleted afterwards: for the LMDB backend's own tests; the
/// seam's suite makes its stores with `TestBackend.withNewStore`.
func withNewStore<T>(
    snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, defaultMemberLimit: Int = 250,
    _ body: (GroupStore) throws -> T
) throws -> T {
    try withScratchDirectory { root throws in
        let store = try GroupStore(path: root + "/store", options: StoreOptions(
            snapshotInterval: snapshotInterval, create: true, configuration: OperatorConfiguration(memberLimit: defaultMemberLimit)))
        return try body(store)
    }
}

/// Options that create the store when it is missing.
func creating(snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, initialMapSize: Int = 64 << 20) -> StoreOptions {
    StoreOptions(snapshotInterval: snapshotInterval, initialMapSize: initialMapSize, create: true)
}

extension Commit {
    /// The same commit with another previous hash.
    func with(previousHash: Digest?) -> Commit {
        Commit(groupID: groupID, sequence: sequence, actor: actor, time: time, changes: changes, previousHash: previousHash)
    }

    /// The same commit with another sequence (and the same previous hash).
    func with(sequence: UInt64) -> Commit {
        Commit(groupID: groupID, sequence: sequence, actor: actor, time: time, changes: changes, previousHash: previousHash)
    }
}

/// A random log of `count` commits of `group`, chained so that it can be ingested.
func randomChainedLog(seed: UInt64, count: Int, group: GroupID = .test) -> [Commit] {
    var settings = RandomLog(seed: seed)
    settings.groupID = group
    return chained(settings.commits(count: count))
}

/// The state after each commit and each commit's outcome, folded by a plain `Replica`.
struct Folded {
    var states: [GroupState?] = []
    var outcomes: [CommitOutcome] = []

    init(_ commits: [Commit], defaultMemberLimit: Int = GroupSettings.defaultMemberLimit) {
        var replica = Replica(defaultMemberLimit: defaultMemberLimit)
        for commit in commits {
            outcomes.append(replica.fold(commit))
            states.append(replica.state)
        }
    }

    var final: GroupState? { states.last ?? nil }
}

/// The state hash, or nil when there is no group.
func stateHash(_ state: GroupState?) -> Digest? { state.map(StateCodec.hash) }

/// Everything a reader of the store can see: each group's head, every commit with its outcome,
/// its head state's hash, what `verify` says, the cross-group index and the directory for
/// `inboxes`. Two equal values mean nothing visible was written in between.
struct StoreContents: Equatable, CustomStringConvertible {
    let groups: [GroupSummary]
    let logs: [GroupID: [LoggedCommit]]
    let stateHashes: [GroupID: Digest?]
    let problems: [VerifyProblem]
    let memberships: [InboxID: [GroupID]]
    let identities: [InboxID: [PublicIdentity]]

    init(_ store: any GroupLogStorage, inboxes: [InboxID]) throws {
        groups = try store.groups()
        var logs: [GroupID: [LoggedCommit]] = [:]
        var hashes: [GroupID: Digest?] = [:]
        for summary in groups {
            logs[summary.group] = try store.commits(of: summary.group)
            hashes[summary.group] = stateHash(try store.state(of: summary.group).state)
        }
        self.logs = logs
        stateHashes = hashes
        problems = try store.verify()
        var memberships: [InboxID: [GroupID]] = [:]
        var identities: [InboxID: [PublicIdentity]] = [:]
        for inbox in inboxes {
            memberships[inbox] = try store.groups(containing: inbox)
            identities[inbox] = try store.identities(of: inbox)
        }
        self.memberships = memberships
        self.identities = identities
    }

    var description: String {
        groups.map { "\($0.group)@\($0.headSequence)" }.joined(separator: ", ") + "; problems: \(problems)"
    }
}

/// The bytes of a file, or nil when it cannot be read.
func fileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

/// Every offset at which `needle` occurs in `haystack`.
func offsets(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
    guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
    var found: [Int] = []
    let first = needle[0]
    var index = 0
    let end = haystack.count - needle.count
    while index <= end {
        if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            found.append(index)
        }
        index += 1
    }
    return found
}

/// A chained log of `count` commits: commit 0 creates `group` (alix, with bo), the others rename
/// it in turn, each to a long name of its own, so that every record is unique in data.mdb and a
/// flipped name byte still decodes.
func renamingLog(of group: GroupID, count: Int) -> [Commit] {
    var builder = LogBuilder(groupID: group)
    var commits = [builder.commit(.alix, .create(CreateConversation(members: [.bo])))]
    for index in 1..<count {
        commits.append(builder.commit(index % 2 == 0 ? .alix : .bo, .updateName("name-of-commit-\(index)-padded-to-be-unique")))
    }
    return chained(commits)
}
