import GroupCodec
import GroupCore
import GroupGenerator
import Testing

struct SyntheticLogTests {
    private func recipe(seed: UInt64 = 7, members: Int = 300, commits: Int = 2_000, batch: Int = 40,
                        style: InboxStyle = .short, rejected: Int = 5) -> LogRecipe {
        var recipe = LogRecipe()
        recipe.seed = seed
        recipe.members = members
        recipe.commits = commits
        recipe.batch = batch
        recipe.style = style
        recipe.rejectedPercent = rejected
        return recipe
    }

    private func make(_ recipe: LogRecipe) throws -> (commits: [GeneratedCommit], log: SyntheticLog) {
        var log = try SyntheticLog(recipe)
        var commits: [GeneratedCommit] = []
        while let next = log.next() { commits.append(next) }
        return (commits, log)
    }

    /// The bytes of a whole log, as a store would write them.
    private func digest(_ commits: [GeneratedCommit]) -> String {
        SHA256.hash(commits.flatMap { CommitCodec.encode($0.commit) }).hex
    }

    @Test func theSameRecipeMakesTheSameBytesAndAnotherSeedOthers() throws {
        let first = try make(recipe()).commits
        #expect(first.count == 2_000)
        #expect(try make(recipe()).commits == first)
        #expect(try digest(make(recipe(seed: 8)).commits) != digest(first))
    }

    /// Pinned, so that a change to the generator that moves any byte of any log is seen: the
    /// promise is the same log for the same seed on every machine and every release.
    @Test(arguments: [(InboxStyle.short, "96bd49a337e17713cf4c68bbeb125c5e4a26824e43818bda3d8c9d99bb9d41e7"), (InboxStyle.xmtp, "f2030a2d10e0a1c0edd5e4554f9d8288e5cfc978100bcc791d73e0797279d41f")])
    func aRecipeMakesThePinnedBytes(style: InboxStyle, expected: String) throws {
        let actual = try digest(make(recipe(style: style)).commits)
        #expect(actual == expected)
    }

    @Test(arguments: InboxStyle.allCases)
    func withNoRejectedShareEveryCommitIsAppliedAndEveryOperationUsed(style: InboxStyle) throws {
        let (commits, log) = try make(recipe(style: style, rejected: 0))
        let rejected = commits.filter { !$0.outcome.isApplied }
        #expect(rejected.isEmpty, "\(rejected.prefix(3).map { "#\($0.commit.sequence) \($0.commit.changes) \($0.outcome)" })")
        let ops = Set(commits.flatMap { $0.commit.changes.map(\.op) })
        #expect(ops.isSuperset(of: [
            "create", "addMembers", "removeMembers", "addAdmin", "removeAdmin", "setRole", "updateName", "updateDescription",
            "updateImageURL", "updateAppData", "updateMetadataField", "updateUserData", "createLink", "join", "mute", "unmute",
        ]), "\(ops.sorted())")
        #expect(log.applied == 2_000 && log.rejected == 0)
    }

    /// Long enough for the display names to fill USER_DISPLAY_NAME's 64 KiB, and members to
    /// make room by deleting theirs.
    @Test func aLongLogOfALargerGroupStaysFreeOfUnplannedRejections() throws {
        let (commits, _) = try make(recipe(members: 3_000, commits: 25_000, batch: 500, rejected: 0))
        let rejected = commits.filter { !$0.outcome.isApplied }
        #expect(rejected.isEmpty, "\(rejected.prefix(3).map { "#\($0.commit.sequence) \($0.commit.changes) \($0.outcome)" })")
        #expect(commits.contains { $0.commit.changes == [.updateUserData([UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: nil)])] })
    }

    @Test func theGroupGrowsToItsMembersInBatches() throws {
        var log = try SyntheticLog(recipe(members: 1_001, batch: 100))
        let growing = (0..<11).compactMap { _ in log.next() }
        #expect(growing.dropFirst().allSatisfy { $0.commit.changes.first?.op == "addMembers" && $0.outcome.isApplied })
        #expect(log.state?.memberCount == 1_001)
    }

    @Test func theGroupChurnsAroundItsSize() throws {
        let (_, log) = try make(recipe(commits: 5_000, rejected: 0))
        let final = try #require(log.state?.memberCount)
        #expect((280...300).contains(final), "\(final) members at the end")
    }

    @Test func aGroupOfOneStaysTheOwnerAlone() throws {
        let (commits, log) = try make(recipe(members: 1, commits: 300, rejected: 0))
        #expect(commits.allSatisfy { $0.outcome.isApplied })
        #expect(log.state?.memberCount == 1)
    }

    @Test func aShareOfTheEverydayCommitsIsRejectedAsAsked() throws {
        let everyday = 2_000 - recipe().growingCommits
        let (commits, _) = try make(recipe(rejected: 20))
        let rejected = commits.filter { !$0.outcome.isApplied }
        // A fifth, give or take what 1,992 draws of a seeded coin spread.
        #expect((everyday * 15 / 100...everyday * 25 / 100).contains(rejected.count), "\(rejected.count) of \(everyday)")
        let codes = Set(rejected.compactMap { if case let .rejected(why) = $0.outcome { why.reason.code } else { nil } })
        #expect(codes == ["alreadyMember", "permissionDenied", "tooLong", "timeWentBackwards", "memberNotFound"], "\(codes)")

        let all = try make(recipe(rejected: 100)).commits
        #expect(all.prefix(recipe().growingCommits).allSatisfy { $0.outcome.isApplied })
        #expect(all.dropFirst(recipe().growingCommits).allSatisfy { !$0.outcome.isApplied })
    }

    @Test func eachCommitCarriesTheHashOfTheOneBefore() throws {
        let commits = try make(recipe(commits: 200)).commits
        #expect(commits[0].commit.previousHash == nil)
        for (before, after) in zip(commits, commits.dropFirst()) {
            #expect(after.commit.previousHash == CommitCodec.hash(before.commit))
        }
    }

    @Test func xmtpStyleInboxesAre64HexDigits() {
        let inboxes = (-1..<50).map(InboxStyle.xmtp.inbox)
        #expect(Set(inboxes).count == 51)
        #expect(inboxes.allSatisfy { $0.rawValue.utf8.count == 64 && $0.rawValue.allSatisfy(\.isHexDigit) })
        #expect(InboxStyle.short.inbox(12).rawValue == "m12")
    }
}
