import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

/// The audit's signature marks (SPEC section 14): unsigned, or signed by which key and whether it
/// is the actor's, each signature verified; the signed/unsigned filters; and the page's column.
struct AuditSignatureTests {
    /// The standings of `SignedLog`'s commits, in order.
    static let standings: [SignatureStanding] = [
        .actorKey(SignedLog.alix), .actorKey(SignedLog.bo), .otherKey(SignedLog.bo), .unsigned, .actorKey(SignedLog.alix),
    ]

    @Test func eachEntryShowsWhetherItsCommitIsSignedByWhichKeyAndWhetherItIsTheActors() throws {
        try withAuditStore { store in
            try SignedLog.ingest(into: store, requireSignatures: false)
            let entries = try AuditSamples.entries(of: try LogSource(store: store, group: .test))
            #expect(entries.map(\.signature.standing) == Self.standings)
            #expect(entries.map(\.signature.verifies) == [true, true, true, nil, true])
            #expect(entries.allSatisfy { $0.outcome.rejection == nil }, "a group that does not require signatures rejects none")

            let bo = SignedLog.bo.description, alix = SignedLog.alix.description
            #expect(entries[0].line.contains("alix (not a member) [signed by alix's key \(alix)] create group with bo, caro → applied"))
            #expect(entries[1].line.contains("bo (member, active) [signed by bo's key \(bo)] updateName \"by bo\" → applied"))
            #expect(entries[2].line.contains("caro (member, active) [signed by \(bo), not caro's] updateName \"forged\" → applied"))
            #expect(entries[3].line.contains("bo (member, active) [unsigned] updateDescription \"unsigned\" → applied"))

            #expect(entries[2].json.member("signature") == .object(JSONObject([
                "standing": .string("otherKey"), "key": .string(bo), "verifies": .bool(true),
            ])))
            #expect(entries[1].json.member("signature")?.member("standing") == .string("actorKey"))
            #expect(entries[3].json.member("signature") == .object(JSONObject(["standing": .string("unsigned"), "key": .null, "verifies": .null])))
        }
    }

    @Test func theKeyIsJudgedAgainstTheStateBeforeTheCommitAsTheReducerJudgesIt() throws {
        try withAuditStore { store in
            try SignedLog.ingest(into: store, requireSignatures: true)
            let entries = try AuditSamples.entries(of: try LogSource(store: store, group: .test))
            #expect(entries.map(\.signature.standing) == Self.standings)
            #expect(entries.map { $0.outcome.rejection?.reason.code } == [nil, nil, "wrongSigningKey", "unsignedCommit", nil])
            #expect(entries[2].line.contains("[signed by \(SignedLog.bo), not caro's] updateName \"forged\" → rejected wrongSigningKey: "))
        }
    }

    @Test func signedAndUnsignedFiltersSplitTheLog() throws {
        try withAuditStore { store in
            try SignedLog.ingest(into: store, requireSignatures: true)
            let source = try LogSource(store: store, group: .test)
            #expect(try AuditSamples.entries(of: source, filter: AuditFilter(signing: .signed)).map(\.sequence) == [0, 1, 2, 4])
            #expect(try AuditSamples.entries(of: source, filter: AuditFilter(signing: .unsigned)).map(\.sequence) == [3])
            #expect(try AuditSamples.entries(of: source, filter: AuditFilter(rejectedOnly: true, signing: .signed)).map(\.sequence) == [2])
            #expect(try AuditSamples.entries(of: source, filter: AuditFilter(inboxes: [.caro], signing: .unsigned)).map(\.sequence) == [])
            // A log of unsigned commits: every one unsigned, none signed.
            let unsigned = try AuditSamples.timelineSource()
            #expect(try AuditSamples.entries(of: unsigned, filter: AuditFilter(signing: .signed)).isEmpty)
            #expect(try AuditSamples.entries(of: unsigned, filter: AuditFilter(signing: .unsigned)).count == 7)
        }
    }

    /// A commit whose signature was made over other bytes reached the audit without a door (a
    /// fixture carries it as recorded): the audit verifies it and says it does not verify,
    /// whatever the reducer made of its key.
    @Test func aSignatureThatDoesNotVerifyIsMarkedSo() throws {
        let fixture = SignedLog.fixture(requireSignatures: false, forging: 1)
        let source = try LogSource(fixture: fixture, groupID: .named("signed"), name: "signed.json")
        let entries = try AuditSamples.entries(of: source)
        #expect(entries.map(\.signature.verifies) == [true, false, true, nil, true])
        #expect(entries[1].signature.standing == .actorKey(SignedLog.bo), "the reducer only compares keys")
        #expect(entries[1].signature.doesNotVerify)
        #expect(entries[1].line.contains("bo (member, active) [signature does not verify: bo's key \(SignedLog.bo)] updateName"))
        #expect(entries[1].json.member("signature")?.member("verifies") == .bool(false))
        #expect(!entries[0].line.contains("does not verify") && !entries[2].line.contains("does not verify"))
        // Filtering for signed commits keeps a forgery in view.
        #expect(try AuditSamples.entries(of: source, filter: AuditFilter(signing: .signed)).map(\.sequence) == [0, 1, 2, 4])
        // A signature of another key over the commit: the same mark, with the key it names.
        var other = fixture
        let stored = SignedLog.commits(requireSignatures: false)[2]
        other.commits[2] = FixtureCommit(
            actor: .caro, time: stored.time, changes: stored.changes,
            signing: .recorded(CommitSignature(publicKey: SignedLog.caro, bytes: stored.signature!.bytes)!))
        let misattributed = try AuditSamples.entries(of: try LogSource(fixture: other, groupID: .named("signed"), name: "signed.json"))
        #expect(misattributed[2].signature == AuditSignature(standing: .actorKey(SignedLog.caro), verifies: false))
        #expect(misattributed[2].line.contains("[signature does not verify: caro's key \(SignedLog.caro)]"))
    }

    @Test func thePageShowsAndFiltersSignatures() throws {
        let source = try LogSource(fixture: SignedLog.fixture(requireSignatures: true, forging: 4), groupID: .named("signed"), name: "signed.json")
        var page = AuditPage(name: source.name)
        try source.audit(filter: AuditFilter()) { entry, sample in
            page.add(sample)
            if let entry { page.add(entry) }
        }
        let html = page.html
        #expect(html.contains("<th>signature</th>"))
        #expect(html.contains(#"data-outcome="applied" data-signature="signed actorKey">"#))
        #expect(html.contains(#"data-outcome="rejected" data-signature="signed otherKey">"#))
        #expect(html.contains(#"data-outcome="rejected" data-signature="unsigned">"#))
        #expect(html.contains(#"data-outcome="applied" data-signature="signed actorKey doesNotVerify">"#))
        #expect(html.contains(#"<td class="signature does-not-verify">signature does not verify: alix&#39;s key \#(SignedLog.alix)</td>"#))
        #expect(html.contains(#"<td class="signature unsigned">unsigned</td>"#))
        #expect(html.contains(#"<select id="filter-signature" data-filter="signature">"#))
        #expect(html.contains(#"<option value="doesNotVerify">does not verify</option>"#))
        #expect(html.contains("Signatures: 4 signed (1 with a key not recorded for its actor), 1 unsigned."))
        #expect(html.contains(#"<strong id="bad-signatures">1 signature does not verify.</strong>"#))
    }
}
