import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The cross-group reads of SPEC section 9: the inbox-to-groups index and the directory, kept in
/// the same transaction as each commit, checked after every kind of membership change against
/// the folded states; and the events `commits(of:from:limit:)` returns. Part of the seam's suite
/// (every backend); LMDBIndexDamageTests damages LMDB's records for verify and rebuild.
struct CrossGroupTests {
    static let seeds: [UInt64] = [3, 11, 2_024]

    // MARK: The index and the directory follow the lifecycle

    /// After every commit of the lifecycle scenario, `groups(containing:)` lists exactly the groups
    /// each inbox is a current member of (in any state), and the directory exactly the groups
    /// whose join rule is open or approval and that are not deleted, with their current name
    /// and member count.
    @Test(arguments: TestBackend.all)
    func indexAndDirectoryFollowEveryMembershipChange(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            var scenario = Lifecycle(store)
            try scenario.create()
            try scenario.check("after the creates")
            #expect(try store.groups(containing: .alix) == [Lifecycle.dm, Lifecycle.gate, Lifecycle.invite, Lifecycle.open])
            #expect(try store.groups(containing: .bo) == [Lifecycle.gate, Lifecycle.invite, Lifecycle.open])
            #expect(try store.groups(containing: .davon) == [Lifecycle.dm])
            #expect(try store.groups(containing: .caro) == [])
            // Invite-only groups and DMs are not in the directory.
            #expect(try listings(store) == [
                Listing(Lifecycle.gate, "Gate", 2, .approval),
                Listing(Lifecycle.open, "Open", 2, .open),
            ])

            // An open join makes a member at once, and the directory counts it.
            try scenario.commit(Lifecycle.open, .caro, .join(link: nil), "caro joins open")
            #expect(try store.groups(containing: .caro) == [Lifecycle.open])
            #expect(try listing(store, Lifecycle.open)?.memberCount == 3)

            // A join request waiting for approval is a current member (pendingApproval).
            try scenario.commit(Lifecycle.gate, .davon, .join(link: nil), "davon asks to join gate")
            try scenario.commit(Lifecycle.gate, .eri, .join(link: nil), "eri asks to join gate")
            #expect(try store.state(of: Lifecycle.gate).state?.member(.davon)?.state == .pendingApproval)
            #expect(try store.groups(containing: .davon) == [Lifecycle.dm, Lifecycle.gate])
            #expect(try store.groups(containing: .eri) == [Lifecycle.gate])
            #expect(try listing(store, Lifecycle.gate)?.memberCount == 4)

            // Approval keeps it; rejection makes it a former member.
            try scenario.commit(Lifecycle.gate, .alix, .approveJoin(.davon, role: .moderator), "alix approves davon")
            #expect(try store.groups(containing: .davon) == [Lifecycle.dm, Lifecycle.gate])
            try scenario.commit(Lifecycle.gate, .alix, .rejectJoin(.eri), "alix rejects eri")
            #expect(try store.groups(containing: .eri) == [])
            #expect(try listing(store, Lifecycle.gate)?.memberCount == 3)

            // Invitations: invited is current; declining leaves, accepting stays.
            try scenario.commit(Lifecycle.invite, .alix, .add(.fen, .gus), "alix invites fen and gus")
            #expect(try store.state(of: Lifecycle.invite).state?.member(.fen)?.state == .invited)
            #expect(try store.groups(containing: .fen) == [Lifecycle.invite])
            #expect(try store.groups(containing: .gus) == [Lifecycle.invite])
            try scenario.commit(Lifecycle.invite, .fen, .declineInvitation, "fen declines")
            try scenario.commit(Lifecycle.invite, .gus, .acceptInvitation, "gus accepts")
            #expect(try store.groups(containing: .fen) == [])
            #expect(try store.groups(containing: .gus) == [Lifecycle.invite])

            // A ban removes the member; its refused join changes nothing; after unban it may join again.
            try scenario.commit(Lifecycle.open, .alix, .ban([.caro]), "alix bans caro")
            #expect(try store.groups(containing: .caro) == [])
            #expect(try listing(store, Lifecycle.open)?.memberCount == 2)
            let refused = #expect(throws: StoreError.self) { try scenario.commit(Lifecycle.open, .caro, .join(link: nil), "caro tries to join") }
            if case let .rejected(rejection)? = refused { #expect(rejection.reason.code == "banned") } else {
                Issue.record("expected a banned rejection, got \(String(describing: refused))")
            }
            try scenario.check("after the refused join")
            #expect(try store.groups(containing: .caro) == [])
            try scenario.commit(Lifecycle.open, .alix, .unban([.caro]), "alix unbans caro")
            #expect(try store.groups(containing: .caro) == [])
            try scenario.commit(Lifecycle.open, .caro, .join(link: nil), "caro joins again")
            #expect(try store.groups(containing: .caro) == [Lifecycle.open])

            // A direct leave.
            try scenario.commit(Lifecycle.open, .bo, .leave, "bo leaves open")
            #expect(try store.groups(containing: .bo) == [Lifecycle.gate, Lifecycle.invite])

            // A rename shows in the directory; a join through a link in an invite-only group does not list it.
            try scenario.commit(Lifecycle.gate, .alix, .updateName("Gate Two"), "alix renames gate")
            #expect(try listing(store, Lifecycle.gate) == Listing(Lifecycle.gate, "Gate Two", 3, .approval))
            try scenario.commit(Lifecycle.invite, .alix, .createLink("door", role: .member), "alix makes a link")
            try scenario.commit(Lifecycle.invite, .eri, .join(link: "door"), "eri joins invite by the link")
            #expect(try store.groups(containing: .eri) == [Lifecycle.invite])
            #expect(try listing(store, Lifecycle.invite) == nil)

            // Deleting a group takes it out of the directory.
            try scenario.commit(Lifecycle.open, .alix, .deleteGroup, "alix deletes open")
            #expect(try listings(store) == [Listing(Lifecycle.gate, "Gate Two", 3, .approval)])
            #expect(try store.directory(limit: 10).total == 1)
            #expect(try store.verify() == [])
        }
    }

    /// The same lifecycle, ingested in one transaction (as an import does), leaves the same index
    /// and directory as commit-by-commit submits.
    @Test(arguments: TestBackend.all)
    func ingestInOneTransactionIndexesLikeSubmits(backend: TestBackend) throws {
        try backend.withNewStore { submitted throws in
            var scenario = Lifecycle(submitted)
            try scenario.runAll()
            var commits: [Commit] = []
            for summary in try submitted.groups() {
                commits += try submitted.commits(of: summary.group).map(\.commit)
            }
            try backend.withNewStore { ingested throws in
                let outcomes = try ingested.ingest(commits)
                #expect(outcomes.filter { !$0.isApplied }.isEmpty)
                for inbox in Lifecycle.cast {
                    #expect(try ingested.groups(containing: inbox) == submitted.groups(containing: inbox), "inbox \(inbox)")
                }
                #expect(try listings(ingested) == listings(submitted))
                #expect(try ingested.verify() == [])
            }
        }
    }

    // MARK: Paging

    @Test(arguments: TestBackend.all)
    func groupsContainingPagesWithNextCursorsAndTotal(backend: TestBackend) throws {
        let groups = ["g1", "g2", "g3"].map(GroupID.named)
        try backend.withNewStore { store throws in
            for group in groups.reversed() {
                try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            try store.submit(to: .named("other"), actor: .caro, time: 1, changes: [.create(CreateConversation(members: [.davon]))])

            var pages: [GroupPage<GroupID>] = []
            var cursor: GroupID?
            repeat {
                let page = try store.groups(containing: .bo, after: cursor, limit: 1)
                pages.append(page)
                cursor = page.next
            } while cursor != nil && pages.count < 10
            #expect(pages == [
                GroupPage(items: [groups[0]], total: 3, next: groups[0]),
                GroupPage(items: [groups[1]], total: 3, next: groups[1]),
                GroupPage(items: [groups[2]], total: 3, next: nil),
            ])

            #expect(try store.groups(containing: .bo, limit: 2) == GroupPage(items: [groups[0], groups[1]], total: 3, next: groups[1]))
            #expect(try store.groups(containing: .bo, limit: 3) == GroupPage(items: groups, total: 3, next: nil))
            #expect(try store.groups(containing: .bo, after: groups[2], limit: 5) == GroupPage(items: [], total: 3, next: nil))
            // A cursor between two IDs starts after it.
            #expect(try store.groups(containing: .bo, after: .named("g1a"), limit: 5) == GroupPage(items: [groups[1], groups[2]], total: 3, next: nil))
            #expect(try store.groups(containing: .eri, limit: 5) == GroupPage(items: [], total: 0, next: nil))

            // A removal changes the total.
            try store.submit(to: groups[1], actor: .alix, time: 2, changes: [.remove(.bo)])
            #expect(try store.groups(containing: .bo, limit: 1) == GroupPage(items: [groups[0]], total: 2, next: groups[0]))
            #expect(try store.groups(containing: .bo, after: groups[0], limit: 1) == GroupPage(items: [groups[2]], total: 2, next: nil))
        }
    }

    @Test(arguments: TestBackend.all)
    func directoryPagesWithNextCursorsAndTotal(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let names = ["d-a", "d-b", "d-c", "d-d"]
            for (index, name) in names.enumerated() {
                let rule: JoinRule = index == 2 ? .inviteOnly : (index % 2 == 0 ? .open : .approval)
                try store.submit(to: .named(name), actor: .alix, time: 1, changes: [
                    .create(CreateConversation(members: Array([InboxID.bo, .caro, .davon].prefix(index)), name: name.uppercased(), joinRule: rule)),
                ])
            }
            let first = try store.directory(limit: 1)
            #expect(first.total == 3)
            #expect(first.items.map(Listing.init) == [Listing(.named("d-a"), "D-A", 1, .open)])
            #expect(first.next == .named("d-a"))
            let second = try store.directory(after: first.next, limit: 1)
            #expect(second.items.map(Listing.init) == [Listing(.named("d-b"), "D-B", 2, .approval)])
            #expect(second.next == .named("d-b"))
            let third = try store.directory(after: second.next, limit: 1)
            #expect(third.items.map(Listing.init) == [Listing(.named("d-d"), "D-D", 4, .approval)])
            #expect(third.next == nil)
            #expect(try store.directory(after: .named("d-d"), limit: 1) == GroupPage(items: [], total: 3, next: nil))
        }
    }

    // MARK: Events of the log

    /// Each commit's events from `commits(of:from:limit:)` are those a plain `Replica` fold gives,
    /// from every starting point, before and after snapshots.
    @Test(arguments: TestBackend.all, seeds)
    func commitsCarryTheEventsOfAReplicaFold(backend: TestBackend, seed: UInt64) throws {
        let log = randomChainedLog(seed: seed, count: 40)
        var replica = Replica()
        var expected: [LoggedCommit] = []
        for commit in log {
            let outcome = replica.fold(commit)
            expected.append(LoggedCommit(commit: commit, outcome: outcome, events: replica.lastEvents))
        }
        #expect(expected.contains { $0.events.count > 1 }, "seed \(seed): the log yields few events")
        try backend.withNewStore(snapshotInterval: 4) { store throws in
            try store.ingest(log)
            #expect(try store.commits(of: .test) == expected, "seed \(seed)")
            for first in 0..<log.count {
                let tail = Array(expected[first...])
                #expect(try store.commits(of: .test, from: UInt64(first)) == tail, "seed \(seed) from \(first)")
                #expect(try store.commits(of: .test, from: UInt64(first), limit: 1) == [expected[first]], "seed \(seed) from \(first)")
                #expect(try store.commits(of: .test, from: UInt64(first), limit: 5) == Array(tail.prefix(5)), "seed \(seed) from \(first)")
            }
            #expect(try store.commits(of: .test, from: 3, limit: 0) == [])
        }
    }

    /// The lifecycle scenario's events, read back from a store with a snapshot every 2 commits.
    @Test(arguments: TestBackend.all)
    func lifecycleEventsMatchAReplicaFold(backend: TestBackend) throws {
        try backend.withNewStore(snapshotInterval: 2) { store throws in
            var scenario = Lifecycle(store)
            try scenario.runAll()
            for summary in try store.groups() {
                let logged = try store.commits(of: summary.group)
                var replica = Replica()
                for entry in logged {
                    #expect(replica.fold(entry.commit) == entry.outcome)
                    #expect(entry.events == replica.lastEvents, "\(summary.group) commit \(entry.commit.sequence)")
                }
                for first in 1..<logged.count {
                    #expect(try store.commits(of: summary.group, from: UInt64(first)) == Array(logged[first...]))
                }
            }
            let gate = try store.commits(of: Lifecycle.gate, from: 1)
            #expect(gate.map(\.events) == [
                [.joinRequested(.davon, link: nil)],
                [.joinRequested(.eri, link: nil)],
                [.joinApproved(.davon, role: .moderator)],
                [.joinRejected(.eri)],
                [.metadataChanged("name")],
            ])
            let open = try store.commits(of: Lifecycle.open, from: 1)
            #expect(open.map(\.events) == [
                [.memberJoined(.caro, link: nil)],
                [.memberRemoved(.caro, withMessages: false), .memberBanned(.caro)],
                [.memberUnbanned(.caro)],
                [.memberJoined(.caro, link: nil)],
                [.memberLeft(.bo)],
                [.groupDeleted],
            ])
        }
    }
}

// MARK: - Helpers

/// The lifecycle scenario: four conversations and every way an inbox's membership changes,
/// checking the index and the directory against the folded states after each commit.
struct Lifecycle {
    static let open = GroupID.named("open"), gate = GroupID.named("gate")
    static let invite = GroupID.named("invite"), dm = GroupID.named("dm")
    static let cast: [InboxID] = [.alix, .bo, .caro, .davon, .eri, .fen, .gus]

    let store: any GroupLogStorage
    private var clock: Milliseconds = 1_000

    init(_ store: any GroupLogStorage) { self.store = store }

    /// open (join rule open, direct leave), gate (approval), invite (invite-only, invitations
    /// need consent) and a DM.
    mutating func create() throws {
        try commit(Self.open, .alix, .create(CreateConversation(members: [.bo], name: "Open", leaveRule: .direct, joinRule: .open)), "create open")
        try commit(Self.gate, .alix, .create(CreateConversation(members: [.bo], name: "Gate", joinRule: .approval)), "create gate")
        try commit(Self.invite, .alix, .create(CreateConversation(members: [.bo], name: "Invite", invitesNeedConsent: true)), "create invite")
        try commit(Self.dm, .davon, .create(CreateConversation(kind: .dm, members: [.alix])), "create dm")
    }

    /// Every commit of the scenario, without the test's own expectations in between.
    mutating func runAll() throws {
        try create()
        let steps: [(GroupID, InboxID, Change)] = [
            (Self.open, .caro, .join(link: nil)),
            (Self.gate, .davon, .join(link: nil)),
            (Self.gate, .eri, .join(link: nil)),
            (Self.gate, .alix, .approveJoin(.davon, role: .moderator)),
            (Self.gate, .alix, .rejectJoin(.eri)),
            (Self.invite, .alix, .add(.fen, .gus)),
            (Self.invite, .fen, .declineInvitation),
            (Self.invite, .gus, .acceptInvitation),
            (Self.open, .alix, .ban([.caro])),
            (Self.open, .alix, .unban([.caro])),
            (Self.open, .caro, .join(link: nil)),
            (Self.open, .bo, .leave),
            (Self.gate, .alix, .updateName("Gate Two")),
            (Self.invite, .alix, .createLink("door", role: .member)),
            (Self.invite, .eri, .join(link: "door")),
            (Self.open, .alix, .deleteGroup),
        ]
        for (group, actor, change) in steps { try commit(group, actor, change, "\(actor) \(change.op) in \(group)") }
    }

    /// Submits one change, then checks the index and the directory against the states.
    mutating func commit(
        _ group: GroupID, _ actor: InboxID, _ change: Change, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        clock += 1_000
        try store.submit(to: group, actor: actor, time: clock, changes: [change])
        try check(step, sourceLocation: sourceLocation)
    }

    /// The index lists, for every inbox of the cast, the groups whose state holds it as a current
    /// member; the directory lists the listable groups with their state's name and count.
    func check(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var states: [(GroupID, GroupState)] = []
        for summary in try store.groups() {
            if let state = try store.state(of: summary.group).state { states.append((summary.group, state)) }
        }
        for inbox in Self.cast {
            let expected = states.filter { $0.1.member(inbox)?.isCurrent == true }.map(\.0)
            let page = try store.groups(containing: inbox, limit: 100)
            #expect(page.items == expected, "\(step): groups of \(inbox)", sourceLocation: sourceLocation)
            #expect(page.total == expected.count, "\(step): total of \(inbox)", sourceLocation: sourceLocation)
        }
        let listed = states.filter { _, state in
            state.kind == .group && !state.isDeleted && state.settings.joinRule != .inviteOnly
        }.map { group, state in Listing(group, state.metadata.name, state.memberCount, state.settings.joinRule) }
        #expect(try listings(store) == listed, "\(step): directory", sourceLocation: sourceLocation)
    }
}

/// A directory entry's fields, to compare with what a state says.
struct Listing: Equatable, CustomStringConvertible {
    let group: GroupID
    let name: String
    let memberCount: Int
    let joinRule: JoinRule

    init(_ group: GroupID, _ name: String, _ memberCount: Int, _ joinRule: JoinRule) {
        self.group = group
        self.name = name
        self.memberCount = memberCount
        self.joinRule = joinRule
    }

    init(_ entry: DirectoryEntry) { self.init(entry.group, entry.name, entry.memberCount, entry.joinRule) }

    var description: String { "\(group) \(joinRule.rawValue) \(memberCount) \(name.debugDescription)" }
}

/// Every directory entry, as listings.
func listings(_ store: any GroupLogStorage) throws -> [Listing] {
    try store.directory(limit: .max).items.map(Listing.init)
}

/// The directory's listing of one group, if any.
func listing(_ store: any GroupLogStorage, _ group: GroupID) throws -> Listing? {
    try listings(store).first { $0.group == group }
}

/// What the cross-group reads return for the lifecycle's cast.
struct CrossGroupReads: Equatable {
    let groups: [InboxID: GroupPage<GroupID>]
    let directory: GroupPage<DirectoryEntry>

    init(_ store: any GroupLogStorage) throws {
        var groups: [InboxID: GroupPage<GroupID>] = [:]
        for inbox in Lifecycle.cast { groups[inbox] = try store.groups(containing: inbox, limit: 100) }
        self.groups = groups
        directory = try store.directory(limit: 100)
    }
}
