import GroupCore
import GroupStore
import GroupTestSupport

/// A store holding one long generated log, for the commands that must stream through a log in
/// constant memory.
enum LargeStore {
    /// The group the log is ingested as.
    static let group = GroupID(unchecked: "big")

    /// Makes a store at `path` with `count` commits of a growing log (a group grown to a few
    /// hundred members, then everyday changes), chained and ingested in batches, as another
    /// replica would send them.
    static func make(at path: String, count: Int) throws {
        let store = try GroupStore(path: path, options: StoreOptions(create: true))
        var settings = RandomLog(seed: 17)
        settings.groupID = group
        for batch in chainedBatches(settings.growingCommits(count: count, members: 300, batchSize: 100), of: 10_000) {
            try store.ingest(batch)
        }
    }
}
