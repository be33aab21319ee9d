import GroupCodec
import GroupCore

/// Moving logs between fixtures and the store.
extension GroupStore {
    /// Ingests a fixture's log as group `group`, with its identities, in one transaction.
    ///
    /// The commits are chained as they are appended, identities are resolved through the
    /// fixture's directory, and the fixture's configuration is written into `create` and
    /// `registerFields`, so the stored log replays without the configuration.
    /// - Returns: each commit's outcome.
    @discardableResult
    public func importFixture(_ fixture: Fixture, as group: GroupID) throws(StoreError) -> [CommitOutcome] {
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
            let chained = Commit(groupID: group, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                                 changes: commit.changes, previousHash: previous)
            previous = CommitCodec.hash(chained)
            commits.append(chained)
        }
        return try ingest(commits, claims: fixture.identities)
    }

    /// The group's log as a fixture (JSON), with each commit's outcome and the final state as
    /// expectations, so that running the fixture checks the log.
    public func exportFixture(_ group: GroupID) throws(StoreError) -> JSONValue {
        var commits: [Commit] = []
        var outcomes: [CommitOutcome] = []
        let final = try replay(group) { commit, outcome, _ in
            commits.append(commit)
            outcomes.append(outcome)
        }
        var named = Set<InboxID>()
        for commit in commits {
            named.insert(commit.actor)
            for change in commit.changes { named.formUnion(Self.inboxesNamed(by: change)) }
        }
        let inboxes = named.sorted()
        var claims: [IdentityClaims] = []
        for inbox in inboxes {
            let identities = try identities(of: inbox)
            if !identities.isEmpty { claims.append(IdentityClaims(inbox: inbox, claims: identities)) }
        }
        return FixtureWriter.fixture(name: "export of group \(group)", commits: commits, outcomes: outcomes,
                                     state: final.state, identities: claims)
    }

    /// The inboxes a change names, resolved identities included.
    private static func inboxesNamed(by change: Change) -> [InboxID] {
        switch change {
        case let .create(request): request.members
        case let .addMembers(inboxes, identities): inboxes + identities.compactMap(\.inbox)
        case let .removeMembers(inboxes, _), let .setRole(inboxes, _), let .blockForAll(inboxes, _), let .mute(inboxes, _),
             let .unmute(inboxes), let .allowListAdd(inboxes), let .allowListRemove(inboxes), let .ban(inboxes), let .unban(inboxes):
            inboxes
        case let .approveJoin(inbox, _), let .rejectJoin(inbox): [inbox]
        case let .addAdmin(inbox), let .removeAdmin(inbox), let .addSuperAdmin(inbox),
             let .removeSuperAdmin(inbox), let .transferOwnership(inbox): [inbox]
        default: []
        }
    }
}
