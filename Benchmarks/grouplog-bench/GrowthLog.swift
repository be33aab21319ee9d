import GroupCore
import GroupGenerator
import GroupTestSupport

/// One group grown to a given size by folding `addMembers` commits of 1,000 fresh inboxes, and
/// the everyday commits the growth benchmark applies to it. Nothing but the state holds the
/// members: the commits are made one at a time and dropped, so the memory a build leaves
/// behind is the state's.
struct GrowthLog {
    /// How the inbox IDs look, as `grouplog generate` makes them: short IDs are kept inline by
    /// Swift (no allocation), 64-character XMTP-style ones are a heap string each.
    typealias InboxShape = InboxStyle

    let shape: InboxShape
    private let group = GroupID(unchecked: "growth")

    /// The creator, the only super admin, shaped like every other inbox.
    var owner: InboxID { shape.owner }

    /// The `index`th fresh inbox (the owner is -1).
    func inbox(_ index: Int) -> InboxID { shape.inbox(index) }

    /// Where the log stands: the next sequence and time, and the next fresh inbox.
    struct Cursor {
        var sequence: UInt64 = 0
        var time: Milliseconds = 1_700_000_000_000
        var fresh = 0
    }

    /// A group of `members` members, the owner included, and where its log stands.
    func grown(to members: Int) -> (state: GroupState, cursor: Cursor) {
        var cursor = Cursor()
        let create = make(&cursor, owner, [.create(CreateConversation(name: "growth", memberLimit: members * 2 + 10_000))])
        var state: GroupState
        do {
            state = try GroupState.created(by: create)
            while state.memberCount < members {
                let batch = (0..<min(1_000, members - state.memberCount)).map { _ in fresh(&cursor) }
                try state.apply(make(&cursor, owner, [.addMembers(inboxes: batch, identities: [])]))
            }
        } catch {
            preconditionFailure("the growth log's own commits must apply: \(error)")
        }
        return (state, cursor)
    }

    /// The given rounds of eight everyday commits against a group of `members` members: a rename,
    /// a role change, a display name written, a mute, an add and the removal of the inbox
    /// added, then two that are rejected (a member granting super admin, adding a member twice).
    /// Subjects are drawn at random over the whole group, so that a large one is not read only
    /// where its caches are warm; display names come from the first 200 members only, since
    /// the whole field is capped at 64 KiB (SPEC section 11) and would soon refuse new writers.
    func everydayCommits(rounds: Range<Int>, members: Int, after cursor: inout Cursor, random: inout SeededGenerator) -> [Commit] {
        var commits: [Commit] = []
        commits.reserveCapacity(rounds.count * 8)
        let grown = members - 1
        for round in rounds {
            let someone = inbox(Int(random.next() % UInt64(grown)))
            let other = inbox(Int(random.next() % UInt64(grown)))
            let newcomer = fresh(&cursor)
            commits.append(make(&cursor, owner, [.updateName("name \(round)")]))
            commits.append(make(&cursor, owner, [.setRole(inboxes: [someone], role: round % 2 == 0 ? .moderator : .member)]))
            commits.append(make(&cursor, inbox(round % min(200, grown)), [.updateUserData([
                UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: .string("user \(round)")),
            ])]))
            commits.append(make(&cursor, owner, [.mute(inboxes: [other], until: cursor.time + 60_000)]))
            commits.append(make(&cursor, owner, [.addMembers(inboxes: [newcomer], identities: [])]))
            commits.append(make(&cursor, owner, [.removeMembers(inboxes: [newcomer], withMessages: false)]))
            commits.append(make(&cursor, other, [.addSuperAdmin(someone)]))
            commits.append(make(&cursor, owner, [.addMembers(inboxes: [owner], identities: [])]))
        }
        return commits
    }

    private func make(_ cursor: inout Cursor, _ actor: InboxID, _ changes: [Change]) -> Commit {
        defer {
            cursor.sequence += 1
            cursor.time += 1
        }
        return Commit(groupID: group, sequence: cursor.sequence, actor: actor, time: cursor.time, changes: changes)
    }

    private func fresh(_ cursor: inout Cursor) -> InboxID {
        defer { cursor.fresh += 1 }
        return inbox(cursor.fresh)
    }
}
