import GroupCore

/// A seeded generator of random but plausible logs of one conversation, for property tests and
/// benchmarks. The same seed and settings give the same log on every run and machine.
///
/// Two modes:
/// - ``commits(count:)``: a log over a small pool of inboxes (`inboxCount` of them) that uses
///   every change kind but the field ops (the lifecycle's only with ``lifecycle`` set), with
///   valid and invalid arguments mixed so that a good share of commits
///   is applied and a good share rejected. Some commits hold several changes; now and then a
///   commit's time goes backwards, a commit after 0 holds a `create`, or commit 0 itself is
///   rejected (so the rest of that log is `groupNotFound`).
/// - ``growingCommits(count:members:batchSize:)``: a large, mostly valid log, made lazily: it
///   grows a group to a given size with `addMembers` batches, then mixes cheap changes. A
///   benchmark streams a million commits over a hundred thousand members from it.
///
/// ```swift
/// let log = RandomLog(seed: 42, inboxCount: 12).commits(count: 500)
/// for commit in RandomLog(seed: 7).growingCommits(count: 1_000_000, members: 100_000) { ... }
/// ```
public struct RandomLog: Sendable {
    public let seed: UInt64
    /// The size of the pool of inboxes ``commits(count:)`` draws its actors and subjects from.
    public let inboxCount: Int
    public var groupID: GroupID = .test
    /// The time of commit 0.
    public var start: Milliseconds = 1_700_000_000_000
    /// The most changes one commit of ``commits(count:)`` holds.
    public var maxChangesPerCommit = 3
    /// The chance, in percent, that a commit of ``commits(count:)`` goes back in time.
    public var backwardsPercent = 2
    /// Whether ``commits(count:)`` uses the lifecycle of SPEC section 9 too: join rules and
    /// admission at creation, invitations answered, joins, approvals, links, blocking, mutes,
    /// mute-all and the allow list, bans, blocking the group and, rarely, its deletion. Off by
    /// default, so that a seed gives the log it always gave.
    public var lifecycle = false
    /// Whether ``commits(count:)`` signs too (SPEC section 14): every inbox of the pool has a key
    /// (and a spare), changes that make members record them, about half the groups require
    /// signatures, members now and then change their keys, and most commits claim their actor's
    /// key while some are unsigned or claim another inbox's (the reducer never verifies: see
    /// ``CommitSignature/claimed(by:)``). Off by default, so that a seed gives the log it always gave.
    public var signing = false

    /// The pool: `u00`, `u01`, ... (the width grows with `inboxCount`).
    public let inboxes: [InboxID]
    /// The identities the pool claims: each inbox a handle `@uNN` and an account `0xuNN`, which
    /// `addMembers` names now and then instead of the inbox ID.
    public let directory: IdentityDirectory

    /// - Parameters:
    ///   - seed: the seed of every random choice.
    ///   - inboxCount: the size of the pool for ``commits(count:)``; at least 3.
    public init(seed: UInt64, inboxCount: Int = 12) {
        precondition(inboxCount >= 3, "a random log needs a pool of at least three inboxes")
        self.seed = seed
        self.inboxCount = inboxCount
        let width = String(inboxCount - 1).count
        let names = (0..<inboxCount).map { index -> String in
            let digits = String(index)
            return "u" + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        inboxes = names.map(InboxID.named)
        var directory = IdentityDirectory()
        for (inbox, name) in zip(inboxes, names) {
            // Fresh names cannot be held by another inbox, so no claim is refused.
            try? directory.claim(.handle("@" + name), for: inbox)
            try? directory.claim(.account("0x" + name), for: inbox)
        }
        self.directory = directory
    }

    /// A random log of `count` commits over the pool, starting with commit 0.
    ///
    /// The generator folds its own output as it goes, so that its choices (who acts, on whom)
    /// follow the real state and keep the mix of outcomes plausible; what a test checks of the
    /// log never depends on these choices.
    /// The key of the pool's inbox at `index`; its spare is `spare: true`.
    public static func key(_ index: Int, spare: Bool = false) -> PublicKey {
        var bytes = [UInt8](repeating: 0, count: PublicKey.byteCount)
        bytes[0] = spare ? 0xEE : 0x5E
        bytes[1] = UInt8(truncatingIfNeeded: index)
        bytes[2] = UInt8(truncatingIfNeeded: index >> 8)
        return PublicKey(bytes: bytes)!
    }

    /// The directory of keys a signing log records from: each inbox of the pool its own key.
    public var keyDirectory: IdentityDirectory {
        var directory = IdentityDirectory()
        for (index, inbox) in inboxes.enumerated() { try? directory.claim(key: RandomLog.key(index), for: inbox) }
        return directory
    }

    public func commits(count: Int) -> [Commit] {
        var maker = RandomLogMaker(self)
        var commits: [Commit] = []
        commits.reserveCapacity(count)
        while commits.count < count {
            commits.append(maker.next())
        }
        return commits
    }

    /// A large, mostly valid log, made lazily (see ``GrowingLog``).
    ///
    /// Commit 0 creates a group owned by ``GrowingLog/owner``, with a member limit a little
    /// above `members`; the next commits add `batchSize` fresh inboxes each until the group has
    /// `members` members; the rest mix metadata updates, small additions and removals, role
    /// changes, removal requests and a few invalid commits, keeping the size near `members`.
    ///
    /// - Parameters:
    ///   - count: the number of commits in all, commit 0 included.
    ///   - members: the size to grow the group to, its owner included.
    ///   - batchSize: the inboxes each growing `addMembers` adds.
    public func growingCommits(count: Int, members: Int, batchSize: Int = 1_000) -> GrowingLog {
        GrowingLog(seed: seed, groupID: groupID, start: start, count: count, members: members, batchSize: batchSize)
    }
}

/// The state of one run of ``RandomLog/commits(count:)``.
struct RandomLogMaker {
    private let settings: RandomLog
    private var random: SeededGenerator
    private var log: LogBuilder
    private var replica = Replica()
    /// The latest time handed out, to step back from.
    private var latest: Milliseconds

    init(_ settings: RandomLog) {
        self.settings = settings
        random = SeededGenerator(seed: settings.seed)
        log = LogBuilder(groupID: settings.groupID, start: settings.start)
        latest = settings.start
    }

    mutating func next() -> Commit {
        var commit: Commit
        if log.nextSequence == 0 {
            let creator = random.pick(settings.inboxes)
            commit = log.commit(creator, [.create(randomCreate(by: creator))], at: settings.start)
        } else if settings.lifecycle && random.chance(12) {
            let (actor, change) = randomEntry()
            commit = log.commit(actor, [change], at: nextTime())
        } else {
            let actor = randomActor()
            let changeCount = random.chance(75) ? 1 : random.int(2...max(2, settings.maxChangesPerCommit))
            let changes = (0..<changeCount).map { _ in randomChange(by: actor) }
            commit = log.commit(actor, changes, at: nextTime())
        }
        if settings.signing { commit = signed(commit) }
        latest = max(latest, commit.time)
        replica.fold(commit)
        return commit
    }

    // MARK: Signing (SPEC section 14)

    /// `commit` with keys recorded, now and then a change of the actor's keys, and a claimed
    /// signature: drawn after everything else, so that the rest of the log is what it would be.
    private mutating func signed(_ commit: Commit) -> Commit {
        let directory = keyDirectory
        var changes = commit.changes.map { change -> Change in
            guard case var .create(request) = change else { return directory.recordingKeys(change, actor: commit.actor) }
            request.requireSignatures = random.chance(50)
            return directory.recordingKeys(.create(request), actor: commit.actor)
        }
        if commit.sequence > 0 && random.chance(10) { changes.append(randomKeyUpdate(by: commit.actor)) }
        let unsigned = Commit(groupID: commit.groupID, sequence: commit.sequence, actor: commit.actor, time: commit.time,
                              changes: changes, previousHash: commit.previousHash)
        let keys = replica.state.map { $0.signingKeys(for: unsigned) } ?? GroupState.signingKeys(ofCreation: unsigned)
        switch random.int(0...99) {
        case 0..<80 where !keys.isEmpty: return unsigned.with(signature: .claimed(by: random.pick(keys)))
        case 0..<90: return unsigned
        default: return unsigned.with(signature: .claimed(by: RandomLog.key(random.int(0...settings.inboxes.count), spare: random.chance(30))))
        }
    }

    private var keyDirectory: IdentityDirectory { settings.keyDirectory }

    /// A change of the actor's keys: its spare in or out, its own key out, or another's key in.
    private mutating func randomKeyUpdate(by actor: InboxID) -> Change {
        let index = settings.inboxes.firstIndex(of: actor) ?? 0
        let own = RandomLog.key(index), spare = RandomLog.key(index, spare: true)
        switch random.int(0...5) {
        case 0, 1: return .updateKeys(add: [spare], remove: [])
        case 2: return .updateKeys(add: [], remove: [spare])
        case 3: return .updateKeys(add: [], remove: [own])
        case 4: return .updateKeys(add: [own], remove: [spare])
        default: return .updateKeys(add: [RandomLog.key(random.int(0...(settings.inboxes.count - 1)))], remove: [])
        }
    }

    // MARK: Commit 0

    private mutating func randomCreate(by creator: InboxID) -> CreateConversation {
        let others = settings.inboxes.filter { $0 != creator }.shuffled(using: &random)
        var request = CreateConversation(members: Array(others.prefix(random.int(1...min(5, others.count)))))
        if random.chance(6) {
            request.kind = .dm
            request.members = [request.members[0]]
        }
        request.policySet = random.weighted([(50, .allMembers), (25, .adminOnly), (25, .custom(randomCustomSlots()))])
        if random.chance(40) { request.leaveRule = .direct }
        if random.chance(8) { request.invitesNeedConsent = true }
        if random.chance(30) { request.memberLimit = request.members.count + 1 + random.int(0...4) }
        if random.chance(5) { request.style = random.pick(GroupStyle.allCases) }
        if random.chance(50) { request.name = "group \(random.int(0...999))" }
        if settings.lifecycle {
            // After the draws of a log without the lifecycle, so that those stay as they were.
            if random.chance(70) { request.joinRule = random.pick(JoinRule.allCases) }
            if random.chance(40) { request.admission = .review }
            if random.chance(25) { request.invitesNeedConsent = true }
        }
        if random.chance(3) {
            // A commit 0 the reducer must reject, leaving a log with no group.
            switch random.int(0...3) {
            case 0: request.members.append(random.chance(50) ? creator : request.members[0])
            case 1: request.kind = .dm; request.members = Array(others.prefix(2))
            case 2: request.memberLimit = 0
            default: request.policySet = .custom([.addAdmin: .allowAll])
            }
        }
        return request
    }

    private mutating func randomCustomSlots() -> [PolicySlot: Policy] {
        var slots: [PolicySlot: Policy] = [:]
        for slot in PolicySlot.xmtpSlots {
            var policy = randomPolicy()
            if slot.forbidsAllowAll && policy.containsAllowAll { policy = .superAdminOnly }
            if policy.containsAuthor { policy = .adminOnly }
            slots[slot] = policy
        }
        return slots
    }

    // MARK: Later commits

    private mutating func nextTime() -> Milliseconds {
        if random.chance(settings.backwardsPercent) && latest > settings.start + 3_000 {
            return latest - Milliseconds(random.int(1...3_000))
        }
        return latest + Milliseconds(random.int(0...5_000))
    }

    private var members: [MemberRecord] { replica.state?.allMembers ?? [] }

    /// Mostly an active member, often one with a role; now and then any inbox of the pool or a
    /// member in another state.
    private mutating func randomActor() -> InboxID {
        let current = members
        if current.isEmpty || random.chance(8) { return random.pick(settings.inboxes) }
        let active = current.filter { $0.state == .active }
        if active.isEmpty || random.chance(5) { return random.pick(current).inbox }
        let superAdmins = active.filter { $0.role == .superAdmin }
        let admins = active.filter { $0.role == .admin }
        if !superAdmins.isEmpty && random.chance(45) { return random.pick(superAdmins).inbox }
        if !admins.isEmpty && random.chance(25) { return random.pick(admins).inbox }
        return random.pick(active).inbox
    }

    /// Mostly a current member, sometimes any inbox of the pool.
    private mutating func someone() -> InboxID {
        let current = members
        if current.isEmpty || random.chance(35) { return random.pick(settings.inboxes) }
        return random.pick(current).inbox
    }

    /// Mostly an inbox of the pool that is not a current member.
    private mutating func outsider() -> InboxID {
        let current = Set(members.map(\.inbox))
        let outside = settings.inboxes.filter { !current.contains($0) }
        if outside.isEmpty || random.chance(25) { return random.pick(settings.inboxes) }
        return random.pick(outside)
    }

    private mutating func holder(of role: Role) -> InboxID {
        let holders = members.filter { $0.role == role }
        if holders.isEmpty || random.chance(30) { return someone() }
        return random.pick(holders).inbox
    }

    /// Distinct inboxes, one of them now and then listed twice (`duplicateInbox`).
    private mutating func inboxList(_ range: ClosedRange<Int>, _ choose: (inout RandomLogMaker) -> InboxID) -> [InboxID] {
        var list: [InboxID] = []
        for _ in 0..<random.int(range) {
            let inbox = choose(&self)
            if !list.contains(inbox) { list.append(inbox) }
        }
        if !list.isEmpty && random.chance(5) { list.append(random.pick(list)) }
        return list
    }

    private mutating func randomChange(by actor: InboxID) -> Change {
        if random.int(0...199) == 0 { return .create(CreateConversation(members: [someone()])) }
        if settings.lifecycle && random.chance(40) { return randomLifecycleChange(by: actor) }
        // A super admin cannot leave: it asks to less often, so that its commits mostly count.
        let leaving = replica.state?.isSuperAdmin(actor) == true ? 1 : 5
        let kind = random.weighted([
            (14, "addMembers"), (10, "removeMembers"), (7, "addAdmin"), (5, "removeAdmin"), (4, "addSuperAdmin"),
            (4, "removeSuperAdmin"), (8, "setRole"), (3, "transferOwnership"), (6, "updatePermission"),
            (leaving, "requestRemoval"), (leaving, "leave"), (7, "updateName"), (5, "updateDescription"), (4, "updateImageURL"),
            (7, "updateAppData"), (4, "updateDisappearingMessages"),
        ])
        switch kind {
        case "addMembers":
            let inboxes = random.chance(2) ? [] : inboxList(1...3) { $0.outsider() }
            var identities: [ResolvedIdentity] = []
            if random.chance(25) || inboxes.isEmpty {
                if random.chance(15) {
                    identities.append(ResolvedIdentity(.handle("@nobody\(random.int(0...9))"), inbox: nil))
                } else {
                    let inbox = outsider()
                    let claimed = settings.directory.identities(of: inbox)
                    if !claimed.isEmpty { identities.append(ResolvedIdentity(random.pick(claimed), inbox: inbox)) }
                }
            }
            return .addMembers(inboxes: inboxes, identities: identities)
        case "removeMembers":
            return .removeMembers(inboxes: inboxList(1...2) { $0.someone() }, withMessages: random.chance(20))
        case "addAdmin":
            return .addAdmin(someone())
        case "removeAdmin":
            return .removeAdmin(holder(of: .admin))
        case "addSuperAdmin":
            return .addSuperAdmin(someone())
        case "removeSuperAdmin":
            return .removeSuperAdmin(holder(of: .superAdmin))
        case "setRole":
            let role: Role = random.chance(10) ? random.pick([Role.admin, .superAdmin]) : random.pick([Role.observer, .member, .moderator])
            return .setRole(inboxes: inboxList(1...2) { $0.someone() }, role: role)
        case "transferOwnership":
            return .transferOwnership(random.chance(10) ? actor : someone())
        case "updatePermission":
            // Mostly loosen, so that a group does not stay locked for long.
            let policy = random.chance(50) ? random.pick([Policy.allowAll, .adminOnly, .moderatorOnly]) : randomPolicy()
            return .updatePermission(slot: random.pick(PolicySlot.allCases), policy: policy)
        case "requestRemoval":
            return .requestRemoval
        case "leave":
            return .leave
        case "updateName":
            return .updateName(randomText("name", limit: MetadataField.name.limit))
        case "updateDescription":
            return .updateDescription(randomText("about", limit: MetadataField.description.limit))
        case "updateImageURL":
            return .updateImageURL(randomText("https://img.example/", limit: MetadataField.imageURL.limit))
        case "updateAppData":
            let current = replica.state?.metadata.appData ?? ""
            let expected: String? = random.weighted([(40, nil), (40, current), (20, "stale")])
            return .updateAppData(data: randomText("data", limit: MetadataField.appData.limit), expected: expected)
        default:
            if random.chance(20) { return .updateDisappearingMessages(nil) }
            let sign: Int64 = random.chance(10) ? -1 : 1
            return .updateDisappearingMessages(DisappearingMessages(
                fromNs: sign * Int64(random.int(0...1_000_000)), inNs: Int64(random.int(1...1_000_000))
            ))
        }
    }

    // MARK: The lifecycle (SPEC section 9)

    /// The link IDs a log uses: few, so that links are found, exist already, or are missing.
    private static let links = ["l0", "l1", "l2"]

    /// A commit of its own by an inbox that is not (yet) active: an invitee answering, or an
    /// outsider (or now and then anyone) joining, with or without a link.
    private mutating func randomEntry() -> (InboxID, Change) {
        let invited = members.filter { $0.state == .invited }
        if !invited.isEmpty && random.chance(40) {
            return (random.pick(invited).inbox, random.chance(70) ? .acceptInvitation : .declineInvitation)
        }
        let link: String? = random.chance(45) ? random.pick(Self.links) : nil
        return (random.chance(85) ? outsider() : random.pick(settings.inboxes), random.chance(5) ? .acceptInvitation : .join(link: link))
    }

    /// Mostly a member waiting for approval, sometimes anyone.
    private mutating func pendingRequest() -> InboxID {
        let pending = members.filter { $0.state == .pendingApproval }
        if pending.isEmpty || random.chance(20) { return someone() }
        return random.pick(pending).inbox
    }

    /// A role for a link or an approval: mostly one a link may give.
    private mutating func grantableRole() -> Role {
        random.chance(8) ? random.pick([Role.admin, .superAdmin]) : random.pick([Role.observer, .member, .moderator])
    }

    private mutating func randomLifecycleChange(by actor: InboxID) -> Change {
        let kind = random.weighted([
            (12, "approveJoin"), (6, "rejectJoin"), (8, "createLink"), (4, "updateLinkRole"), (4, "deleteLink"),
            (8, "blockForAll"), (8, "mute"), (4, "unmute"), (5, "muteAll"), (5, "allowListAdd"), (3, "allowListRemove"),
            (7, "ban"), (5, "unban"), (6, "blockGroup"), (1, "deleteGroup"),
        ])
        switch kind {
        case "approveJoin":
            return .approveJoin(pendingRequest(), role: random.chance(50) ? nil : grantableRole())
        case "rejectJoin":
            return .rejectJoin(pendingRequest())
        case "createLink":
            return .createLink(random.pick(Self.links), role: grantableRole())
        case "updateLinkRole":
            return .updateLinkRole(random.pick(Self.links), role: grantableRole())
        case "deleteLink":
            return .deleteLink(random.pick(Self.links))
        case "blockForAll":
            return .blockForAll(inboxes: inboxList(1...2) { $0.someone() }, blocked: random.chance(70))
        case "mute":
            // Now and then not after the commit's time (invalidArgument).
            let until = latest + Milliseconds(random.int(0...60_000))
            return .mute(inboxes: inboxList(1...2) { $0.someone() }, until: until)
        case "unmute":
            return .unmute(inboxList(1...2) { $0.someone() })
        case "muteAll":
            return .muteAll(random.chance(60))
        case "allowListAdd":
            return .allowListAdd(inboxList(1...2) { $0.someone() })
        case "allowListRemove":
            return .allowListRemove(inboxList(1...2) { $0.someone() })
        case "ban":
            return .ban(inboxList(1...2) { maker in maker.random.chance(50) ? maker.outsider() : maker.someone() })
        case "unban":
            let banned = (replica.state?.bans ?? []).sorted()
            return .unban(inboxList(1...2) { maker in banned.isEmpty || maker.random.chance(30) ? maker.someone() : maker.random.pick(banned) })
        case "blockGroup":
            return .blockGroup(random.chance(60))
        default:
            // Rarely, and late in a log only: every commit after it is groupDeleted.
            return log.nextSequence >= 150 && random.chance(50) ? .deleteGroup : .blockGroup(random.chance(60))
        }
    }

    /// Short text, now and then one byte or a few over `limit`.
    private mutating func randomText(_ prefix: String, limit: Int) -> String {
        if random.chance(6) { return String(repeating: "x", count: limit + random.int(1...4)) }
        if random.chance(5) { return "" }
        return "\(prefix) \(random.int(0...9_999))"
    }

    /// Mostly a base policy; sometimes a combinator, now and then an invalid one.
    private mutating func randomPolicy() -> Policy {
        let bases: [Policy] = [.allowAll, .denyAll, .moderatorOnly, .adminOnly, .superAdminOnly, .selfOnly, .formerMember]
        switch random.int(0...99) {
        case 0..<75: return random.pick(bases)
        case 75..<85: return .any((0..<random.int(1...2)).map { _ in random.pick(bases) })
        case 85..<95: return .all((0..<random.int(1...2)).map { _ in random.pick(bases) })
        case 95..<98: return random.chance(50) ? .any([]) : .all([])
        default: return .author
        }
    }
}
