import GroupCore
import GroupTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Seeded property tests over random logs. A failure names its seed: rerun with
/// `GROUPLOG_SEED=<seed> swift test --filter PropertyTests` to replay it.
struct PropertyTests {
    /// A few fixed seeds, and the one `GROUPLOG_SEED` names when set.
    static let seeds: [UInt64] = {
        var seeds: [UInt64] = [1, 42, 0xC0FF_EE00, 0x5EED_2024_0001]
        if let text = getenv("GROUPLOG_SEED").map({ String(cString: $0) }), let seed = UInt64(text) {
            seeds.append(seed)
        }
        return seeds
    }()

    /// Logs per seed and commits per log: 4 seeds x 24 x 300 = 28,800 commits a property.
    static let logsPerSeed = 24
    static let commitsPerLog = 300

    /// The random logs of one seed: pools of several sizes, each log with a seed of its own.
    static func logs(seed: UInt64) -> [(seed: UInt64, commits: [Commit])] {
        var seeds = SeededGenerator(seed: seed)
        return (0..<logsPerSeed).map { index in
            let logSeed = seeds.next()
            let pool = [4, 6, 8, 12, 20][index % 5]
            return (logSeed, RandomLog(seed: logSeed, inboxCount: pool).commits(count: commitsPerLog))
        }
    }

    /// Random logs that use the lifecycle of SPEC section 9 too: fewer per seed, since every
    /// property runs them besides the others.
    static func lifecycleLogs(seed: UInt64) -> [(seed: UInt64, commits: [Commit])] {
        var seeds = SeededGenerator(seed: seed ^ 0x11FE_C7C1_E000)
        return (0..<8).map { index in
            let logSeed = seeds.next()
            var log = RandomLog(seed: logSeed, inboxCount: [6, 8, 12, 20][index % 4])
            log.lifecycle = true
            return (logSeed, log.commits(count: commitsPerLog))
        }
    }

    /// Random logs that sign too (SPEC section 14), over the lifecycle's changes as well.
    static func signingLogs(seed: UInt64) -> [(seed: UInt64, commits: [Commit])] {
        var seeds = SeededGenerator(seed: seed ^ 0x5167_0000_0014)
        return (0..<6).map { index in
            let logSeed = seeds.next()
            var log = RandomLog(seed: logSeed, inboxCount: [6, 8, 12][index % 3])
            log.lifecycle = index.isMultiple(of: 2)
            log.signing = true
            return (logSeed, log.commits(count: commitsPerLog))
        }
    }

    /// Every kind of log of one seed.
    static func allLogs(seed: UInt64) -> [(seed: UInt64, commits: [Commit])] {
        logs(seed: seed) + lifecycleLogs(seed: seed) + signingLogs(seed: seed)
    }

    static func fold(_ commits: [Commit]) -> (replica: Replica, outcomes: [CommitOutcome]) {
        var replica = Replica()
        let outcomes = commits.map { replica.fold($0) }
        return (replica, outcomes)
    }

    @Test(arguments: seeds)
    func replayIsDeterministic(seed: UInt64) {
        let logs = Self.allLogs(seed: seed)
        // The generator is deterministic too: the same seed gives the same logs.
        #expect(logs.map(\.commits) == Self.allLogs(seed: seed).map(\.commits), "seed \(seed)")
        for log in logs {
            let first = Self.fold(log.commits)
            let second = Self.fold(log.commits)
            #expect(first.outcomes == second.outcomes, "seed \(seed), log seed \(log.seed)")
            #expect(first.replica == second.replica, "seed \(seed), log seed \(log.seed)")
            #expect(first.replica.lastEvents == second.replica.lastEvents, "seed \(seed), log seed \(log.seed)")
        }
    }

    /// A fold that makes no events (state reads, ingest) reaches the same outcome and state
    /// after every commit as one that does, and leaves no events behind.
    @Test(arguments: seeds)
    func aFoldWithoutEventsReachesTheSameStates(seed: UInt64) {
        for log in Self.allLogs(seed: seed) {
            var recording = Replica(), silent = Replica()
            for commit in log.commits {
                let place = "seed \(seed), log seed \(log.seed), commit \(commit.sequence)"
                #expect(recording.fold(commit) == silent.fold(commit, recordingEvents: false), "\(place)")
                #expect(recording.state == silent.state, "\(place)")
                #expect(silent.lastEvents.isEmpty, "\(place)")
            }
        }
    }

    @Test(arguments: seeds)
    func invariantsHoldAfterEveryCommit(seed: UInt64) {
        for log in Self.allLogs(seed: seed) {
            var replica = Replica()
            var failures = 0
            for commit in log.commits where failures < 5 {
                let before = replica.state
                let outcome = replica.fold(commit)
                let place = "seed \(seed), log seed \(log.seed), commit \(commit.sequence)"
                if case let .rejected(rejection) = outcome {
                    if replica.state != before || !replica.lastEvents.isEmpty {
                        Issue.record("\(place): the rejected commit (\(rejection)) changed the state or yielded events")
                        failures += 1
                    }
                    continue
                }
                guard let state = replica.state else {
                    Issue.record("\(place): applied, but there is no state")
                    failures += 1
                    continue
                }
                let broken = Self.brokenInvariants(of: state, after: commit, previous: before)
                for problem in broken { Issue.record("\(place): \(problem)") }
                failures += broken.count
            }
        }
    }

    /// What is wrong with `state`, read only through the public reads.
    static func brokenInvariants(of state: GroupState, after commit: Commit, previous: GroupState?) -> [String] {
        var problems: [String] = []
        let members = state.allMembers
        let current = Set(members.map(\.inbox))
        if state.memberCount != members.count { problems.append("memberCount \(state.memberCount) but \(members.count) listed") }
        if current.count != members.count { problems.append("a member is listed twice") }
        if state.memberCount > state.settings.memberLimit {
            problems.append("\(state.memberCount) members over the limit of \(state.settings.memberLimit)")
        }
        if zip(members, members.dropFirst()).contains(where: { $0.ordinal >= $1.ordinal }) {
            problems.append("members are not in join order")
        }
        if ReadTests.paged(state, limit: 3) != members.map(\.inbox) { problems.append("pages of 3 do not join up to the member list") }
        let admins = state.listAdmins()
        let superAdmins = state.listSuperAdmins()
        for inbox in admins where state.member(inbox)?.currentRole != .admin || !current.contains(inbox) {
            problems.append("\(inbox) is listed as admin but is not a current admin")
        }
        for inbox in superAdmins where state.member(inbox)?.currentRole != .superAdmin || !current.contains(inbox) {
            problems.append("\(inbox) is listed as super admin but is not a current super admin")
        }
        if Set(admins) != Set(members.filter { $0.role == .admin }.map(\.inbox)) { problems.append("listAdmins misses an admin") }
        if Set(superAdmins) != Set(members.filter { $0.role == .superAdmin }.map(\.inbox)) {
            problems.append("listSuperAdmins misses a super admin")
        }
        for former in state.formerMembers {
            if former.isCurrent || current.contains(former.inbox) { problems.append("\(former.inbox) is former and current") }
            if former.currentRole != nil || state.isAdmin(former.inbox) || state.isSuperAdmin(former.inbox) {
                problems.append("former member \(former.inbox) holds a role")
            }
        }
        switch state.kind {
        case .group:
            if superAdmins.isEmpty { problems.append("the group has no super admin") }
        case .dm:
            if state.memberCount != 2 { problems.append("the DM has \(state.memberCount) participants") }
            if members.contains(where: { $0.role != .member }) { problems.append("a DM participant holds a role") }
        }
        for field in MetadataField.allCases where state.metadata[field].utf8.count > field.limit {
            problems.append("\(field) is over its limit")
        }
        if state.lastAppliedTime != commit.time { problems.append("the last applied time is not the commit's") }
        if let previous, commit.time < previous.lastAppliedTime { problems.append("time went backwards and was applied") }
        if state.lastAppliedSequence != commit.sequence { problems.append("the last applied sequence is not the commit's") }
        problems += brokenLifecycleInvariants(of: state, current: current)
        problems += brokenKeyInvariants(of: state)
        return problems
    }

    /// What is wrong with the signing keys of `state` (SPEC section 14): a key bound to one
    /// current member at most, found by `member(recording:)`, and, where signatures are required,
    /// every current member with a key.
    static func brokenKeyInvariants(of state: GroupState) -> [String] {
        var problems: [String] = []
        var holders: [PublicKey: InboxID] = [:]
        for member in state.allMembers {
            if Set(member.keys).count != member.keys.count { problems.append("\(member.inbox) holds a key twice") }
            for key in member.keys {
                if let other = holders.updateValue(member.inbox, forKey: key) { problems.append("\(key) is \(other)'s and \(member.inbox)'s") }
                if state.member(recording: key) != member.inbox { problems.append("member(recording: \(key)) is not \(member.inbox)") }
            }
            if state.requiresSignatures && member.keys.isEmpty { problems.append("\(member.inbox) has no key, and signatures are required") }
        }
        for former in state.formerMembers {
            for key in former.keys where holders[key] == nil && state.member(recording: key) != nil {
                problems.append("former member \(former.inbox)'s key \(key) binds \(state.member(recording: key)!)")
            }
        }
        if state.recordsSigningKeys != state.records.contains(where: { !$0.keys.isEmpty }) {
            problems.append("recordsSigningKeys is \(state.recordsSigningKeys)")
        }
        return problems
    }

    /// What is wrong with the lifecycle parts of `state` (SPEC section 9).
    static func brokenLifecycleInvariants(of state: GroupState, current: Set<InboxID>) -> [String] {
        var problems: [String] = []
        for inbox in state.bans where current.contains(inbox) { problems.append("\(inbox) is banned and a member") }
        for inbox in state.allowList where !current.contains(inbox) { problems.append("\(inbox) is on the allow list but no member") }
        for (link, role) in state.links where role > .moderator { problems.append("link \(link) gives \(role)") }
        for former in state.formerMembers where former.blockedForAll || former.mutedUntil != nil || former.blocksGroup {
            problems.append("former member \(former.inbox) keeps a flag")
        }
        let time = state.lastAppliedTime
        for member in state.allMembers {
            let expected = !state.isDeleted && member.state == .active && member.role > .observer && !member.blockedForAll
                && (member.mutedUntil.map { $0 <= time } ?? true)
                && (!state.muteAll || member.role >= .admin || state.allowList.contains(member.inbox))
            if state.canSend(member.inbox, at: time) != expected { problems.append("canSend(\(member.inbox)) is not \(expected)") }
            if member.state == .pendingApproval && member.joinedAt != nil { problems.append("\(member.inbox) is pending with a join time") }
        }
        if state.kind == .dm && (!state.bans.isEmpty || !state.links.isEmpty || state.muteAll || !state.allowList.isEmpty || state.isDeleted) {
            problems.append("a DM holds lifecycle parts it forbids")
        }
        return problems
    }

    @Test(arguments: seeds)
    func rejectedCommitsAreJudgedAsIfAbsent(seed: UInt64) {
        for log in Self.allLogs(seed: seed) {
            let full = Self.fold(log.commits)
            guard full.replica.state != nil else { continue }
            let applied = zip(log.commits, full.outcomes).filter { $0.1.isApplied }.map(\.0)
            let trimmed = Self.fold(applied)
            #expect(trimmed.outcomes.allSatisfy { $0.isApplied }, "seed \(seed), log seed \(log.seed)")
            #expect(trimmed.replica == full.replica, "seed \(seed), log seed \(log.seed)")
        }
    }

    @Test(arguments: seeds)
    func applyingMatchesApply(seed: UInt64) throws {
        for log in Self.logs(seed: seed).prefix(4) + Self.lifecycleLogs(seed: seed).prefix(2) {
            var replica = Replica()
            for commit in log.commits {
                guard let state = replica.state else {
                    replica.fold(commit)
                    continue
                }
                var mutated = state
                let viaApply = Result { () throws(CommitRejection) in try mutated.apply(commit) }.map { mutated }
                let viaApplying = Result { () throws(CommitRejection) in try state.applying(commit) }
                #expect(viaApply == viaApplying, "seed \(seed), log seed \(log.seed), commit \(commit.sequence)")
                replica.fold(commit)
                #expect(replica.state == (try? viaApplying.get()) ?? state, "seed \(seed), log seed \(log.seed), commit \(commit.sequence)")
            }
        }
    }

    // MARK: The generator itself

    @Test func signingLogsSignAndMixTheSignatureOutcomes() {
        var codes: [String: Int] = [:]
        var signed = 0, unsigned = 0, keyUpdates = 0, requiring = 0
        for log in Self.signingLogs(seed: 7) {
            let folded = Self.fold(log.commits)
            // A log whose commit 0 was rejected has no keys to sign with.
            guard let state = folded.replica.state else { continue }
            if state.requiresSignatures { requiring += 1 }
            for (commit, outcome) in zip(log.commits, folded.outcomes) {
                if commit.signature == nil { unsigned += 1 } else { signed += 1 }
                if let code = outcome.code { codes[code, default: 0] += 1 }
                if outcome.isApplied && commit.changes.contains(where: { $0.op == "updateKeys" }) { keyUpdates += 1 }
            }
        }
        #expect(signed > unsigned && unsigned > 0)
        #expect(requiring > 0 && requiring < 6)
        #expect(codes["unsignedCommit", default: 0] > 0 && codes["wrongSigningKey", default: 0] > 0, "\(codes)")
        #expect(keyUpdates > 0)
    }

    @Test func randomLogsMixOutcomesAndUseEveryChange() {
        var applied = 0
        var rejected = 0
        var codes: Set<String> = []
        var ops: Set<String> = []
        var multiChange = 0
        var backwards = 0
        for log in Self.logs(seed: 7) {
            var latest: Milliseconds = 0
            for (commit, outcome) in zip(log.commits, Self.fold(log.commits).outcomes) {
                if outcome.isApplied { applied += 1 } else { rejected += 1 }
                if let code = outcome.code { codes.insert(code) }
                ops.formUnion(commit.changes.map(\.op))
                if commit.changes.count > 1 { multiChange += 1 }
                if commit.time < latest { backwards += 1 }
                latest = max(latest, commit.time)
            }
        }
        let total = applied + rejected
        // A good share of each: at least a fifth.
        #expect(applied * 5 >= total, "\(applied) of \(total) applied")
        #expect(rejected * 5 >= total, "\(rejected) of \(total) rejected")
        #expect(multiChange > 0 && backwards > 0)
        let everyOp: Set<String> = [
            "create", "addMembers", "removeMembers", "addAdmin", "removeAdmin", "addSuperAdmin", "removeSuperAdmin", "setRole",
            "transferOwnership", "updatePermission", "requestRemoval", "leave", "updateName", "updateDescription",
            "updateImageURL", "updateAppData", "updateDisappearingMessages",
        ]
        #expect(ops == everyOp)
        // Most codes turn up; a handful of rare ones may not in one run.
        #expect(codes.count >= 18, "codes seen: \(codes.sorted())")
    }

    @Test func lifecycleLogsUseTheLifecycleAndMixOutcomes() {
        var applied = 0
        var rejected = 0
        var codes: Set<String> = []
        var ops: Set<String> = []
        var events: Set<String> = []
        for log in Self.lifecycleLogs(seed: 7) + Self.lifecycleLogs(seed: 8) {
            var replica = Replica()
            for commit in log.commits {
                let outcome = replica.fold(commit)
                if let code = outcome.code { codes.insert(code) }
                // Count what is judged against a live group only.
                if outcome.code == "groupNotFound" || outcome.code == "groupDeleted" { continue }
                if outcome.isApplied { applied += 1 } else { rejected += 1 }
                ops.formUnion(commit.changes.map(\.op))
                events.formUnion(replica.lastEvents.map(\.name))
            }
        }
        let total = applied + rejected
        #expect(applied * 5 >= total, "\(applied) of \(total) applied")
        #expect(rejected * 5 >= total, "\(rejected) of \(total) rejected")
        let lifecycleOps: Set<String> = [
            "acceptInvitation", "declineInvitation", "join", "approveJoin", "rejectJoin", "createLink", "updateLinkRole",
            "deleteLink", "blockForAll", "mute", "unmute", "muteAll", "allowListAdd", "allowListRemove", "ban", "unban",
            "blockGroup", "deleteGroup",
        ]
        #expect(lifecycleOps.subtracting(ops).sorted() == [])
        let lifecycleCodes: Set<String> = [
            "notInvited", "joinNotAllowed", "joinRequestNotFound", "linkExists", "linkNotFound", "banned", "groupDeleted",
            "invalidArgument", "invalidRole",
        ]
        #expect(lifecycleCodes.subtracting(codes).sorted() == [], "codes seen: \(codes.sorted())")
        let lifecycleEvents: Set<String> = [
            "invitationAccepted", "memberJoined", "joinRequested", "joinApproved", "linkCreated", "memberBlocked",
            "memberBanned", "allMuted", "allowListChanged", "groupBlocked",
        ]
        #expect(lifecycleEvents.subtracting(events).sorted() == [], "events seen: \(events.sorted())")
    }

    @Test func aGrowingLogReachesItsSizeAndStaysMostlyValid() throws {
        let members = 2_500
        let log = RandomLog(seed: 11).growingCommits(count: 4_000, members: members, batchSize: 1_000)
        var replica = Replica()
        var rejected = 0
        var count = 0
        var grown = false
        for commit in log {
            if !replica.fold(commit).isApplied { rejected += 1 }
            count += 1
            if count == 4 {
                // Commit 0 and three batches of at most 1,000.
                grown = replica.state?.memberCount == members
            }
        }
        #expect(count == 4_000)
        #expect(grown)
        let state = try #require(replica.state)
        #expect(state.listSuperAdmins() == [GrowingLog.owner])
        #expect(abs(state.memberCount - members) < 200, "\(state.memberCount) members")
        #expect(rejected > 0 && rejected * 100 <= count * 8, "\(rejected) of \(count) rejected")
    }
}
