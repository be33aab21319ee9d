import GroupCore

/// One of issue 7's four workloads: a generated log (one or many groups) and what it stands for.
struct Workload {
    /// `growth`, `mixed`, `displayNames` or `manyGroups`; benchmark names are `workload.<name>.*`.
    let name: String
    let summary: String
    /// The commits in the order a store ingests them (each group's in sequence order).
    let commits: [Commit]
    /// The members of the largest group at the end.
    let members: Int

    private static let owner = InboxID(unchecked: "owner")

    private static func member(_ index: Int) -> InboxID { InboxID(unchecked: "m\(index)") }

    /// (a) One group grown to `members` members in `addMembers` commits of 1,000.
    static func growth(members: Int) -> Workload {
        var log = GroupLogWriter(group: GroupID(unchecked: "growth"))
        log.append(owner, [.create(CreateConversation(name: "growth", memberLimit: members + 10))])
        for start in stride(from: 0, to: members, by: 1_000) {
            log.append(owner, [.addMembers(inboxes: (start..<min(start + 1_000, members)).map(member), identities: [])])
        }
        return Workload(name: "growth", summary: "one group grown to \(members) members in commits of 1,000 adds",
                        commits: log.commits, members: members)
    }

    /// (b) `mixedCommits` everyday commits on a group of `members` members.
    static func mixed(members: Int, mixedCommits: Int) -> Workload {
        Workload(name: "mixed", summary: "\(mixedCommits) mixed commits on a \(members)-member group",
                 commits: MixedWorkload(seed: 42, members: members).log(mixedCommits: mixedCommits), members: members)
    }

    /// (c) A group of `members` members, each of whom then sets its USER_DISPLAY_NAME.
    static func displayNames(members: Int) -> Workload {
        var log = GroupLogWriter(group: GroupID(unchecked: "names"))
        log.append(owner, [.create(CreateConversation(name: "names", memberLimit: members + 10))])
        for start in stride(from: 0, to: members, by: 1_000) {
            log.append(owner, [.addMembers(inboxes: (start..<min(start + 1_000, members)).map(member), identities: [])])
        }
        for index in 0..<members {
            let update = UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: .string("Member \(index)"))
            log.append(member(index), [.updateUserData([update])])
        }
        return Workload(name: "displayNames", summary: "\(members) members each setting USER_DISPLAY_NAME",
                        commits: log.commits, members: members)
    }

    /// (d) `groups` groups of `members` members in one store, each created with its members and
    /// then given `commitsPerGroup` everyday commits; the groups' commits interleave, as they would
    /// arrive at a server.
    static func manyGroups(groups: Int, members: Int, commitsPerGroup: Int) -> Workload {
        var logs = (0..<groups).map { index in
            var log = GroupLogWriter(group: GroupID(unchecked: "g\(index)"))
            log.append(owner, [.create(CreateConversation(members: (1..<members).map(member), name: "group \(index)"))])
            return log
        }
        for round in 0..<commitsPerGroup {
            for index in logs.indices {
                let actor = member(1 + (index + round) % (members - 1))
                switch round % 3 {
                case 0: logs[index].append(actor, [.updateName("group \(index) \(round)")])
                case 1: logs[index].append(owner, [.setRole(inboxes: [actor], role: .moderator)])
                default: logs[index].append(actor, [.addAdmin(member(1))]) // a member granting admin: rejected
                }
            }
        }
        // Interleaved: every group's commit 0, then every group's commit 1, and so on.
        var commits: [Commit] = []
        commits.reserveCapacity(groups * (commitsPerGroup + 1))
        for position in 0...commitsPerGroup {
            for log in logs { commits.append(log.commits[position]) }
        }
        return Workload(name: "manyGroups", summary: "\(groups) groups of \(members) members, \(commitsPerGroup + 1) commits each",
                        commits: commits, members: members)
    }
}

/// Numbers one group's commits from 0 and keeps its clock.
struct GroupLogWriter {
    let group: GroupID
    private(set) var commits: [Commit] = []
    private var time: Milliseconds = 1_000

    init(group: GroupID) { self.group = group }

    mutating func append(_ actor: InboxID, _ changes: [Change]) {
        commits.append(Commit(groupID: group, sequence: UInt64(commits.count), actor: actor, time: time, changes: changes))
        time += 1
    }
}
