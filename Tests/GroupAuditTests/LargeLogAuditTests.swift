import GroupCore
import GroupStore
import GroupTestSupport
import Testing
@testable import GroupAudit

/// A 100,000-commit store log, audited in one streaming pass.
struct LargeLogAuditTests {
    static let commitCount = 100_000

    @Test func aHundredThousandCommitLogGivesOneEntryPerCommitAndABoundedPage() throws {
        try withAuditStore { store in
            try ingestRandomLog(count: Self.commitCount, into: store)
            let source = try LogSource(store: store, group: .test)
            #expect(source.headSequence == UInt64(Self.commitCount - 1))

            var page = AuditPage(name: source.name)
            var expected: UInt64 = 0
            var inOrder = true
            var rejected = 0
            let trail = try source.audit(filter: AuditFilter()) { entry, sample in
                page.add(sample)
                guard let entry else { return }
                if entry.sequence != expected || sample.sequence != expected { inOrder = false }
                expected += 1
                if entry.outcome.rejection != nil { rejected += 1 }
                page.add(entry)
            }
            #expect(trail.commitCount == Self.commitCount && trail.matchCount == Self.commitCount)
            #expect(inOrder && expected == UInt64(Self.commitCount))
            #expect(rejected > 0 && rejected < Self.commitCount)

            #expect(page.rowCount == 10_000 && page.matchCount == Self.commitCount)
            #expect(page.history.points.count <= 1_000 && page.history.points.count >= 500)
            let html = page.html
            #expect(html.contains("Showing the first 10000 of 100000 matching commits."))
            #expect(html.components(separatedBy: "<tr data-actor=").count - 1 == 10_000)
            let points = html.components(separatedBy: #"data-points=""#).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
            #expect(points.count == 2 && points.allSatisfy { $0 <= 1_000 })
        }
    }

    /// Ingests a random log in batches, chained as a store keeps it.
    private func ingestRandomLog(count: Int, into store: GroupStore) throws {
        for batch in chainedBatches(RandomLog(seed: 6_100).commits(count: count), of: 5_000) { try store.ingest(batch) }
    }
}
