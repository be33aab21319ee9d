import Foundation
import GroupFixtures
import GroupStore

extension GroupLogStore {
    /// How a store is opened.
    public struct Options: Sendable {
        /// A snapshot of a group's state every this many commits; at least 1.
        public var snapshotInterval: UInt64
        /// Create the store when the directory holds none.
        public var create: Bool
        /// An operator configuration file (TOML, as `grouplog submit --config` reads); nil uses
        /// the defaults.
        public var configurationFile: String?
        /// The time written into each commit. Tests pass a fixed or counting clock.
        public var now: @Sendable () -> Milliseconds

        /// Options that create the store when missing and stamp commits with the wall clock.
        public init(
            snapshotInterval: UInt64 = StoreOptions.defaultSnapshotInterval, create: Bool = true,
            configurationFile: String? = nil, now: @escaping @Sendable () -> Milliseconds = Options.wallClock
        ) {
            self.snapshotInterval = snapshotInterval
            self.create = create
            self.configurationFile = configurationFile
            self.now = now
        }

        /// Milliseconds since the Unix epoch, from the system clock.
        @Sendable public static func wallClock() -> Milliseconds {
            Milliseconds(max(0, Date().timeIntervalSince1970 * 1_000))
        }

        /// The store options these describe, with the configuration file read.
        /// - Throws: `GroupLogError.invalidArgument` for a zero interval or an unreadable or
        ///   invalid configuration file.
        func storeOptions() throws(GroupLogError) -> StoreOptions {
            guard snapshotInterval > 0 else { throw .invalidArgument("snapshotInterval must be at least 1") }
            var configuration = OperatorConfiguration()
            if let file = configurationFile {
                do throws(FixtureError) {
                    configuration = try ConfigurationReader.read(contentsOf: file)
                } catch {
                    throw .invalidArgument("configuration file: \(error.description)")
                }
            }
            return StoreOptions(snapshotInterval: snapshotInterval, create: create, configuration: configuration)
        }
    }
}
