import GroupCore

/// The audit as one self-contained HTML page: a header, the timeline with filters by actor,
/// operation, outcome and signature, the rejections by code, and member and admin counts over
/// the whole log as SVG charts. Inline CSS and script only: the page needs no network.
///
/// Built as the log streams: ``add(_:)-sample`` takes every commit's counts (downsampled into
/// ``history``), ``add(_:)-entry`` every entry the audit's filter admits, of which the first
/// ``maxRows`` become rows. Its memory is bounded by `maxRows`, never by the log's length.
public struct AuditPage: Equatable, Sendable {
    /// The group ID or the fixture's file.
    public let name: String
    /// The audit's filter, as the command line gave it (`--rejected --inbox bo`); empty for none.
    public let criteria: String
    /// The most rows the timeline holds.
    public let maxRows: Int
    /// Member and admin counts after every commit, downsampled.
    public private(set) var history: MembershipHistory
    /// The entries the audit's filter admitted, shown or not.
    public private(set) var matchCount = 0
    /// The rows written, at most ``maxRows``.
    public private(set) var rowCount = 0
    private var rows = ""
    private var actors: Set<String> = []
    private var ops: Set<String> = []
    private var rejectionCounts: [String: Int] = [:]
    /// The entries admitted that were signed, signed with a key not recorded for their actor,
    /// and signed with a signature that does not verify.
    private var signedCount = 0, otherKeyCount = 0, failingCount = 0

    /// - Parameters:
    ///   - name: the group ID or the fixture's file, for the header.
    ///   - criteria: the filter as given, for the header.
    ///   - maxRows: the most timeline rows; later matching entries are counted, not shown.
    ///   - chartPoints: the most points of each chart.
    public init(name: String, criteria: String = "", maxRows: Int = 10_000, chartPoints: Int = 1_000) {
        self.name = name
        self.criteria = criteria
        self.maxRows = maxRows
        history = MembershipHistory(capacity: chartPoints)
    }

    /// Takes the counts after the next commit of the log, whether the filter admits it or not.
    public mutating func add(_ sample: MembershipSample) {
        history.add(sample)
    }

    /// Takes the next entry the audit's filter admitted.
    public mutating func add(_ entry: AuditEntry) {
        matchCount += 1
        if let rejection = entry.outcome.rejection { rejectionCounts[rejection.reason.code, default: 0] += 1 }
        if entry.signature.isSigned { signedCount += 1 }
        if case .otherKey = entry.signature.standing { otherKeyCount += 1 }
        if entry.signature.doesNotVerify { failingCount += 1 }
        guard rowCount < maxRows else { return }
        rowCount += 1
        actors.insert(entry.actor.rawValue)
        ops.formUnion(entry.ops)
        rows += Self.row(entry)
    }

    /// The page.
    public var html: String {
        let title = "Audit of \(name)"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <style>
        \(Self.style)
        </style>
        </head>
        <body>
        <header>
        <h1>\(HTMLText.escape(title))</h1>
        \(summary)
        </header>
        <section id="charts">
        \(charts)
        </section>
        \(rejections)
        <section id="timeline-section">
        <h2>Timeline</h2>
        \(filters)
        <table id="timeline">
        <thead><tr><th>#</th><th>time (UTC)</th><th>actor</th><th>actor then</th><th>signature</th><th>changes</th><th>outcome</th><th>events or reason</th></tr></thead>
        <tbody>
        \(rows)</tbody>
        </table>
        </section>
        <script>
        \(Self.script)
        </script>
        </body>
        </html>

        """
    }

    private var summary: String {
        let points = history.points
        var paragraphs: [String] = []
        if let first = points.first, let last = points.last {
            paragraphs.append(HTMLText.escape("\(history.sampleCount) commits, #\(first.sequence) to #\(last.sequence), "
                + "\(UTCTime.iso8601(first.time)) to \(UTCTime.iso8601(last.time))."))
        } else {
            paragraphs.append("No commits.")
        }
        if !criteria.isEmpty {
            paragraphs.append(HTMLText.escape("Filter: \(criteria); \(matchCount) matching commits."))
        }
        if matchCount > 0 {
            paragraphs.append(signatureSummary)
        }
        if rowCount < matchCount {
            paragraphs.append("<strong id=\"row-cap\">Showing the first \(rowCount) of \(matchCount) matching commits.</strong>")
        }
        return paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n")
    }

    /// `Signatures: 3 signed (1 with a key not recorded for its actor), 8 unsigned.`, then, in
    /// bold, how many signatures do not verify.
    private var signatureSummary: String {
        let other = otherKeyCount > 0 ? " (\(otherKeyCount) with a key not recorded for its actor)" : ""
        var text = HTMLText.escape("Signatures: \(signedCount) signed\(other), \(matchCount - signedCount) unsigned.")
        if failingCount > 0 {
            text += " <strong id=\"bad-signatures\">\(failingCount) signature\(failingCount == 1 ? " does" : "s do") not verify.</strong>"
        }
        return text
    }

    private var charts: String {
        let points = history.points
        let members = SVGLineChart(
            id: "chart-members", title: "Members",
            points: points.map { ($0.sequence, $0.time, $0.members) }, peak: history.peakMembers)
        let admins = SVGLineChart(
            id: "chart-admins", title: "Admins and super admins",
            points: points.map { ($0.sequence, $0.time, $0.admins) }, peak: history.peakAdmins)
        return members.svg + "\n" + admins.svg
    }

    private var rejections: String {
        guard !rejectionCounts.isEmpty else { return "" }
        let items = rejectionCounts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "<tr><td class=\"code\">\(HTMLText.escape($0.key))</td><td>\($0.value)</td></tr>" }
        return """
        <section id="rejections">
        <h2>Rejections by code</h2>
        <table><thead><tr><th>code</th><th>commits</th></tr></thead><tbody>
        \(items.joined(separator: "\n"))
        </tbody></table>
        </section>
        """
    }

    /// The values a row's `data-signature` may hold, with their labels in the filter.
    static let signatureFilterValues = [
        ("signed", "signed"), ("unsigned", "unsigned"), ("actorKey", "by the actor's key"),
        ("otherKey", "by another key"), ("doesNotVerify", "does not verify"),
    ]

    private var filters: String {
        func select(_ key: String, _ label: String, _ values: [(value: String, label: String)]) -> String {
            let options = values.map { "<option value=\"\(HTMLText.escape($0.value))\">\(HTMLText.escape($0.label))</option>" }
            return "<label>\(label) <select id=\"filter-\(key)\" data-filter=\"\(key)\">"
                + "<option value=\"\">all</option>\(options.joined())</select></label>"
        }
        func named(_ values: [String]) -> [(value: String, label: String)] { values.map { ($0, $0) } }
        return """
        <form id="filters" onsubmit="return false">
        \(select("actor", "Actor", named(actors.sorted())))
        \(select("op", "Operation", named(ops.sorted())))
        \(select("outcome", "Outcome", named(["applied", "rejected"])))
        \(select("signature", "Signature", Self.signatureFilterValues.map { ($0.0, $0.1) }))
        </form>
        <p id="visible-count"><span id="visible-rows">\(rowCount)</span> of \(rowCount) rows shown</p>
        """
    }

    /// One timeline row; the `data-` attributes are what the filters match.
    static func row(_ entry: AuditEntry) -> String {
        let outcome = entry.outcome.name
        var detail: String
        switch entry.outcome {
        case let .applied(events):
            detail = events.map { HTMLText.escape($0.description) }.joined(separator: "<br>")
            if !entry.departures.isEmpty {
                detail += (detail.isEmpty ? "" : "<br>") + "<span class=\"departed\">departed: "
                    + HTMLText.escape(entry.departures.map(\.description).joined(separator: ", ")) + "</span>"
            }
        case let .rejected(rejection):
            let place = rejection.changeIndex.map { " at change \($0)" } ?? ""
            detail = "<span class=\"code\">\(HTMLText.escape(rejection.reason.code))</span>\(place): "
                + "<span class=\"reason\">\(HTMLText.escape(entry.rejectionReason ?? ""))</span>"
        }
        let changes = entry.summaries.map(HTMLText.escape).joined(separator: "<br>")
        let signature = entry.signature
        let signatureClass = signature.doesNotVerify ? "signature does-not-verify" : "signature \(signature.standingName)"
        return "<tr data-actor=\"\(HTMLText.escape(entry.actor.rawValue))\" data-op=\"\(HTMLText.escape(entry.ops.joined(separator: " ")))\""
            + " data-outcome=\"\(outcome)\" data-signature=\"\(signatureValues(signature).joined(separator: " "))\">"
            + "<td class=\"seq\">\(entry.sequence)</td><td class=\"time\">\(entry.isoTime)</td>"
            + "<td class=\"actor\">\(HTMLText.escape(entry.actor.rawValue))</td><td>\(HTMLText.escape(entry.actorFacts.standing))</td>"
            + "<td class=\"\(signatureClass)\">\(HTMLText.escape(signature.mark(actor: entry.actor)))</td>"
            + "<td>\(changes)</td><td class=\"outcome \(outcome)\">\(outcome)</td><td>\(detail)</td></tr>\n"
    }

    /// What the signature filter matches a row by: `unsigned`, or `signed` with its standing
    /// (`actorKey`, `otherKey`) and `doesNotVerify` when the signature does not verify.
    static func signatureValues(_ signature: AuditSignature) -> [String] {
        guard signature.isSigned else { return ["unsigned"] }
        return ["signed", signature.standingName] + (signature.doesNotVerify ? ["doesNotVerify"] : [])
    }
}
