import Foundation
import GroupCore
import GroupStore

/// Which store a command works on: `--store DIR`, else `$GROUPLOG_STORE`, else `./grouplog-data`.
struct StoreLocation {
    let path: String

    /// Takes `--store DIR` out of `words`, wherever it stands.
    static func extract(from words: inout [String]) throws(UsageError) -> StoreLocation {
        var path: String?
        if let index = words.firstIndex(of: "--store") {
            guard index + 1 < words.count else { throw UsageError("--store needs a directory") }
            path = words[index + 1]
            words.removeSubrange(index...(index + 1))
            if words.contains("--store") { throw UsageError("--store is given twice") }
        }
        let environment = ProcessInfo.processInfo.environment["GROUPLOG_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        return StoreLocation(path: path ?? environment ?? "./grouplog-data")
    }

    /// - Parameter configuration: what submits are prepared under (`--config FILE`).
    func open(create: Bool = false, configuration: OperatorConfiguration = OperatorConfiguration()) throws(StoreError) -> GroupStore {
        try GroupStore(path: path, options: StoreOptions(create: create, configuration: configuration))
    }
}

/// Parsing of identifiers given on the command line.
enum CommandValues {
    static func group(_ text: String) throws(InputError) -> GroupID {
        do throws(IdentifierProblem) { return try GroupID(text) } catch {
            throw InputError("invalid group ID \(text.debugDescription): it \(error)")
        }
    }

    static func inbox(_ text: String) throws(InputError) -> InboxID {
        do throws(IdentifierProblem) { return try InboxID(text) } catch {
            throw InputError("invalid inbox ID \(text.debugDescription): it \(error)")
        }
    }

    static func identity(_ kind: PublicIdentity.Kind, _ value: String) throws(InputError) -> PublicIdentity {
        do throws(IdentifierProblem) { return try PublicIdentity(kind, value) } catch {
            throw InputError("invalid \(kind.rawValue) \(value.debugDescription): it \(error)")
        }
    }
}
