import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport

// Helpers shared by the tests of fixture recording and shrinking.

/// The claims of a random log's pool, as a store ingests them.
func claims(of log: RandomLog) -> [IdentityClaims] {
    log.inboxes.map { IdentityClaims(inbox: $0, claims: log.directory.identities(of: $0)) }
}

/// Ingests a random log of `count` commits as `group`, with its pool's claims, and returns the
/// commits.
@discardableResult
func ingestRandomLog(into store: GroupStore, seed: UInt64, count: Int, lifecycle: Bool = false, group: GroupID = .test) throws -> [Commit] {
    var log = RandomLog(seed: seed)
    log.groupID = group
    log.lifecycle = lifecycle
    let commits = chained(log.commits(count: count))
    _ = try store.ingest(commits, claims: claims(of: log))
    return commits
}

/// A fixture's text read back, as `fixture run` reads its file.
func readBack(_ text: String) throws -> Fixture {
    try FixtureReader.read(Array(text.utf8))
}
