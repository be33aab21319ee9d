import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore

/// Moving logs between fixtures and the store, through the storage seam (any backend).
extension GroupLogStorage {
    /// Ingests a fixture's log as group `group`, with its identities, in one transaction.
    ///
    /// The commits are chained as they are appended (signed as the fixture's `keys` say, and
    /// verified by `ingest`), identities are resolved through the fixture's directory, the
    /// public halves of its keys are claimed for their inboxes, and the fixture's configuration is written into `create` and
    /// `registerFields`, so the stored log replays without the configuration.
    /// A fixture that starts mid-log is refused: a stored log begins at commit 0, and its start
    /// state has no commits to chain from.
    /// - Parameter progress: told after each commit is judged (see ``StoreProgress``).
    /// - Returns: each commit's outcome.
    @discardableResult
    public func importFixture(_ fixture: Fixture, as group: GroupID, progress: StoreProgress? = nil) throws(StoreError) -> [CommitOutcome] {
        if let start = fixture.start {
            throw .ingestRefused(group, sequence: start.firstSequence,
                                 reason: "the fixture starts after commit \(start.sequence), but a stored log begins at commit 0")
        }
        if (try? headSequence(of: group)) != nil {
            throw .ingestRefused(group, sequence: 0, reason: "group \(group) already exists")
        }
        let directory: IdentityDirectory
        do throws(FixtureError) {
            directory = try fixture.directory()
        } catch {
            throw .ingestRefused(group, sequence: nil, reason: error.description)
        }
        var commits: [Commit] = []
        var previous: Digest?
        for commit in FixtureRunner.commits(of: fixture, groupID: group, directory: directory) {
            // The runner signed the commit as the fixture says (SPEC section 14): keep it.
            let chained = Commit(groupID: group, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                                 changes: commit.changes, previousHash: previous, signature: commit.signature)
            previous = CommitCodec.hash(chained)
            commits.append(chained)
        }
        return try ingest(commits, claims: fixture.claims, progress: progress)
    }

    /// The group's log as a fixture (JSON), with each commit's outcome and the final state as
    /// expectations, so that running the fixture checks the log.
    /// - Parameter read: called after each commit is read, for a progress line.
    public func exportFixture(_ group: GroupID, read: () -> Void = {}) throws(StoreError) -> JSONValue {
        var commits: [Commit] = []
        var outcomes: [CommitOutcome] = []
        let final = try replay(group) { commit, outcome, _ in
            commits.append(commit)
            outcomes.append(outcome)
            read()
        }
        let claims = FixtureWriter.identities(for: commits, in: try directory(for: FixtureWriter.inboxesNamed(in: commits)))
        return FixtureWriter.fixture(name: "export of group \(group)", commits: commits, outcomes: outcomes,
                                     state: final.state, identities: claims)
    }
}
