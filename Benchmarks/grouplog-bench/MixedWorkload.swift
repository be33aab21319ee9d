import GroupCore
import GroupTestSupport

/// A generated log: one group grown to `members` members in `addMembers` commits of 1,000, then
/// a seeded mix of everyday commits against it (renames, role changes, admins, joins and
/// removals, app data with and without `expected`, user data, mutes, policy changes), some of
/// them rejected (a member reaching for an admin power, a stale `expected`, a rename while the
/// policy is admin-only).
struct MixedWorkload {
    let seed: UInt64
    let members: Int

    private let group = GroupID(unchecked: "bench")
    private let owner = InboxID(unchecked: "owner")

    func inbox(_ index: Int) -> InboxID { InboxID(unchecked: "m\(index)") }

    func log(mixedCommits: Int) -> [Commit] {
        var random = SeededGenerator(seed: seed)
        var commits: [Commit] = []
        commits.reserveCapacity(members / 1_000 + mixedCommits + 1)
        var time: Milliseconds = 1_000
        func append(_ actor: InboxID, _ changes: [Change]) {
            commits.append(Commit(groupID: group, sequence: UInt64(commits.count), actor: actor, time: time, changes: changes))
            time += 1
        }
        append(owner, [.create(CreateConversation(name: "bench", memberLimit: members * 2 + 10))])
        for batch in stride(from: 0, to: members, by: 1_000) {
            append(owner, [.addMembers(inboxes: (batch..<min(batch + 1_000, members)).map(inbox), identities: [])])
        }
        var nextNew = members
        for _ in 0..<mixedCommits {
            let someone = inbox(Int(random.next() % UInt64(members)))
            switch random.next() % 20 {
            case 0, 1, 2, 3:
                append(someone, [.updateName("name \(random.next() % 1000)")])
            case 4, 5:
                append(owner, [.setRole(inboxes: [someone], role: random.next() % 2 == 0 ? .moderator : .member)])
            case 6:
                append(owner, [.addAdmin(someone)])
            case 7:
                append(owner, [.removeAdmin(someone)])
            case 8, 9:
                append(someone, [.addMembers(inboxes: [inbox(nextNew)], identities: [])])
                nextNew += 1
            case 10:
                append(owner, [.removeMembers(inboxes: [inbox(nextNew - 1 - Int(random.next() % 100))], withMessages: false)])
            case 11, 12:
                append(someone, [.updateAppData(data: "v\(random.next() % 4)", expected: random.next() % 2 == 0 ? "v1" : nil)])
            case 13:
                append(someone, [.updateDescription("about \(random.next() % 1000)"), .updateImageURL("https://img/\(random.next() % 1000)")])
            case 14, 15:
                let name = UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: .string("n\(random.next() % 1000)"))
                append(someone, [.updateUserData([name])])
            case 16:
                append(owner, [.mute(inboxes: [someone], until: time + 60_000)])
            case 17:
                append(owner, [.unmute([someone])])
            case 18:
                // Renames are refused while the policy is admin-only.
                append(owner, [.updatePermission(slot: .updateName, policy: random.next() % 2 == 0 ? .adminOnly : .allowAll)])
            default:
                // A member trying an admin power: rejected with permissionDenied.
                append(someone, [.addSuperAdmin(inbox(Int(random.next() % UInt64(members))))])
            }
        }
        return commits
    }
}
