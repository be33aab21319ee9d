/// Why a GroupLog call failed. Whenever a write throws, nothing was written.
public enum GroupLogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store was closed with `GroupLogStore.close()`.
    case closed
    /// The reducer refused the commit (SPEC.md's error codes, in `CommitRejection.reason.code`).
    case rejected(CommitRejection)
    /// The store failed: a missing store, a storage error, a corrupt record.
    case store(StoreError)
    /// An argument was invalid before anything reached the store.
    case invalidArgument(String)
    /// A signing key file could not be read or written (``SigningKey``): the error names the
    /// path and what was wrong, never the key.
    case keyFile(KeyFileError)

    /// The SPEC error code of a rejection; nil for the other cases.
    public var code: String? {
        if case let .rejected(rejection) = self { return rejection.reason.code }
        return nil
    }

    /// The rejection, when the reducer refused the commit.
    public var rejection: CommitRejection? {
        if case let .rejected(rejection) = self { return rejection }
        return nil
    }

    /// A one-line message: the rejection with its code and reason, or what failed.
    public var description: String {
        switch self {
        case .closed: "the store is closed"
        case let .rejected(rejection): "rejected \(rejection)"
        case let .store(error): "\(error)"
        case let .invalidArgument(reason): "invalid argument: \(reason)"
        case let .keyFile(error): "\(error)"
        }
    }

    /// Lifts a store error: a rejection becomes `.rejected`, the rest `.store`.
    init(_ error: StoreError) {
        if case let .rejected(rejection) = error {
            self = .rejected(rejection)
        } else {
            self = .store(error)
        }
    }
}
