import GroupAudit
import GroupBackends
import GroupStore

/// The two stores of `copy` and `replicate`, named by `--from SRC` and `--to DST`, each an LMDB
/// directory or a postgresql:// URL: read from the command line and opened, the source as it
/// is, the destination created when missing (as `init` does).
struct StorePair {
    let sourceAddress: StoreAddress
    let destinationAddress: StoreAddress

    /// Reads the two addresses.
    /// - Throws: `UsageError` for a missing or empty one, or the same store twice.
    init(command: String, from: String?, to: String?) throws(UsageError) {
        sourceAddress = try Self.address(from, named: "--from SRC", command: command)
        destinationAddress = try Self.address(to, named: "--to DST", command: command)
        guard sourceAddress != destinationAddress else { throw UsageError("--from and --to name the same store") }
    }

    /// The two stores open, or the status of the one that failed to open.
    enum Opened {
        case stores(source: any GroupLogStorage, destination: any GroupLogStorage)
        case failed(ExitStatus)
    }

    /// Opens both stores, or reports on standard error which one failed.
    func open(streams: inout some Streams) -> Opened {
        let source: any GroupLogStorage
        do throws(StoreError) {
            source = try sourceAddress.open(StoreOptions())
        } catch {
            streams.err("grouplog: --from \(sourceAddress): \(error)")
            return .failed(ExitStatus(error))
        }
        do throws(StoreError) {
            return .stores(source: source, destination: try destinationAddress.open(StoreOptions(create: true)))
        } catch {
            streams.err("grouplog: --to \(destinationAddress): \(error)")
            return .failed(ExitStatus(error))
        }
    }

    /// The exit status of a copy or replication that stopped.
    static func status(_ error: StoreCopyError) -> ExitStatus {
        switch error {
        case .destinationNotEmpty, .destinationDiffers: .badInput
        case .outcomeMismatch: .corrupt
        case let .source(error), let .destination(error): ExitStatus(error)
        }
    }

    private static func address(_ text: String?, named name: String, command: String) throws(UsageError) -> StoreAddress {
        guard let text else { throw UsageError("\(command) needs \(name)") }
        guard !text.isEmpty else { throw UsageError("\(name) is empty: give a directory or a postgresql:// URL") }
        return StoreAddress(text)
    }
}
