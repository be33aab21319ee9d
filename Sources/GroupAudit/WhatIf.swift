import GroupCore
import GroupStore

/// `grouplog whatif`: replays a whole log under pinned policies, beside the log as it is,
/// writing nothing, and reports every commit whose outcome flips and how the final states differ.
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
        try source.forEachCommit(from: source.firstSequence, through: source.headSequence) { commit in
            guard let flip = replay.fold(commit) else { return }
            counts.count(flip)
            report(flip)
        }
        return WhatIfReport(
            name: source.name, firstSequence: source.firstSequence, lastSequence: source.headSequence,
            commitCount: replay.commitCount, flips: counts, differences: replay.finalDifferences,
            notes: notes(on: overrides, for: last))
    }

    /// What a reader should know about pins that change less than they seem to.
    static func notes(on overrides: PolicyOverrides, for state: GroupState?) -> [String] {
        var notes: [String] = []
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
