import GroupAudit
import GroupCore
import GroupFixtures
import GroupTestSupport

/// Logs the audit's tests read.
enum AuditSamples {
    /// 2025-11-29T15:18:10.000Z.
    static let start: Milliseconds = 1_764_429_490_000

    /// alix creates a group of bo, caro and davon and makes bo an admin; bo is refused a super
    /// admin grant; caro asks to leave and alix removes caro (left) and davon (removed); davon,
    /// now a former member, and eri, never one, are refused renames. One commit a second.
    static func timeline() -> Fixture {
        Fixture(name: "timeline", commits: [
            FixtureCommit(actor: .alix, time: start, changes: [.create(CreateConversation(members: [.bo, .caro, .davon]))]),
            FixtureCommit(actor: .alix, time: start + 1_000, changes: [.addAdmin(.bo)]),
            FixtureCommit(actor: .bo, time: start + 2_000, changes: [.addSuperAdmin(.caro)], expect: .rejected(code: "permissionDenied")),
            FixtureCommit(actor: .caro, time: start + 3_000, changes: [.requestRemoval]),
            FixtureCommit(actor: .alix, time: start + 4_000, changes: [.remove(.caro, .davon)]),
            FixtureCommit(actor: .davon, time: start + 5_000, changes: [.updateName("mine")], expect: .rejected(code: "notAMember")),
            FixtureCommit(actor: .eri, time: start + 6_000, changes: [.updateName("ours")], expect: .rejected(code: "notAMember")),
        ])
    }

    static func timelineSource() throws -> LogSource {
        try LogSource(fixture: timeline(), groupID: .test, name: "timeline.json")
    }

    /// Every entry of `source` that `filter` admits, in order.
    static func entries(of source: LogSource, filter: AuditFilter = AuditFilter()) throws -> [AuditEntry] {
        var entries: [AuditEntry] = []
        try source.audit(filter: filter) { entry, _ in
            if let entry { entries.append(entry) }
        }
        return entries
    }
}
