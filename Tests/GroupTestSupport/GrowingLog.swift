import GroupCore

/// A large, mostly valid log of one group, made commit by commit so that a benchmark can stream
/// a million commits without holding them all. Make one with
/// ``RandomLog/growingCommits(count:members:batchSize:)``.
///
/// Commit 0 creates a group owned by ``owner`` (its only super admin) with the default
/// `allMembers` policies, the `request` leave rule and a member limit of ``memberLimit``. The
/// next commits are the owner's `addMembers` of `batchSize` fresh inboxes each (`m0`, `m1`, ...),
/// until the group has `members` members. Every later commit is one of, roughly:
/// - a metadata update (name, description, image URL, app data with or without `expected`) by a
///   random plain member or moderator, or disappearing messages by the owner;
/// - a member's `addMembers` of one to three fresh or former inboxes, or the owner's
///   `removeMembers` of one to three members, whichever keeps the size near `members`;
/// - the owner's `addAdmin`, `removeAdmin`, `setRole` (observer, member, moderator), or
///   `updatePermission` on a slot no other commit relies on; a member's `requestRemoval`;
/// - now and then a commit of two changes (add an inbox, then make it admin);
/// - about 4% invalid commits (`alreadyMember`, `memberNotFound`, `permissionDenied`, `tooLong`,
///   `lastSuperAdmin`).
///
/// It tracks who holds which role itself, cheaply, without folding: it never runs the reducer.
/// Times rise strictly.
public struct GrowingLog: Sequence, IteratorProtocol, Sendable {
    /// The creator and only super admin.
    public static let owner = InboxID(unchecked: "owner")

    /// The number of commits in all, commit 0 included.
    public let count: Int
    /// The size the group grows to, its owner included.
    public let members: Int
    /// The inboxes each growing `addMembers` adds.
    public let batchSize: Int
    /// The member limit commit 0 sets: room above `members` for the additions that follow.
    public let memberLimit: Int

    private var random: SeededGenerator
    private var log: LogBuilder
    private var freshCount = 0
    /// Active members with role member, not pending removal.
    private var plain = IndexedSet()
    private var moderators = IndexedSet()
    private var observers = IndexedSet()
    private var admins = IndexedSet()
    private var pending = IndexedSet()
    /// Recent former members, for re-adds.
    private var former = IndexedSet()
    private var appData = ""

    init(seed: UInt64, groupID: GroupID, start: Milliseconds, count: Int, members: Int, batchSize: Int) {
        precondition(members >= 1 && batchSize >= 1, "a growing log needs at least one member and a batch of at least one")
        self.count = count
        self.members = members
        self.batchSize = batchSize
        self.memberLimit = members + Swift.max(1_000, batchSize)
        random = SeededGenerator(seed: seed)
        log = LogBuilder(groupID: groupID, start: start, step: 1)
    }

    /// Members now, the owner included, as the generator believes them to be.
    private var headcount: Int { 1 + plain.count + moderators.count + observers.count + admins.count + pending.count }

    public mutating func next() -> Commit? {
        guard Int(log.nextSequence) < count else { return nil }
        let owner = Self.owner
        if log.nextSequence == 0 {
            return make(owner, [.create(CreateConversation(memberLimit: memberLimit))])
        }
        if headcount < members {
            let batch = (0..<Swift.min(batchSize, members - headcount)).map { _ in fresh() }
            for inbox in batch { plain.insert(inbox) }
            return make(owner, [.addMembers(inboxes: batch, identities: [])])
        }
        if random.chance(4) { return invalidCommit() }
        switch random.int(0...99) {
        case 0..<30: return metadataUpdate()
        case 30..<55: return headcount < members ? addition() : removal()
        case 55..<63: return promotion()
        case 63..<69: return demotion()
        case 69..<77: return roleChange()
        case 77..<83: return removalRequest()
        case 83..<87: return pairedCommit()
        case 87..<90: return make(owner, [.updatePermission(slot: .approveJoins, policy: random.pick([Policy.adminOnly, .moderatorOnly, .superAdminOnly]))])
        default: return make(owner, [.updateDisappearingMessages(DisappearingMessages(fromNs: Int64(random.int(0...1_000)), inNs: 60_000_000_000))])
        }
    }

    private mutating func make(_ actor: InboxID, _ changes: [Change]) -> Commit {
        log.commit(actor, changes)
    }

    private mutating func fresh() -> InboxID {
        defer { freshCount += 1 }
        return InboxID(unchecked: "m\(freshCount)")
    }

    /// A random active member below admin that is not an observer, else the owner.
    private mutating func speaker() -> InboxID {
        if !moderators.isEmpty && random.chance(5), let inbox = moderators.random(using: &random) { return inbox }
        return plain.random(using: &random) ?? Self.owner
    }

    private mutating func metadataUpdate() -> Commit {
        let actor = speaker()
        let text = "t\(random.int(0...999_999))"
        switch random.int(0...3) {
        case 0: return make(actor, [.updateName(text)])
        case 1: return make(actor, [.updateDescription(text)])
        case 2: return make(actor, [.updateImageURL("https://img.example/" + text)])
        default:
            let expected = random.chance(50) ? appData : nil
            appData = text
            return make(actor, [.updateAppData(data: text, expected: expected)])
        }
    }

    private mutating func addition() -> Commit {
        let room = memberLimit - headcount
        guard room > 0 else { return metadataUpdate() }
        var added: [InboxID] = []
        for _ in 0..<Swift.min(room, random.int(1...3)) {
            let inbox: InboxID
            if random.chance(30), let back = former.random(using: &random), !added.contains(back) {
                inbox = back
                former.remove(back)
            } else {
                inbox = fresh()
            }
            added.append(inbox)
        }
        for inbox in added { plain.insert(inbox) }
        return make(speaker(), [.addMembers(inboxes: added, identities: [])])
    }

    private mutating func removal() -> Commit {
        var removed: [InboxID] = []
        for _ in 0..<random.int(1...3) {
            let source = random.weighted([(70, 0), (10, 1), (10, 2), (10, 3)])
            let candidate: InboxID? = switch source {
            case 1: pending.random(using: &random)
            case 2: moderators.random(using: &random)
            case 3: observers.random(using: &random)
            default: plain.random(using: &random)
            }
            guard let inbox = candidate ?? plain.random(using: &random), !removed.contains(inbox) else { continue }
            removed.append(inbox)
        }
        guard !removed.isEmpty else { return metadataUpdate() }
        for inbox in removed {
            plain.remove(inbox)
            pending.remove(inbox)
            moderators.remove(inbox)
            observers.remove(inbox)
            if former.count >= 4_096, let old = former.random(using: &random) { former.remove(old) }
            former.insert(inbox)
        }
        return make(Self.owner, [.removeMembers(inboxes: removed, withMessages: random.chance(10))])
    }

    private mutating func promotion() -> Commit {
        guard let inbox = plain.random(using: &random) else { return metadataUpdate() }
        plain.remove(inbox)
        admins.insert(inbox)
        return make(Self.owner, [.addAdmin(inbox)])
    }

    private mutating func demotion() -> Commit {
        guard let inbox = admins.random(using: &random) else { return promotion() }
        admins.remove(inbox)
        plain.insert(inbox)
        return make(Self.owner, [.removeAdmin(inbox)])
    }

    private mutating func roleChange() -> Commit {
        let role = random.pick([Role.observer, .moderator, .member])
        let inbox: InboxID?
        switch role {
        case .member: inbox = (random.chance(50) ? moderators : observers).random(using: &random)
        default: inbox = plain.random(using: &random)
        }
        guard let inbox else { return metadataUpdate() }
        plain.remove(inbox)
        moderators.remove(inbox)
        observers.remove(inbox)
        switch role {
        case .observer: observers.insert(inbox)
        case .moderator: moderators.insert(inbox)
        default: plain.insert(inbox)
        }
        return make(Self.owner, [.setRole(inboxes: [inbox], role: role)])
    }

    private mutating func removalRequest() -> Commit {
        guard let inbox = plain.random(using: &random) else { return metadataUpdate() }
        plain.remove(inbox)
        pending.insert(inbox)
        return make(inbox, [.requestRemoval])
    }

    /// Two changes whose second relies on the first: add an inbox, then make it admin.
    private mutating func pairedCommit() -> Commit {
        guard headcount < memberLimit else { return metadataUpdate() }
        let inbox = fresh()
        admins.insert(inbox)
        return make(Self.owner, [.addMembers(inboxes: [inbox], identities: []), .addAdmin(inbox)])
    }

    /// A commit the reducer rejects; it changes nothing the generator tracks.
    private mutating func invalidCommit() -> Commit {
        switch random.int(0...4) {
        case 0:
            guard let inbox = plain.random(using: &random) else { break }
            return make(speaker(), [.addMembers(inboxes: [inbox], identities: [])])
        case 1:
            return make(Self.owner, [.removeMembers(inboxes: [InboxID(unchecked: "never-\(random.int(0...999))")], withMessages: false)])
        case 2:
            guard let actor = plain.random(using: &random), let subject = plain.random(using: &random) else { break }
            return make(actor, [.addAdmin(subject)])
        case 3:
            return make(speaker(), [.updateName(String(repeating: "n", count: MetadataField.name.limit + 1))])
        default:
            break
        }
        return make(Self.owner, [.removeSuperAdmin(Self.owner)])
    }
}
