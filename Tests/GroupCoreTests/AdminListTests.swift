@testable import GroupCore
import Testing

/// The roster keeps its admins and super admins as sets of places (issue 18), which must
/// answer as a scan of its records would: current members of that role, in join order, through
/// role changes, departures, returns in place and returns with a new ordinal, compactions, and
/// a load from a snapshot.
struct AdminListTests {
    static func expectListsMatchTheRecords(_ roster: Roster, sourceLocation: SourceLocation = #_sourceLocation) {
        // `records` is in ordinal order, which is join order.
        let records = Array(roster.records)
        let admins = records.filter { $0.isCurrent && $0.role == .admin }.map(\.inbox)
        let superAdmins = records.filter { $0.isCurrent && $0.role == .superAdmin }.map(\.inbox)
        #expect(!admins.isEmpty && !superAdmins.isEmpty, "the writes make both roles", sourceLocation: sourceLocation)
        #expect(roster.adminInboxes == admins, sourceLocation: sourceLocation)
        #expect(roster.superAdminInboxes == superAdmins, sourceLocation: sourceLocation)
        #expect(roster.admins.count == admins.count && roster.superAdmins.count == superAdmins.count, sourceLocation: sourceLocation)
        for inbox in LoadedRosterTests.inboxes + LoadedRosterTests.adderOnly {
            #expect(roster.isAdmin(inbox) == admins.contains(inbox), "\(inbox)", sourceLocation: sourceLocation)
            #expect(roster.isSuperAdmin(inbox) == superAdmins.contains(inbox), "\(inbox)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [2, 4, 50])
    func theAdminListsAreTheCurrentRecordsOfEachRole(movesOneIn: Int) throws {
        var rosters = [Roster()]
        LoadedRosterTests.write(3_000, seed: 21, movesOneIn: movesOneIn, to: &rosters)
        Self.expectListsMatchTheRecords(rosters[0])
        rosters.append(try Roster(flat: rosters[0].flat))
        Self.expectListsMatchTheRecords(rosters[1])
        // Writes over the loaded roster, which unpack its records and move some.
        LoadedRosterTests.write(2_000, seed: 22, movesOneIn: movesOneIn, to: &rosters)
        Self.expectListsMatchTheRecords(rosters[0])
        Self.expectListsMatchTheRecords(rosters[1])
    }
}
