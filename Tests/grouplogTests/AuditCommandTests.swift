import Foundation
import GroupFixtures
import Testing
@testable import grouplog

/// The log `audit`'s command-line tests read, as a fixture and imported into a store.
enum AuditLog {
    /// alix creates a team of bo, caro and dan and makes bo admin; bo is refused a super admin
    /// grant; caro asks to leave and alix removes caro (left) and dan (removed); dan is refused a
    /// rename. One commit a second from 2025-11-29T15:18:10Z.
    static let fixture = """
    {"name": "audit", "commits": [
      {"actor": "alix", "time": 1764429490000, "changes": [{"op": "create", "members": ["bo", "caro", "dan"], "name": "Team"}]},
      {"actor": "alix", "time": 1764429491000, "changes": [{"op": "addAdmin", "inbox": "bo"}]},
      {"actor": "bo", "time": 1764429492000, "changes": [{"op": "addSuperAdmin", "inbox": "caro"}], "expect": {"rejected": "permissionDenied"}},
      {"actor": "caro", "time": 1764429493000, "changes": [{"op": "requestRemoval"}]},
      {"actor": "alix", "time": 1764429494000, "changes": [{"op": "removeMembers", "inboxes": ["caro", "dan"]}]},
      {"actor": "dan", "time": 1764429495000, "changes": [{"op": "updateName", "name": "Mine"}], "expect": {"rejected": "notAMember"}}
    ]}
    """

    static let lines = [
        "#0 2025-11-29T15:18:10.000Z alix (not a member) [unsigned] create group with bo, caro, dan → applied: groupCreated alix, "
            + "memberAdded bo, memberAdded caro, memberAdded dan",
        "#1 2025-11-29T15:18:11.000Z alix (superAdmin, active) [unsigned] addAdmin bo → applied: adminAdded bo",
        "#2 2025-11-29T15:18:12.000Z bo (admin, active) [unsigned] addSuperAdmin caro → rejected permissionDenied at change 0: "
            + "bo (admin) is not a super admin, and only a super admin may do this",
        "#3 2025-11-29T15:18:13.000Z caro (member, active) [unsigned] requestRemoval → applied: removalRequested caro",
        "#4 2025-11-29T15:18:14.000Z alix (superAdmin, active) [unsigned] removeMembers caro, dan → applied: memberLeft caro, "
            + "memberRemoved dan; departed: caro left, dan removed",
        "#5 2025-11-29T15:18:15.000Z dan (former member, removed) [unsigned] updateName \"Mine\" → rejected notAMember at change 0: "
            + "dan is not a member",
    ]

    /// The fixture written to `audit.json` in `directory`, and a store holding it as group `team`.
    static func prepare(in directory: TemporaryDirectory) throws -> (fixture: String, store: String) {
        let file = try directory.write("audit.json", fixture)
        let store = directory.path("store")
        #expect(grouplog("--store", store, "init").status == .success)
        #expect(grouplog("--store", store, "import", file, "--group", "team").status == .success)
        return (file, store)
    }
}

struct AuditCommandTests {
    @Test func aFixtureAndAStoreGroupGiveTheSameTimeline() throws {
        try withTemporaryDirectory { directory in
            let (fixture, store) = try AuditLog.prepare(in: directory)
            let fromFixture = grouplog("audit", fixture)
            #expect(fromFixture.status == .success && fromFixture.stderr == "")
            #expect(fromFixture.lines == AuditLog.lines)
            let fromStore = grouplog("--store", store, "audit", "team")
            #expect(fromStore.status == .success)
            #expect(fromStore.lines == AuditLog.lines)
        }
    }

    @Test func filtersSelectCommits() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try AuditLog.prepare(in: directory)
            func sequences(_ options: String...) -> [String] {
                let result = grouplog(["--store", store, "audit", "team"] + options)
                #expect(result.status == .success, "\(options): \(result.stderr)")
                return result.lines.map { String($0.prefix { $0 != " " }) }
            }
            #expect(sequences("--rejected") == ["#2", "#5"])
            #expect(sequences("--inbox", "caro") == ["#0", "#2", "#3", "#4"])
            #expect(sequences("--inbox", "caro", "--rejected") == ["#2"])
            #expect(sequences("--inbox", "bo", "--inbox", "dan") == ["#0", "#1", "#2", "#4", "#5"])
            #expect(sequences("--op", "addAdmin", "--op", "updateName") == ["#1", "#5"])
            #expect(sequences("--from", "2025-11-29T15:18:13Z", "--to", "2025-11-29T15:18:14.500+00:00") == ["#3", "#4"])
            #expect(sequences("--from", "1764429494000") == ["#4", "#5"])
            #expect(sequences("--to", "2025-11-29") == ["#0", "#1", "#2", "#3", "#4", "#5"])
            #expect(sequences("--from", "2025-11-30") == [])
        }
    }

    @Test func jsonIsOneParsableObjectPerCommit() throws {
        try withTemporaryDirectory { directory in
            let (fixture, _) = try AuditLog.prepare(in: directory)
            let result = grouplog("audit", fixture, "--json")
            #expect(result.status == .success)
            let objects = try result.lines.map { try JSONParser.parse($0) }
            #expect(objects.count == 6)
            #expect(objects.map { $0["sequence"]?.intValue } == [0, 1, 2, 3, 4, 5])
            #expect(objects.map { $0["outcome"]?.stringValue } == ["applied", "applied", "rejected", "applied", "applied", "rejected"])
            #expect(objects[2]["time"]?.stringValue == "2025-11-29T15:18:12.000Z")
            #expect(objects[2]["actorRole"]?.stringValue == "admin" && objects[2]["actorState"]?.stringValue == "active")
            #expect(objects[2]["code"]?.stringValue == "permissionDenied" && objects[2]["changeIndex"]?.intValue == 0)
            #expect(objects[2]["reason"]?.stringValue?.hasSuffix("; bo then: admin, active") == true)
            #expect(objects[4]["departures"]?[0]?["reason"]?.stringValue == "left")
            #expect(objects[4]["departures"]?[1]?["reason"]?.stringValue == "removed")
            #expect(objects[1]["events"]?[0]?["event"]?.stringValue == "adminAdded")
            #expect(objects[5]["actorState"]?.stringValue == "former" && objects[5]["actorRole"] == .null)
        }
    }

    @Test func aFieldPolicyChangeIsNamedAndFoundByItsOp() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("team.json", SampleFixture.fieldPolicy)
            let result = grouplog("audit", file, "--op", "updateFieldPolicy")
            #expect(result.status == .success, "\(result.stderr)")
            #expect(result.lines == [
                "#3 1970-01-01T00:00:04.000Z alix (superAdmin, active) [unsigned] updateFieldPolicy ANNOUNCEMENT insert = allowAll → applied: "
                    + "fieldPolicyChanged 0x8102 insert = allowAll",
                "#4 1970-01-01T00:00:05.000Z bo (admin, active) [unsigned] updateFieldPolicy ANNOUNCEMENT update = allowAll → rejected permissionDenied at change 0: "
                    + "bo (admin) is not a super admin, and only a super admin may do this",
                "#5 1970-01-01T00:00:06.000Z alix (superAdmin, active) [unsigned] updateFieldPolicy NOTICE update = allowAll → rejected unknownField at change 0: "
                    + "no field NOTICE is registered in this conversation",
            ])
            let json = grouplog("audit", file, "--op", "updateFieldPolicy", "--rejected", "--json")
            let lines = try json.lines.map { try JSONParser.parse($0) }
            #expect(lines.compactMap { $0["sequence"]?.intValue } == [4, 5])
            #expect(lines[1]["changes"]?[0]?["op"]?.stringValue == "updateFieldPolicy")
            #expect(lines[1]["code"]?.stringValue == "unknownField")
            let applied = try JSONParser.parse(grouplog("audit", file, "--op", "updateFieldPolicy", "--json").lines[0])
            #expect(applied["events"]?[0]?["event"]?.stringValue == "fieldPolicyChanged")
        }
    }

    @Test func htmlWritesOnePageAndSaysWhatItHolds() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try AuditLog.prepare(in: directory)
            let path = directory.path("audit.html")
            let result = grouplog("--store", store, "audit", "team", "--html", path)
            #expect(result.status == .success)
            #expect(result.lines == ["wrote \(path): 6 commits, 6 matching, 6 rows"])
            let html = try String(contentsOfFile: path, encoding: .utf8)
            #expect(html.contains("<h1>Audit of team</h1>"))
            #expect(html.components(separatedBy: "<tr data-actor=").count - 1 == 6)

            let capped = grouplog("--store", store, "audit", "team", "--rejected", "--html", path, "--max-rows", "1")
            #expect(capped.lines == ["wrote \(path): 6 commits, 2 matching, 1 rows"])
            let cappedPage = try String(contentsOfFile: path, encoding: .utf8)
            #expect(cappedPage.contains("Showing the first 1 of 2 matching commits."))
            #expect(cappedPage.contains("Filter: --rejected; 2 matching commits."))
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
            #expect(leftovers == ["audit.html", "audit.json", "store"], "no temporary file is left behind")
        }
    }

    @Test(arguments: [
        (["audit", "absent"], "group absent"),
        (["audit", "missing.json"], "missing.json"),
        (["audit", "team", "--from", "yesterday"], #"--from: "yesterday" is not a time"#),
        (["audit", "team", "--to", "2025-02-29"], #"--to: "2025-02-29" is not a time"#),
        (["audit", "team", "--from", "2025-11-30", "--to", "2025-11-29"], "--from 2025-11-30T00:00:00.000Z is after --to 2025-11-29T23:59:59.999Z"),
        (["audit", "team", "--op", "promote"], #"--op: unknown op "promote"; the ops are create, addMembers"#),
        (["audit", "team", "--inbox", "two words"], #"invalid inbox ID "two words""#),
        (["audit", "team", "--html", "DIR/no/such/dir/page.html"], "the directory DIR/no/such/dir does not exist"),
        (["audit", "team", "--html", "DIR"], "cannot write DIR: it is a directory"),
        (["audit", "team", "--html", "DIR/page.html", "--max-rows", "0"], #"--max-rows takes a whole number of 1 or more, not "0""#),
        (["audit", "team", "--html", "DIR/page.html", "--max-rows", "many"], #"--max-rows takes a whole number of 1 or more"#),
    ])
    func badInputIsExitTwoNamingWhatAndWhere(words: [String], message: String) throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try AuditLog.prepare(in: directory)
            let root = directory.url.path
            let arguments = words.map { $0.replacingOccurrences(of: "DIR", with: root).replacingOccurrences(of: "missing.json", with: root + "/missing.json") }
            let before = grouplog("--store", store, "log", "team").stdout
            let result = grouplog(["--store", store] + arguments)
            #expect(result.status == .badInput, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains(message.replacingOccurrences(of: "DIR", with: root)), "\(result.stderr)")
            #expect(grouplog("--store", store, "log", "team").stdout == before, "the store is unchanged")
            #expect(!FileManager.default.fileExists(atPath: root + "/page.html"))
        }
    }

    @Test(arguments: [
        (["audit"], "audit takes exactly one group or fixture"),
        (["audit", "team", "other"], "audit takes exactly one group or fixture"),
        (["audit", "team", "--max-rows", "5"], "--max-rows goes with --html"),
        (["audit", "team", "--json", "--html", "page.html"], "audit takes --json or --html, not both"),
        (["audit", "team", "--since", "5"], "unknown option --since"),
        (["audit", "team", "--from"], "--from needs a value"),
    ])
    func commandLineMistakesAreUsageErrors(words: [String], message: String) throws {
        try withTemporaryDirectory { directory in
            let result = grouplog(["--store", directory.path("store")] + words)
            #expect(result.status == .usage)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    @Test func aGroupWithoutAStoreIsExitFour() throws {
        try withTemporaryDirectory { directory in
            let result = grouplog("--store", directory.path("nothing"), "audit", "team")
            #expect(result.status == .noStore)
        }
    }

    @Test func helpDescribesTheCommand() {
        let help = grouplog("help", "audit")
        #expect(help.status == .success)
        #expect(help.stdout.contains("Usage: grouplog audit GROUP|FIXTURE"))
        #expect(grouplog("--help").stdout.contains("audit GROUP|FIXTURE"))
    }
}
