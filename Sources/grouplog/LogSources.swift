import GroupAudit
import GroupCore
import GroupFixtures
import GroupStore

extension LogSource {
    /// The log a command-line target names: a fixture file, or else a group of the store.
    static func open(_ target: String, store: StoreLocation) throws -> LogSource {
        if TargetState.isFixture(target) { return try fixture(target) }
        return try LogSource(store: try store.open(), group: try CommandValues.group(target))
    }

    /// A fixture file's log.
    static func fixture(_ file: String) throws(InputError) -> LogSource {
        do throws(FixtureError) {
            return try LogSource(fixture: try FixtureFiles.load(file), groupID: FixtureFiles.groupID(for: file), name: file)
        } catch {
            throw InputError(error.description)
        }
    }

    /// Refuses a point outside the log as bad input (see `LogSource.checkPoint`).
    func checkedPoint(_ sequence: UInt64, option: String) throws(InputError) -> UInt64 {
        do {
            try checkPoint(sequence, option: option)
        } catch {
            throw InputError(error.message)
        }
        return sequence
    }

    /// Refuses a sequence outside the log as bad input.
    func checked(_ sequence: UInt64, option: String) throws(InputError) -> UInt64 {
        do {
            try check(sequence, option: option)
        } catch {
            throw InputError(error.message)
        }
        return sequence
    }
}
