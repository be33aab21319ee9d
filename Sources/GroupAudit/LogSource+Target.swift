import GroupCore
import GroupFixtures
import GroupStore

extension LogSource {
    /// A fixture file's log, replayed under the group ID its name gives and named by its path.
    public init(fixtureFile path: String) throws(FixtureError) {
        try self.init(fixture: try FixtureFile.read(path), groupID: FixtureFile.groupID(for: path), name: path)
    }

    /// The log a target names: a fixture file (see `FixtureFile.isNamed(by:)`), or else a group
    /// of the store that `store` opens. The store is opened only for a group, so a fixture needs
    /// none.
    /// - Throws: `FixtureError` for a fixture that cannot be read; `StoreError` when the store
    ///   cannot be opened or has no such group; `LogSourceError` for a malformed group ID.
    public static func open(_ target: String, store: () throws(StoreError) -> any GroupLogStorage) throws -> LogSource {
        if FixtureFile.isNamed(by: target) { return try LogSource(fixtureFile: target) }
        let opened = try store()
        let group: GroupID
        do throws(IdentifierProblem) {
            group = try GroupID(target)
        } catch {
            throw LogSourceError("invalid group ID \(target.debugDescription): it \(error)")
        }
        return try LogSource(store: opened, group: group)
    }
}
