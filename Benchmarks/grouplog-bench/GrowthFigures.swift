/// What the growth benchmark measured at one group size, as values, so that a caller can print
/// them, compare them with issue 7's targets or write them to a CSV.
struct GrowthFigures: Equatable, Sendable {
    /// Current members of the grown group, its owner included.
    let members: Int
    /// How its inbox IDs look (`InboxStyle`, as `grouplog generate` makes them).
    let inboxShape: String
    /// The median time one commit of the everyday mix takes to apply (nil when not measured).
    let applySecondsPerCommit: Double?
    /// Heap growth (malloc's bytes in use) over building the state by folding its log, per member.
    let heapBytesPerMember: Double?
    /// Resident-set growth over the same build, per member.
    let residentBytesPerMember: Double?
    /// Heap growth over loading the state from its snapshot, per member.
    let restoredHeapBytesPerMember: Double?
    /// The length of the state's stored snapshot record (`SnapshotRecord`: its checksum and
    /// the snapshot encoding).
    let snapshotBytes: Int?
    /// The median time `SnapshotRecord.encode` takes, checksum included.
    let encodeSeconds: Double?
    /// The median time `SnapshotRecord.decode` takes, checksum check included: a snapshot load.
    let loadSeconds: Double?
    /// The median time `StateCodec.decode` takes over the state's canonical encoding, which
    /// snapshots held before issue 18 (and version-1 snapshot records still do).
    let canonicalLoadSeconds: Double?

    /// The same figures with `seconds` as the apply time.
    func applying(_ seconds: Double?) -> GrowthFigures {
        GrowthFigures(
            members: members, inboxShape: inboxShape, applySecondsPerCommit: seconds, heapBytesPerMember: heapBytesPerMember,
            residentBytesPerMember: residentBytesPerMember, restoredHeapBytesPerMember: restoredHeapBytesPerMember,
            snapshotBytes: snapshotBytes, encodeSeconds: encodeSeconds, loadSeconds: loadSeconds, canonicalLoadSeconds: canonicalLoadSeconds)
    }

    /// The CSV header matching ``csvRow``.
    static let csvHeader = "members,inbox_shape,apply_us_per_commit,heap_bytes_per_member,rss_bytes_per_member,restored_heap_bytes_per_member,snapshot_bytes,encode_ms,load_ms,canonical_load_ms"

    /// One CSV line; an empty cell for a figure not measured.
    var csvRow: String {
        func cell(_ value: Double?, scale: Double = 1) -> String { value.map { String($0 * scale) } ?? "" }
        return [
            String(members), inboxShape, cell(applySecondsPerCommit, scale: 1e6), cell(heapBytesPerMember),
            cell(residentBytesPerMember), cell(restoredHeapBytesPerMember), snapshotBytes.map(String.init) ?? "",
            cell(encodeSeconds, scale: 1e3), cell(loadSeconds, scale: 1e3), cell(canonicalLoadSeconds, scale: 1e3),
        ].joined(separator: ",")
    }
}
