import Foundation
import GroupCore
import GroupFixtures
import GroupStore
import Testing
@testable import grouplog

/// `grouplog dm`: the DM between two inboxes, found, or created once under the pair's ID.
struct DMCommandTests {
    /// A store where bo claims the handle bo.eth and the account 0xb0.
    static func makeStore(in directory: TemporaryDirectory) throws -> SampleStore {
        let store = SampleStore(path: directory.path("store"))
        try store.succeed("init")
        try store.succeed("identity", "claim", "bo", "--handle", "bo.eth")
        try store.succeed("identity", "claim", "bo", "--account", "0xb0")
        return store
    }

    static let pairID = GroupID.dm(between: InboxID(unchecked: "alix"), and: InboxID(unchecked: "bo")).rawValue

    @Test func noDMIsExitOneAndWritesNothing() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let result = store.run("dm", "bo", "--as", "alix")
            #expect(result.status == .expectationsNotMet)
            #expect(result.stdout == "")
            #expect(result.stderr == "grouplog: no DM between alix and bo; --create makes one\n")
            #expect(store.run("groups").lines == ["0 groups"])
        }
    }

    @Test func createMakesTheDMOnceUnderThePairsIDAndEitherSideFindsIt() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let created = store.run("dm", "bo", "--as", "alix", "--create", "--time", "1000")
            #expect(created.status == .success, "\(created.stderr)")
            #expect(created.lines == [Self.pairID])
            #expect(Self.pairID.hasPrefix("dm-"))

            // Again, from either side, with or without --create: the same DM, and no second one.
            for words in [["dm", "bo", "--as", "alix", "--create"], ["dm", "alix", "--as", "bo"], ["dm", "alix", "--as", "bo", "--create"]] {
                let again = store.run(words)
                #expect(again.status == .success, "\(words): \(again.stderr)")
                #expect(again.lines == [Self.pairID], "\(words)")
            }
            let json = try JSONParser.parse(store.run("dm", "alix", "--as", "bo", "--create", "--json").stdout)
            #expect(json == .object(JSONObject(["group": .string(Self.pairID), "created": .bool(false)])))
            #expect(store.run("groups").lines == ["\(Self.pairID)  1 commits", "1 groups"])

            // A DM with its two participants as plain members, made by alix at the given time.
            let state = try JSONParser.parse(store.run("state", Self.pairID, "--json").stdout)
            #expect(state["kind"]?.stringValue == "dm")
            #expect(state["creator"]?.stringValue == "alix")
            #expect(state["createdAt"]?.intValue == 1000)
            #expect(state["members"]?.arrayValue?.compactMap { $0["role"]?.stringValue } == ["member", "member"])
        }
    }

    @Test func createWithJSONSaysItCreated() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let json = try JSONParser.parse(store.run("dm", "bo", "--as", "alix", "--create", "--json").stdout)
            #expect(json == .object(JSONObject(["group": .string(Self.pairID), "created": .bool(true)])))
        }
    }

    @Test func aDMSubmittedUnderAnyIDIsFoundTheOldestFirst() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            try store.submit("zz-chat", "bo", 1_000, #"{"op": "create", "kind": "dm", "members": ["alix"]}"#)
            try store.submit("aa-chat", "alix", 2_000, #"{"op": "create", "kind": "dm", "identities": [{"handle": "bo.eth"}]}"#)
            // A group of the same two is not a DM.
            try store.submit("pair", "alix", 3_000, #"{"op": "create", "members": ["bo"]}"#)
            #expect(store.run("dm", "bo", "--as", "alix").lines == ["zz-chat"])
            #expect(store.run("dm", "alix", "--as", "bo", "--create").lines == ["zz-chat"])
            #expect(store.run("groups").lines.last == "3 groups", "--create made no DM beside the existing ones")
            // Other pairs have none.
            #expect(store.run("dm", "caro", "--as", "alix").status == .expectationsNotMet)
        }
    }

    @Test func theOtherParticipantMayBeNamedByAHandleOrAnAccount() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let none = store.run("dm", "--handle", "bo.eth", "--as", "alix")
            #expect(none.status == .expectationsNotMet)
            #expect(none.stderr == "grouplog: no DM between alix and bo; --create makes one\n")

            let created = store.run("dm", "--account", "0xb0", "--as", "alix", "--create", "--time", "1000")
            #expect(created.lines == [Self.pairID], "\(created.stderr)")
            #expect(store.run("dm", "--handle", "bo.eth", "--as", "alix").lines == [Self.pairID])
            #expect(store.run("dm", "bo", "--as", "alix").lines == [Self.pairID])
            // The commit records the identity it was asked with, resolved.
            #expect(store.run("log", Self.pairID).lines.first?.hasPrefix("#0 alix @1000 create dm with 0xb0 (bo) -> applied") == true,
                    "\(store.run("log", Self.pairID).stdout)")
        }
    }

    @Test func anIdentityNoInboxClaimsIsIdentityNotFoundWithNothingWritten() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let found = store.run("dm", "--handle", "nobody.eth", "--as", "alix")
            #expect(found.status == .expectationsNotMet)
            #expect(found.stderr == "grouplog: identityNotFound: no inbox claims the handle nobody.eth, so there is no DM with it\n")
            let created = store.run("dm", "--account", "0xdead", "--as", "alix", "--create")
            #expect(created.status == .expectationsNotMet)
            #expect(created.stderr.contains("identityNotFound: no inbox claims the account 0xdead"))
            #expect(created.stderr.contains("nothing was written"))
            #expect(store.run("groups").lines == ["0 groups"])
        }
    }

    /// The pair's ID already holds a group that is not their DM: the create cannot go there,
    /// and no other ID is made up.
    @Test func thePairsIDTakenByAnotherGroupIsBadInput() throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            try store.submit(Self.pairID, "alix", 1_000, #"{"op": "create", "members": ["bo"]}"#)
            let result = store.run("dm", "bo", "--as", "alix", "--create")
            #expect(result.status == .badInput)
            #expect(result.stderr == "grouplog: group \(Self.pairID), the ID a DM between alix and bo takes, exists but is not their DM; nothing was written\n")
            #expect(store.run("log", Self.pairID).lines.count == 1)
        }
    }

    @Test(arguments: [
        (["dm", "--as", "alix"], "dm takes exactly one of INBOX, --handle H or --account A: the other participant"),
        (["dm", "bo", "caro", "--as", "alix"], "dm takes exactly one of INBOX, --handle H or --account A: the other participant"),
        (["dm", "bo", "--handle", "bo.eth", "--as", "alix"], "dm takes exactly one of INBOX, --handle H or --account A: the other participant"),
        (["dm", "bo"], "dm needs --as INBOX: the participant asking"),
        (["dm", "bo", "--as"], "--as needs a value"),
        (["dm", "bo", "--as", "alix", "--time", "5"], "--time goes with --create"),
        (["dm", "bo", "--as", "alix", "--config", "x.toml"], "--config goes with --create"),
        (["dm", "bo", "--as", "alix", "--create", "--time", "soon"], #"--time takes a whole number, not "soon""#),
        (["dm", "bo", "--as", "alix", "--make"], "unknown option --make"),
    ])
    func commandLineMistakesAreUsageErrors(words: [String], message: String) throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            // Checked whether or not the DM exists.
            let other = SampleStore(path: directory.path("other"))
            try other.succeed("init")
            try other.succeed("dm", "bo", "--as", "alix", "--create")
            #expect(other.run(words).status == .usage, "\(words) with the DM")
            let result = store.run(words)
            #expect(result.status == .usage)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("grouplog: \(message)\n"), "\(result.stderr)")
            #expect(store.run("groups").lines == ["0 groups"])
        }
    }

    /// A malformed value is bad input (exit 2), as for every command, naming the argument.
    @Test(arguments: [
        (["dm", "two words", "--as", "alix"], #"INBOX: invalid inbox ID "two words""#),
        (["dm", "bo", "--as", "al ix", "--create"], #"--as: invalid inbox ID "al ix""#),
        (["dm", "--handle", "", "--as", "alix"], #"invalid handle """#),
        (["dm", "bo", "--as", "bo", "--create"], "INBOX and --as are both bo: a DM is between two different inboxes"),
        (["dm", "--handle", "bo.eth", "--as", "bo"], "the handle bo.eth is claimed by bo, the --as inbox itself: a DM is between two different inboxes"),
    ])
    func badValuesAreBadInputNamingTheArgument(words: [String], message: String) throws {
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let result = store.run(words)
            #expect(result.status == .badInput)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("grouplog: \(message)"), "\(result.stderr)")
            #expect(store.run("groups").lines == ["0 groups"])
        }
    }

    @Test func withoutAStoreIsExitFour() throws {
        try withTemporaryDirectory { directory in
            #expect(grouplog("--store", directory.path("none"), "dm", "bo", "--as", "alix").status == .noStore)
        }
    }

    /// Processes racing to create the same DM: each prints the one DM, and there is no second.
    @Test(.enabled(if: BuiltBinary.url != nil, "the grouplog binary was not found next to the test bundle"))
    func racingCreatorsMakeOneDM() throws {
        let binary = try #require(BuiltBinary.url)
        try withTemporaryDirectory { directory in
            let store = try Self.makeStore(in: directory)
            let processes = try (0..<6).map { index in
                let process = Process()
                process.executableURL = binary
                let (me, other) = index.isMultiple(of: 2) ? ("alix", "bo") : ("bo", "alix")
                process.arguments = ["--store", store.path, "dm", other, "--as", me, "--create", "--time", "1000"]
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                return (process, output)
            }
            for (process, output) in processes {
                let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
                #expect(printed == Self.pairID + "\n")
            }
            #expect(store.run("groups").lines == ["\(Self.pairID)  1 commits", "1 groups"])
        }
    }

    @Test func helpExplainsTheCommand() {
        let result = grouplog("help", "dm")
        #expect(result.status == .success)
        #expect(result.lines.first == "Usage: grouplog dm INBOX --as ME [--create [--time MS] [--config FILE]] [--json] [--store DIR]")
        #expect(result.stdout.contains("Exit status"))
        #expect(grouplog("--help").stdout.contains("dm INBOX --as ME [--create"))
    }
}
