import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing
@testable import GroupAudit

struct AuditPageTests {
    /// The page of a whole source, as the CLI builds it.
    private func page(of source: LogSource, filter: AuditFilter = AuditFilter(), maxRows: Int = 10_000) throws -> AuditPage {
        var page = AuditPage(name: source.name, maxRows: maxRows)
        try source.audit(filter: filter) { entry, sample in
            page.add(sample)
            if let entry { page.add(entry) }
        }
        return page
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func thePageHoldsRowsFiltersChartsAndRejections() throws {
        let html = try page(of: AuditSamples.timelineSource()).html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h1>Audit of timeline.json</h1>"))
        #expect(html.contains("7 commits, #0 to #6, 2025-11-29T15:18:10.000Z to 2025-11-29T15:18:16.000Z."))
        #expect(occurrences(of: "<tr data-actor=", in: html) == 7)
        #expect(html.contains(#"<tr data-actor="bo" data-op="addSuperAdmin" data-outcome="rejected" data-signature="unsigned">"#))
        #expect(html.contains(#"<tr data-actor="alix" data-op="removeMembers" data-outcome="applied" data-signature="unsigned">"#))
        #expect(html.contains("bo (admin) is not a super admin, and only a super admin may do this; bo then: admin, active"))
        #expect(html.contains("departed: caro left, davon removed"))
        for key in ["actor", "op", "outcome", "signature"] { #expect(html.contains(#"<select id="filter-\#(key)" data-filter="\#(key)">"#)) }
        #expect(html.contains("Signatures: 0 signed, 7 unsigned.") && !html.contains(#"id="bad-signatures""#))
        #expect(html.contains(#"<option value="">all</option><option value="alix">alix</option><option value="bo">bo</option>"#))
        #expect(html.contains(#"<option value="rejected">rejected</option>"#))
        #expect(html.contains(#"<span id="visible-rows">7</span> of 7 rows shown"#))
        #expect(html.contains(#"<svg id="chart-members""#) && html.contains(#"<svg id="chart-admins""#))
        #expect(html.contains(#"<td class="code">notAMember</td><td>2</td>"#))
        #expect(html.contains(#"<td class="code">permissionDenied</td><td>1</td>"#))
        #expect(!html.contains(#"id="row-cap""#))
    }

    @Test func thePageLoadsNothingFromOutside() throws {
        let html = try page(of: AuditSamples.timelineSource()).html
        for external in ["src=", "href=", "<link", "@import", "url(", "https:"] {
            #expect(!html.contains(external), "the page refers to something outside: \(external)")
        }
        // The one http: is SVG's namespace name, which is never fetched.
        #expect(occurrences(of: "http:", in: html) == occurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, in: html))
        #expect(occurrences(of: "<script>", in: html) == 1 && occurrences(of: "<style>", in: html) == 1)
    }

    @Test func namesAndReasonsAreEscaped() throws {
        let intruder = try InboxID("<script>alert('x&y')</script>")
        let fixture = Fixture(name: "escape", commits: [
            FixtureCommit(actor: .alix, time: 1_000, changes: [.create(CreateConversation(members: [.bo]))]),
            FixtureCommit(actor: intruder, time: 2_000, changes: [.updateName("\"quoted\" <b>")], expect: .rejected(code: "notAMember")),
        ])
        let source = try LogSource(fixture: fixture, groupID: .test, name: "<i>escape</i>.json")
        let html = try page(of: source).html
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<i>") && !html.contains("<b>"))
        #expect(occurrences(of: "<script>", in: html) == 1)
        let escaped = "&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt;"
        #expect(html.contains(#"data-actor="\#(escaped)""#))
        #expect(html.contains(#"<option value="\#(escaped)">\#(escaped)</option>"#))
        #expect(html.contains("\(escaped) is not a member; \(escaped) then: not a member"))
        #expect(html.contains("updateName &quot;\\&quot;quoted\\&quot; &lt;b&gt;&quot;"))
        #expect(html.contains("<h1>Audit of &lt;i&gt;escape&lt;/i&gt;.json</h1>"))
        #expect(HTMLText.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test func theRowCapKeepsTheFirstRowsAndSaysHowManyMatched() throws {
        let capped = try page(of: AuditSamples.timelineSource(), maxRows: 3)
        #expect(capped.rowCount == 3 && capped.matchCount == 7)
        let html = capped.html
        #expect(occurrences(of: "<tr data-actor=", in: html) == 3)
        #expect(html.contains("Showing the first 3 of 7 matching commits."))
        #expect(html.contains(#"<td class="seq">2</td>"#) && !html.contains(#"<td class="seq">3</td>"#))
        // The charts and the rejection counts still cover every commit.
        #expect(html.contains(#"data-points="7""#))
        #expect(html.contains(#"<td class="code">notAMember</td><td>2</td>"#))
    }

    @Test func filteredRowsStillChartTheWholeLog() throws {
        let filtered = try page(of: AuditSamples.timelineSource(), filter: AuditFilter(rejectedOnly: true))
        #expect(filtered.rowCount == 3 && filtered.history.sampleCount == 7)
        #expect(filtered.history.points.map(\.members) == [4, 4, 4, 4, 2, 2, 2])
        #expect(!filtered.html.contains(#"data-outcome="applied""#))
    }

    @Test func aLongHistoryIsDownsampledEvenlyToTheCapacity() {
        var history = MembershipHistory(capacity: 1_000)
        for sequence in 0..<123_457 as Range<UInt64> {
            history.add(MembershipSample(sequence: sequence, time: 1_000 + sequence, members: Int(sequence % 977), admins: 1))
        }
        let points = history.points
        #expect(points.count <= 1_000 && points.count >= 500)
        #expect(points.first?.sequence == 0 && points.last?.sequence == 123_456)
        let steps = Set(zip(points.dropLast(), points.dropLast().dropFirst()).map { $1.sequence - $0.sequence })
        #expect(steps.count == 1, "kept points are evenly spaced, \(steps)")
        #expect(history.peakMembers == 976 && history.peakAdmins == 1 && history.sampleCount == 123_457)
    }

    @Test func aShortHistoryKeepsEverySample() {
        var history = MembershipHistory(capacity: 1_000)
        for sequence in 0..<999 as Range<UInt64> {
            history.add(MembershipSample(sequence: sequence, time: sequence, members: 1, admins: 1))
        }
        #expect(history.points.map(\.sequence) == Array(0..<999))
        var tiny = MembershipHistory(capacity: 2)
        for sequence in 0..<5 as Range<UInt64> { tiny.add(MembershipSample(sequence: sequence, time: 0, members: 1, admins: 0)) }
        #expect(tiny.points.count <= 2 && tiny.points.last?.sequence == 4)
        var none = MembershipHistory(capacity: 0)
        for sequence in 0..<5 as Range<UInt64> { none.add(MembershipSample(sequence: sequence, time: 0, members: 1, admins: 0)) }
        #expect(none.points == tiny.points, "a capacity below 2 is taken as 2")
    }

    @Test func chartsScaleToARoundTopAboveThePeak() {
        func top(_ peak: Int) -> Int { SVGLineChart(id: "c", title: "t", points: [], peak: peak).scaleTop }
        #expect([0, 1, 2, 3, 5, 7, 9, 10, 11, 250, 100_001].map(top) == [1, 1, 2, 4, 6, 8, 10, 10, 20, 400, 200_000])
        let empty = SVGLineChart(id: "c", title: "t", points: [], peak: 0).svg
        #expect(empty.contains("no commits") && empty.hasSuffix("</svg>"))
    }
}
