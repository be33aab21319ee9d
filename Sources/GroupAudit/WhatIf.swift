import GroupCore
import GroupStore

/// `grouplog whatif`: replays a whole log under pinned policies (or as if its group required
/// signed commits), beside the log as it is, writing nothing, and reports every commit whose
/// outcome flips and how the final states differ.
public enum WhatIf {
    /// Replays `source` under `overrides`.
    ///
    /// A pinned field must be registered in the log: its last state holds every field any of its
    /// states had (a registration is never undone), so that state is what the names are checked
    /// against, before the replay starts.
    ///
    /// - Parameter report: called with each flip as the replay reaches it, so that a caller can
    ///   print flips as they come instead of holding them.
    /// - Throws: ``PolicyOverrideError`` for a field the log never registered; `StoreError`
    ///   when the store cannot be read.
    public static func run(_ source: LogSource, overrides: PolicyOverrides, _ report: (OutcomeFlip) -> Void) throws -> WhatIfReport {
        let last = try source.state(after: source.headSequence)
        if !overrides.fields.isEmpty { try checkFields(of: overrides, against: last) }
        var replay = WhatIfReplay(overrides: overrides, start: try source.replica(before: source.firstSequence))
        var counts = WhatIfReport.Counts()
        var uncreated: CommitRejection?
        try source.forEachCommit(from: source.firstSequence, through: source.headSequence) { commit in
            guard let flip = replay.fold(commit) else { return }
            if commit.sequence == 0, case let .rejected(rejection) = flip.whatIf { uncreated = rejection }
            counts.count(flip)
            report(flip)
        }
        var notes = notes(on: overrides, for: last, startingAfter: source.firstSequence > 0 ? source.firstSequence - 1 : nil)
        if let uncreated {
            notes.append("under the overrides commit 0 is rejected (\(uncreated.reason.code)): no group is created, "
                + "and every later commit is groupNotFound")
        }
        return WhatIfReport(
            name: source.name, firstSequence: source.firstSequence, lastSequence: source.headSequence,
            commitCount: replay.commitCount, flips: counts, differences: replay.finalDifferences,
            notes: notes)
    }

    /// What a reader should know about pins that change less than they seem to.
    /// - Parameter start: the commit a log that starts from a saved state starts after.
    static func notes(on overrides: PolicyOverrides, for state: GroupState?, startingAfter start: UInt64? = nil) -> [String] {
        var notes: [String] = []
        if overrides.requireSignatures {
            if let start {
                notes.append("the log starts after commit \(start): signatures are required from its start state on, "
                    + "and the members made before it keep the keys that state records")
            } else if let state, state.requiresSignatures {
                notes.append("the conversation requires signed commits already: --require-signatures changes nothing")
            }
        }
        if state?.kind == .dm && !overrides.slots.isEmpty {
            notes.append("a DM has no policy set: the slot pins change nothing (field pins still apply)")
        }
        let imageIsPinned = overrides.fields.keys.contains { $0.field == "GROUP_IMAGE" }
        if overrides.slots[.updateImageURL] != nil && !imageIsPinned && state?.kind != .dm {
            notes.append("GROUP_IMAGE keeps the policies it was registered with; pin them with --field-policy GROUP_IMAGE.OPERATION=POLICY")
        }
        return notes
    }

    /// Refuses a pinned field that `state`'s registry does not name, listing the names it has.
    public static func checkFields(of overrides: PolicyOverrides, against state: GroupState?) throws(PolicyOverrideError) {
        let known = state?.metadataFields().compactMap(\.name) ?? []
        for name in overrides.fieldNames where !known.contains(name) {
            let choices = known.isEmpty ? "the log registers no named field" : "the log's fields are \(known.joined(separator: ", "))"
            throw PolicyOverrideError("--field-policy: unknown field \(name.debugDescription); \(choices)")
        }
    }
}
