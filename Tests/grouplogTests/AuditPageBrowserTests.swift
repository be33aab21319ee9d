import Foundation
import Testing
@testable import grouplog

/// The audit page as a browser shows it: headless Chromium loads it, takes a screenshot, and
/// dumps the DOM after the page's script has applied the filters of the URL's fragment.
@Suite(.enabled(if: HeadlessChromium.shouldRun,
                "chromium was not found: install Debian's chromium (scripts/test.sh does) to test the audit page in a browser"))
struct AuditPageBrowserTests {
    /// One timeline row's start tag, as the browser serialised it.
    struct Row {
        let tag: String
        func attribute(_ name: String) -> String? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
        var isHidden: Bool { tag.contains(" hidden") }
    }

    private func rows(in dom: String) -> [Row] {
        dom.components(separatedBy: "<tr data-actor=").dropFirst().map { Row(tag: "<tr data-actor=" + $0.prefix { $0 != ">" }) }
    }

    private func visibleCount(in dom: String) -> String? {
        guard let start = dom.range(of: #"<span id="visible-rows">"#) else { return nil }
        return String(dom[start.upperBound...].prefix { $0 != "<" })
    }

    private func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func thePageRendersAndItsFiltersHideRows() throws {
        let binary = try #require(HeadlessChromium.path, "GROUPLOG_REQUIRE_CHROMIUM=1 is set, but chromium is not installed")
        try withTemporaryDirectory { directory in
            let fixture = try directory.write("audit.json", AuditLog.fixture)
            let page = directory.path("audit.html")
            #expect(grouplog("audit", fixture, "--html", page).status == .success)
            let browser = HeadlessChromium(binary: binary, scratch: directory.url)
            let url = URL(fileURLWithPath: page).absoluteString

            let png = directory.path("audit.png")
            try browser.screenshot(url, to: png)
            let image = try Data(contentsOf: URL(fileURLWithPath: png))
            #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "the screenshot is a PNG")
            #expect(image.count > 20_000, "the screenshot shows more than a blank page: \(image.count) bytes")
            // GROUPLOG_KEEP_SCREENSHOT=FILE keeps a copy, for a person to look at the page.
            if let keep = ProcessInfo.processInfo.environment["GROUPLOG_KEEP_SCREENSHOT"] {
                try? image.write(to: URL(fileURLWithPath: keep))
            }

            let dom = try browser.dumpDOM(url)
            let all = rows(in: dom)
            #expect(all.count == 6 && all.filter { $0.isHidden }.isEmpty)
            #expect(all.map { $0.attribute("data-actor") } == ["alix", "alix", "bo", "caro", "alix", "dan"])
            #expect(all.map { $0.attribute("data-outcome") } == ["applied", "applied", "rejected", "applied", "applied", "rejected"])
            for key in ["actor", "op", "outcome", "signature"] { #expect(dom.contains(#"<select id="filter-\#(key)""#)) }
            #expect(occurrences(of: "<select", in: dom) == 4)
            #expect(occurrences(of: "<svg", in: dom) == 2)
            #expect(dom.contains(#"<svg id="chart-members""#) && dom.contains(#"<svg id="chart-admins""#))
            #expect(dom.contains("<polyline"))
            #expect(dom.contains("bo (admin) is not a super admin"))
            #expect(visibleCount(in: dom) == "6")

            let rejected = try browser.dumpDOM(url + "#outcome=rejected")
            let rejectedRows = rows(in: rejected)
            #expect(rejectedRows.count == 6)
            #expect(rejectedRows.filter { !$0.isHidden }.map { $0.attribute("data-outcome") } == ["rejected", "rejected"])
            #expect(rejectedRows.filter { $0.isHidden }.map { $0.attribute("data-outcome") } == ["applied", "applied", "applied", "applied"])
            #expect(visibleCount(in: rejected) == "2")

            let byBo = try browser.dumpDOM(url + "#actor=bo")
            #expect(rows(in: byBo).filter { !$0.isHidden }.map { $0.attribute("data-actor") } == ["bo"])
            #expect(visibleCount(in: byBo) == "1")

            let none = try browser.dumpDOM(url + "#actor=alix&outcome=rejected")
            #expect(rows(in: none).filter { !$0.isHidden }.isEmpty)
            #expect(visibleCount(in: none) == "0")

            // The log is unsigned: the signature filter keeps every row for unsigned, none for signed.
            #expect(visibleCount(in: try browser.dumpDOM(url + "#signature=unsigned")) == "6")
            #expect(visibleCount(in: try browser.dumpDOM(url + "#signature=signed")) == "0")

            let byOp = try browser.dumpDOM(url + "#op=removeMembers")
            #expect(rows(in: byOp).filter { !$0.isHidden }.map { $0.attribute("data-op") } == ["removeMembers"])
        }
    }

    /// The signature filter in a browser, on a signed log whose last signature does not verify.
    @Test func theSignatureFilterSelectsRowsByTheirSignature() throws {
        let binary = try #require(HeadlessChromium.path, "GROUPLOG_REQUIRE_CHROMIUM=1 is set, but chromium is not installed")
        try withTemporaryDirectory { directory in
            let fixture = try directory.write("signed.json", SignedAuditLog.fixture(requireSignatures: true, forgingLast: true))
            let page = directory.path("signed.html")
            #expect(grouplog("audit", fixture, "--html", page).status == .success)
            let browser = HeadlessChromium(binary: binary, scratch: directory.url)
            let url = URL(fileURLWithPath: page).absoluteString
            func visible(_ fragment: String) throws -> [String?] {
                rows(in: try browser.dumpDOM(url + fragment)).filter { !$0.isHidden }.map { $0.attribute("data-signature") }
            }
            #expect(try visible("").count == 6)
            #expect(try visible("#signature=unsigned") == ["unsigned"])
            #expect(try visible("#signature=signed").count == 5)
            #expect(try visible("#signature=otherKey") == ["signed otherKey"])
            #expect(try visible("#signature=doesNotVerify") == ["signed actorKey doesNotVerify"])
            #expect(try visible("#signature=actorKey&outcome=rejected").isEmpty)
        }
    }
}
