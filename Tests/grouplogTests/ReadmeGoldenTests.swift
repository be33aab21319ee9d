import Foundation
import Testing
@testable import grouplog

/// A golden test of the command line: a fixed script of invocations that follows the README's
/// tour (fixtures, a store, DMs, configurable fields, the group lifecycle, audit and
/// reproduction), run in a fresh temporary store, whose whole transcript (each invocation's
/// standard output, standard error and exit code) must equal Golden/readme-tour.txt. It pins
/// the CLI's behaviour across refactors that must not change it.
///
/// Every command that takes a time is given one, so the transcript holds no clock reading. The
/// temporary directory's path is written `$TMP` and the package's root `$REPO`, in the
/// invocations and in what they print.
///
/// To rewrite the golden file deliberately (after a change of output that is meant), run the
/// test with GROUPLOG_UPDATE_GOLDEN=1; it then writes the file and fails, saying so, so that it
/// never passes in that mode.
struct ReadmeGoldenTests {
    static let goldenFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Golden/readme-tour.txt")

    /// The package's root, where Fixtures/ is.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theReadmeTourPrintsItsGoldenTranscript() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try ReadmeTour.writeInputs(in: directory)
        let actual = ReadmeTour.transcript(directory: directory.url.path, root: Self.packageRoot.path)

        if ProcessInfo.processInfo.environment["GROUPLOG_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(
                at: Self.goldenFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: Self.goldenFile)
            let message = "GROUPLOG_UPDATE_GOLDEN=1: rewrote \(Self.goldenFile.path) (\(actual.utf8.count) bytes); "
                + "review it with git diff and run again without the variable"
            Issue.record(Comment(rawValue: message))
            return
        }

        let expected = try #require(
            try? String(contentsOf: Self.goldenFile, encoding: .utf8),
            "no golden file at \(Self.goldenFile.path); run with GROUPLOG_UPDATE_GOLDEN=1 to write it")
        if let difference = GoldenDifference(expected: expected, actual: actual) {
            Issue.record(Comment(rawValue: difference.description))
        }
    }
}

/// The first line where two transcripts differ, with the invocation it belongs to.
struct GoldenDifference: CustomStringConvertible {
    let line: Int
    let invocation: String?
    let expected: String?
    let actual: String?

    init?(expected: String, actual: String) {
        guard expected != actual else { return nil }
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        var index = 0
        while index < expectedLines.count, index < actualLines.count, expectedLines[index] == actualLines[index] {
            index += 1
        }
        line = index + 1
        self.expected = index < expectedLines.count ? expectedLines[index] : nil
        self.actual = index < actualLines.count ? actualLines[index] : nil
        // The invocation as it ran (the actual transcript's), unless the actual one ended first.
        let lines = index < actualLines.count ? actualLines : expectedLines
        invocation = lines[...index].last { $0.hasPrefix(ReadmeTour.prompt) }
    }

    var description: String {
        var text = "the CLI's output differs from \(ReadmeGoldenTests.goldenFile.lastPathComponent) at line \(line)"
        if let invocation { text += ", in the output of\n    \(invocation)" }
        text += "\n  expected: " + (expected.map { "\"\($0)\"" } ?? "(end of transcript)")
        text += "\n  actual:   " + (actual.map { "\"\($0)\"" } ?? "(end of transcript)")
        text += "\nIf the change is meant, rewrite the file with GROUPLOG_UPDATE_GOLDEN=1 and review its diff."
        return text
    }
}

/// The script and the files it reads.
enum ReadmeTour {
    static let prompt = "$ grouplog "

    /// The invocations, in order. `$TMP` stands for the temporary directory, `$REPO` for the
    /// package's root; every time is given, so nothing depends on the clock.
    static let script: [[String]] = {
        let store = ["--store", "$TMP/store"]
        let team = "$REPO/Fixtures/demo-team-lifecycle.json"
        let signed = "$REPO/Fixtures/demo-signed-log.json"
        func submit(_ group: String, _ actor: String, _ time: Int, _ changes: String, _ more: [String] = []) -> [String] {
            store + ["submit", group, "--actor", actor, "--time", String(time)] + more + ["--changes", changes]
        }
        return [
            // A tour of the CLI: help and usage errors.
            ["--help"],
            ["help", "submit"],
            ["frobnicate"],
            // Fixtures.
            ["fixture", "run", team, "$REPO/Fixtures/accept-invitation-makes-the-invitee-active.json",
             "$REPO/Fixtures/add-admin-of-a-non-member-is-member-not-found.json"],
            ["fixture", "run", "$TMP/fixtures"],
            ["fixture", "run", "$TMP/broken.json"],
            ["fixture", "run", "$TMP/malformed.json"],
            ["fixture", "run", "$TMP/no-such-file.json"],
            ["replay", team],
            ["replay", team, "--at", "3", "--json"],
            // A store.
            ["--store", "$TMP/missing", "groups"],
            store + ["init"],
            store + ["import", team, "--group", "team"],
            store + ["import", team, "--group", "team"],
            submit("team", "caro", 5000, #"[{"op":"addMembers","inboxes":["gus"]},{"op":"updateDescription","description":"the whole team"}]"#),
            submit("team", "bo", 5100, #"{"op":"addAdmin","inbox":"gus"}"#),
            submit("team", "bo", 5100, #"{"op":"addAdmin","inbox":"#),
            store + ["log", "team", "--from", "10"],
            store + ["state", "team", "--json"],
            store + ["state", "team", "--at", "3"],
            store + ["state", "nosuch"],
            store + ["verify"],
            store + ["identity", "show", "caro"],
            store + ["export", "team", "-o", "$TMP/team-export.json"],
            ["fixture", "run", "$TMP/team-export.json"],
            // DMs, identities, members.
            store + ["identity", "claim", "bo", "--handle", "bo.eth"],
            store + ["identity", "show", "bo"],
            store + ["dm", "--handle", "bo.eth", "--as", "alix"],
            store + ["dm", "--handle", "bo.eth", "--as", "alix", "--create", "--time", "6000"],
            store + ["dm", "alix", "--as", "bo"],
            store + ["dm", "alix"],
            submit("crew", "alix", 7000, #"{"op":"create","members":["bo"],"identities":[{"handle":"caro.eth"}],"name":"Crew"}"#),
            submit("crew", "bo", 7100, #"{"op":"addMembers","inboxes":["dave"]}"#),
            submit("crew", "alix", 7200, #"{"op":"removeMembers","identities":[{"account":"0xca20"}]}"#),
            submit("crew", "alix", 7300, #"{"op":"addMembers","identities":[{"account":"0xdead"}]}"#),
            store + ["members", "crew"],
            // Configurable fields.
            ["config", "check", "$TMP/operator.toml"],
            ["config", "check", "$TMP/unterminated.toml"],
            submit("team2", "alix", 6500, #"{"op":"create","members":["bo"]}"#, ["--config", "$TMP/operator.toml"]),
            store + ["fields", "team2"],
            ["fields", "$TMP/fields.json"],
            ["field", "$TMP/fields.json", "GROUP_CATEGORY"],
            ["field", "$TMP/fields.json", "GROUP_PREFERENCES"],
            ["field", "$TMP/fields.json", "NOTICE"],
            ["user-data", "$TMP/fields.json", "--inbox", "caro", "--inbox", "dave"],
            ["user-data", "$TMP/fields.json"],
            submit("team", "alix", 6000, #"{"op":"updateFieldPolicy","field":"ANNOUNCEMENT","operation":"update","policy":"moderatorOnly"}"#),
            submit("team", "caro", 6100, #"{"op":"updateFieldPolicy","field":"ANNOUNCEMENT","operation":"delete","policy":"allowAll"}"#),
            submit("team", "caro", 6200, #"{"op":"updateMetadataField","field":"ANNOUNCEMENT","mutation":{"kind":"replace","value":"hello"}}"#),
            store + ["fields", "team"],
            store + ["field", "team", "ANNOUNCEMENT"],
            store + ["explain", "team", "12"],
            // Group lifecycle.
            submit("pub", "alix", 1, #"{"op":"create","members":["bo"],"name":"Public","joinRule":"open"}"#),
            submit("priv", "alix", 2, #"{"op":"create","members":["bo"],"name":"Private"}"#),
            store + ["directory"],
            submit("pub", "dave", 5, #"{"op":"join"}"#),
            submit("pub", "alix", 6, #"{"op":"ban","inboxes":["dave"]}"#),
            submit("pub", "dave", 7, #"{"op":"join"}"#),
            store + ["log", "pub"],
            store + ["groups", "--member", "bo", "--limit", "1"],
            store + ["groups", "--member", "bo"],
            store + ["groups"],
            store + ["members", "pub"],
            store + ["verify"],
            // Audit and reproduction.
            store + ["audit", "team", "--inbox", "erin"],
            store + ["audit", "team", "--rejected", "--json"],
            ["audit", team, "--op", "addAdmin"],
            store + ["explain", "team", "3"],
            store + ["explain", "team"],
            store + ["diff", "team", "--from", "3", "--to", "9"],
            store + ["diff", "team", "--from", "3", "--to", "99"],
            store + ["whatif", "team", "--policy", "updateName=allowAll", "--policy", "addAdmin=any(adminOnly, self)"],
            ["whatif", team, "--policy", "addMembr=adminOnly"],
            // Signed commits in the audit tools.
            ["audit", signed],
            ["audit", signed, "--unsigned", "--json"],
            ["audit", signed, "--signed-only", "--unsigned"],
            ["explain", signed, "2"],
            ["whatif", signed, "--require-signatures"],
        ]
    }()

    /// The files the script reads from the temporary directory.
    static func writeInputs(in directory: TemporaryDirectory) throws {
        try directory.write("broken.json", broken)
        try directory.write("malformed.json", malformed)
        try directory.write("fixtures/a-passes.json", passing)
        try directory.write("fixtures/b-fails.json", broken)
        try directory.write("operator.toml", operatorConfiguration)
        try directory.write("unterminated.toml", "member_limit = 250\n[[application_components]]\nid = 0xC001\nname = \"GROUP_CATEGORY\n")
        try directory.write("fields.json", fields)
    }

    /// Runs the script with `$TMP` as `directory` and `$REPO` as `root`, and returns its
    /// transcript with those paths put back as `$TMP` and `$REPO`.
    static func transcript(directory: String, root: String) -> String {
        func expand(_ word: String) -> String {
            word.replacingOccurrences(of: "$TMP", with: directory).replacingOccurrences(of: "$REPO", with: root)
        }
        func mask(_ text: String) -> String {
            text.replacingOccurrences(of: directory, with: "$TMP").replacingOccurrences(of: root, with: "$REPO")
        }
        var text = ""
        for words in script {
            let result = grouplog(words.map(expand))
            text += prompt + words.map(quoted).joined(separator: " ") + "\n"
            text += mask(result.stdout)
            if !result.stdout.isEmpty, !result.stdout.hasSuffix("\n") { text += "\n[no newline at the end of stdout]\n" }
            for line in mask(result.stderr).split(separator: "\n", omittingEmptySubsequences: false).dropLast(result.stderr.hasSuffix("\n") ? 1 : 0)
            where !result.stderr.isEmpty {
                text += "! " + line + "\n"
            }
            text += "[exit \(result.status.rawValue)]\n\n"
        }
        return text
    }

    /// A word as a shell would need it: in single quotes when it holds anything but plain characters.
    static func quoted(_ word: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=$:,")
        if !word.isEmpty, word.allSatisfy(plain.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// alix creates a group of bo and caro; bo may not make caro admin; alix makes bo admin.
    static let passing = SampleFixture.passing

    /// The same log with a wrong final expectation and a wrong commit expectation.
    static let broken = passing
        .replacingOccurrences(of: #""bo": "admin""#, with: #""bo": "member""#)
        .replacingOccurrences(of: #""expect": {"rejected": "permissionDenied"}"#, with: #""expect": "applied""#)

    /// Commit 1's change names its inbox with a number.
    static let malformed = """
    {"commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo"]}]},
       {"actor": "alix", "time": 2000, "changes": [{"op": "addAdmin", "inbox": 7}]}
    ]}
    """

    /// The README's operator configuration: a group field and a user field.
    static let operatorConfiguration = """
    member_limit = 250

    [[application_components]]
    id = 0xC001
    name = "GROUP_CATEGORY"
    type = "string"
    insert = "adminOnly"
    update = "adminOnly"
    delete = "adminOnly"
    in_groups = true
    in_dms = false

    [[application_components]]
    id = 0xC002
    name = "USER_PRONOUNS"
    type = "inboxMap"
    value = "string"
    insert = "self"
    update = "self"
    delete = { any = ["self", "formerMember"] }
    in_groups = true
    in_dms = true
    """

    /// A log with a configured field, group fields, user fields and a departed member.
    static let fields = """
    {"name": "fields",
     "config": {"application_components": [
       {"id": 49153, "name": "GROUP_CATEGORY", "type": "string", "insert": "adminOnly", "update": "adminOnly", "delete": "adminOnly"},
       {"id": 49154, "name": "STATUS", "type": "inboxMap", "insert": "self", "update": "self", "delete": {"any": ["self", "formerMember"]}}
     ]},
     "commits": [
       {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro", "davon"], "name": "Team"}]},
       {"actor": "alix", "time": 2000, "changes": [
         {"op": "updateMetadataField", "field": "GROUP_CATEGORY", "mutation": {"kind": "replace", "value": "sports"}},
         {"op": "updateMetadataField", "field": "GROUP_PREFERENCES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "voice", "value": "off"}},
         {"op": "updateMetadataField", "field": "GROUP_PREFERENCES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "reactions", "value": "on"}}]},
       {"actor": "bo", "time": 3000, "changes": [
         {"op": "updateUserData", "values": [{"field": "USER_DISPLAY_NAME", "value": "Bo"}, {"field": "STATUS", "value": "away"}]},
         {"op": "updateMetadataField", "field": "SHARED_FILES", "mutation": {"kind": "mapDelta", "op": "insert", "key": "a.txt", "value": {"kind": "bytes", "value": "aGk="}}}]},
       {"actor": "caro", "time": 4000, "changes": [{"op": "updateUserData", "values": [{"field": "USER_DISPLAY_NAME", "value": "Caro"}]}]},
       {"actor": "alix", "time": 5000, "changes": [{"op": "removeMembers", "inboxes": ["caro"]}]}
     ]}
    """
}
