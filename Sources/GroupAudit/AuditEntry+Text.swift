import GroupCore

extension AuditEntry {
    /// The entry as one line of the text timeline:
    /// `#2 2026-11-29T15:18:10.000Z bo (admin, active) [unsigned] addSuperAdmin bo → rejected
    /// permissionDenied at change 0: bo (admin) is not a super admin, and only a super admin may do this`.
    ///
    /// The actor's standing stands next to its name, so a rejection's detail follows the code
    /// without repeating it; then the signature in brackets (``AuditSignature/mark(actor:)``);
    /// applied commits list their events, then who departed and how.
    public var line: String {
        let head = "#\(sequence) \(isoTime) \(actor) (\(actorFacts.standing)) [\(signature.mark(actor: actor))] "
            + "\(summaries.joined(separator: "; ")) → "
        switch outcome {
        case let .applied(events):
            var line = head + "applied"
            if !events.isEmpty { line += ": " + events.map(\.description).joined(separator: ", ") }
            if !departures.isEmpty { line += "; departed: " + departures.map(\.description).joined(separator: ", ") }
            return line
        case let .rejected(rejection):
            let place = rejection.changeIndex.map { " at change \($0)" } ?? ""
            return head + "rejected \(rejection.reason.code)\(place): \(rejection.reason.detail)"
        }
    }
}
