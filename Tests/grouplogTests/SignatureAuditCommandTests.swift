import Foundation
import GroupFixtures
import Testing
@testable import grouplog

/// A signed log for the audit tools' command-line tests (SPEC section 14).
enum SignedAuditLog {
    static let alix = "AvrS262CS2ouxryyjJraqpk5UJAP936xIdwWgdjVRC0="
    static let bo = "kgWnRJTYy48lRtYRaOl4sTXh74R3J3oKLBgfLbAGRzA="
    static let caro = "hVSXD7oeCfX4n/DVnRa5skkGQ4Gca7AhGQIWRLjlTnI="

    /// alix creates a group of bo and caro; bo renames it (signed with bo's key); caro renames
    /// it signed with bo's key; bo sets the description unsigned; alix makes bo an admin; caro
    /// renames it with caro's key. Requiring signatures, #2 is wrongSigningKey and #3
    /// unsignedCommit; not requiring them, every commit applies.
    /// - Parameter forgingLast: the last commit carries, as recorded, a signature of caro's key
    ///   that does not verify (64 zero bytes), as a log edited behind a store's back would.
    static func fixture(requireSignatures: Bool, forgingLast: Bool = false) -> String {
        let rejected = { (code: String) in requireSignatures ? #", "expect": {"rejected": "\#(code)"}"# : "" }
        let last = forgingLast
            ? #""signature": {"key": "\#(caro)", "bytes": "\#(String(repeating: "A", count: 86))=="}, "#
            : ""
        return """
        {"name": "signed", "keys": {"alix": "8x+QVRY/ol/qwaqiFYq0SF3aepmAYlduobr5ocwISO8=", "bo": "CGo3zJyhOaj0PjvDfHHpD99XQ9x1sjcwRP9KgQyDkoI=",
                                    "caro": "51HIVsbTmmB/Tv4gW6vtvLQRxa8WQVI7sD22c6WqZvE="},
         "commits": [
          {"actor": "alix", "time": 1000, "changes": [{"op": "create", "members": ["bo", "caro"], "requireSignatures": \(requireSignatures)}]},
          {"actor": "bo", "time": 2000, "changes": [{"op": "updateName", "name": "by bo"}]},
          {"actor": "caro", "time": 3000, "signWith": "bo", "changes": [{"op": "updateName", "name": "forged"}]\(rejected("wrongSigningKey"))},
          {"actor": "bo", "time": 4000, "sign": false, "changes": [{"op": "updateDescription", "description": "unsigned"}]\(rejected("unsignedCommit"))},
          {"actor": "alix", "time": 5000, "changes": [{"op": "addAdmin", "inbox": "bo"}]},
          {"actor": "caro", "time": 6000, \(last)"changes": [{"op": "updateName", "name": "by caro"}]}
         ]}
        """
    }

    /// The marks of the six commits, in order.
    static let marks = [
        "[signed by alix's key \(alix)]", "[signed by bo's key \(bo)]", "[signed by \(bo), not caro's]", "[unsigned]",
        "[signed by alix's key \(alix)]", "[signed by caro's key \(caro)]",
    ]

    /// The fixture written to `signed.json` in `directory`, and a store holding it as group `team`.
    static func prepare(in directory: TemporaryDirectory, requireSignatures: Bool = true) throws -> (fixture: String, store: String) {
        let file = try directory.write("signed.json", fixture(requireSignatures: requireSignatures))
        let store = directory.path("store")
        try #require(grouplog("--store", store, "init").status == .success)
        let imported = grouplog("--store", store, "import", file, "--group", "team")
        try #require(imported.status == .success, "\(imported.stderr)")
        return (file, store)
    }
}

struct SignatureAuditCommandTests {
    /// The bracketed mark of a timeline line.
    private func mark(_ line: String) -> String? {
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return nil }
        return String(line[open...close])
    }

    @Test func theTimelineMarksEachCommitSignedOrUnsignedAndByWhichKey() throws {
        try withTemporaryDirectory { directory in
            let (fixture, store) = try SignedAuditLog.prepare(in: directory)
            let fromFixture = grouplog("audit", fixture)
            #expect(fromFixture.status == .success && fromFixture.stderr == "")
            #expect(fromFixture.lines.map(mark) == SignedAuditLog.marks)
            #expect(fromFixture.lines[2].hasSuffix("updateName \"forged\" → rejected wrongSigningKey: signed with key \(SignedAuditLog.bo), "
                + "which is not recorded for caro in this conversation"))
            let fromStore = grouplog("--store", store, "audit", "team")
            #expect(fromStore.status == .success)
            #expect(fromStore.lines.map(mark) == SignedAuditLog.marks, "signatures survive import, re-signed for the group team")

            let json = try grouplog("--store", store, "audit", "team", "--json").lines.map { try JSONParser.parse($0) }
            #expect(json.map { $0["signature"]?["standing"]?.stringValue } == ["actorKey", "actorKey", "otherKey", "unsigned", "actorKey", "actorKey"])
            #expect(json.map { $0["signature"]?["key"]?.stringValue } == [
                SignedAuditLog.alix, SignedAuditLog.bo, SignedAuditLog.bo, nil, SignedAuditLog.alix, SignedAuditLog.caro,
            ])
            #expect(json.map { $0["signature"]?["verifies"] } == [.bool(true), .bool(true), .bool(true), .null, .bool(true), .bool(true)])
        }
    }

    @Test func signedOnlyAndUnsignedFilterTextJSONAndHTMLAlike() throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try SignedAuditLog.prepare(in: directory)
            func sequences(_ options: String...) -> [String] {
                let result = grouplog(["--store", store, "audit", "team"] + options)
                #expect(result.status == .success, "\(options): \(result.stderr)")
                return result.lines.map { String($0.prefix { $0 != " " }) }
            }
            #expect(sequences("--signed-only") == ["#0", "#1", "#2", "#4", "#5"])
            #expect(sequences("--unsigned") == ["#3"])
            #expect(sequences("--signed-only", "--rejected") == ["#2"])
            #expect(sequences("--unsigned", "--inbox", "caro") == [])

            let json = grouplog("--store", store, "audit", "team", "--unsigned", "--json")
            #expect(try json.lines.map { try JSONParser.parse($0)["sequence"]?.intValue } == [3])
            let signedJSON = grouplog("--store", store, "audit", "team", "--signed-only", "--json")
            #expect(try signedJSON.lines.map { try JSONParser.parse($0)["sequence"]?.intValue } == [0, 1, 2, 4, 5])

            let page = directory.path("page.html")
            let html = grouplog("--store", store, "audit", "team", "--unsigned", "--html", page)
            #expect(html.lines == ["wrote \(page): 6 commits, 1 matching, 1 rows"])
            let text = try String(contentsOfFile: page, encoding: .utf8)
            #expect(text.components(separatedBy: "<tr data-actor=").count - 1 == 1)
            #expect(text.contains(#"data-signature="unsigned">"#))
            #expect(text.contains("Filter: --unsigned; 1 matching commits."))
            #expect(grouplog("--store", store, "audit", "team", "--signed-only", "--html", page).lines == ["wrote \(page): 6 commits, 5 matching, 5 rows"])
            #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Signatures: 5 signed (1 with a key not recorded for its actor), 0 unsigned."))
        }
    }

    @Test(arguments: [
        ["--signed-only", "--unsigned"], ["--unsigned", "--signed-only"], ["--unsigned", "--signed-only", "--json"],
        ["--signed-only", "--unsigned", "--html", "page.html"],
    ])
    func signedOnlyAndUnsignedTogetherAreAUsageErrorNamingBoth(options: [String]) throws {
        try withTemporaryDirectory { directory in
            let (_, store) = try SignedAuditLog.prepare(in: directory)
            let result = grouplog(["--store", store, "audit", "team"] + options.map { $0 == "page.html" ? directory.path($0) : $0 })
            #expect(result.status == .usage)
            #expect(result.status.rawValue == 64)
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("grouplog: audit takes --signed-only or --unsigned, not both\n"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory.path("page.html")))
        }
    }

    /// A signature that does not verify reached the audit without a door: a fixture carries it
    /// as recorded. The audit verifies it and says so, in text, JSON and HTML.
    @Test func aSignatureThatDoesNotVerifyIsMarkedAsSuch() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("forged.json", SignedAuditLog.fixture(requireSignatures: true, forgingLast: true))
            let run = grouplog("fixture", "run", file)
            #expect(run.status != .success, "the fixture runner, a door, refuses it")
            let text = grouplog("audit", file)
            #expect(text.status == .success, "\(text.stderr)")
            #expect(text.lines.map(mark).dropLast() == SignedAuditLog.marks.dropLast())
            #expect(text.lines.last?.contains("caro (member, active) [signature does not verify: caro's key \(SignedAuditLog.caro)] updateName") == true)
            #expect(text.lines.filter { $0.contains("does not verify") }.count == 1)

            let json = try JSONParser.parse(try #require(grouplog("audit", file, "--json", "--signed-only").lines.last))
            #expect(json["sequence"]?.intValue == 5)
            #expect(json["signature"]?["verifies"] == .bool(false))
            #expect(json["signature"]?["standing"]?.stringValue == "actorKey")

            let page = directory.path("forged.html")
            #expect(grouplog("audit", file, "--html", page).status == .success)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains(#"data-signature="signed actorKey doesNotVerify">"#))
            #expect(html.contains(#"<strong id="bad-signatures">1 signature does not verify.</strong>"#))
        }
    }
}
