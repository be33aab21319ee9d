import GroupCodec
import GroupStore

/// The exit codes every command shares; scripts depend on them.
package enum ExitStatus: Int32 {
    case success = 0
    /// Fixture expectations not met, a submit rejected, or `dm` found no DM.
    case expectationsNotMet = 1
    /// Bad input: a malformed fixture, file or argument value; a group or sequence that does not exist.
    case badInput = 2
    /// The store failed: a full disk, an I/O error, a sequence conflict with another writer.
    case storeError = 3
    /// The store directory is missing or is not a GroupLog store.
    case noStore = 4
    /// A stored record failed its check, or `verify` found a problem.
    case corrupt = 5
    /// The key file to write exists: `key generate` never overwrites one, and leaves it as it was.
    case keyFileExists = 6
    /// The command line itself is wrong.
    case usage = 64
    /// Ctrl-C (SIGINT) stopped a long command: it wrote nothing half-way and said what it had
    /// done (128 + the signal's number, as a shell reports a process the signal killed).
    case interrupted = 130

    /// The exit code for a store error.
    init(_ error: StoreError) {
        switch error {
        case .rejected: self = .expectationsNotMet
        case .notAStore: self = .noStore
        case .groupNotFound, .sequencePastHead, .ingestRefused, .identityClaimed, .signingKey: self = .badInput
        case .sequenceConflict, .storage: self = .storeError
        case .corrupt: self = .corrupt
        }
    }

    /// The exit code for a key file error: 6 when the file to write exists, else bad input (a
    /// file that is missing, unreadable or no Ed25519 private key).
    init(_ error: KeyFileError) {
        self = error.reason == .exists ? .keyFileExists : .badInput
    }
}
