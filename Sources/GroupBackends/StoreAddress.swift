import GroupStore
import GroupStorePostgres

/// Where a store lives, as a user writes it (`grouplog --store`, `$GROUPLOG_STORE`,
/// `GroupLogStore(url:)`): a `postgresql://` or `postgres://` URL names a PostgreSQL database,
/// anything else the directory of an LMDB store. The one place that knows every backend, so
/// that the CLI and the library pick a backend the same way.
public enum StoreAddress: Equatable, Sendable, CustomStringConvertible {
    case lmdb(directory: String)
    case postgres(url: String)

    /// Reads an address as the user wrote it.
    public init(_ text: String) {
        let isURL = ["postgresql://", "postgres://"].contains { text.lowercased().hasPrefix($0) }
        self = isURL ? .postgres(url: text) : .lmdb(directory: text)
    }

    /// The address as it may be printed: a URL's password is replaced by `***`.
    public var description: String {
        switch self {
        case let .lmdb(directory): directory
        case let .postgres(url): PostgresStore.displayed(url)
        }
    }

    /// Opens the store there, creating it when `options.create` is set.
    /// - Throws: `notAStore` for a missing or foreign store; `storage` when the backend fails.
    public func open(_ options: StoreOptions) throws(StoreError) -> any GroupLogStorage {
        switch self {
        case let .lmdb(directory): try GroupStore(path: directory, options: options)
        case let .postgres(url): try PostgresStore(url: url, options: options)
        }
    }
}
