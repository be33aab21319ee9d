import GroupCore
import GroupStore

extension LogSource {
    /// Audits the whole log, commit by commit in constant memory: hands `body` each commit's
    /// membership sample and, when `filter` admits the commit, its entry.
    /// - Returns: the trail after the last commit, with its counts.
    @discardableResult
    public func audit(
        filter: AuditFilter, _ body: (_ entry: AuditEntry?, _ sample: MembershipSample) -> Void
    ) throws -> AuditTrail {
        var trail = AuditTrail(replica: try replica(before: firstSequence), filter: filter)
        try forEachCommit(from: firstSequence, through: headSequence) { commit in
            let (entry, sample) = trail.record(commit)
            body(entry, sample)
        }
        return trail
    }
}
