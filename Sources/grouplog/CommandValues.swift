import GroupCore
import GroupFixtures

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

    /// An Ed25519 public key in standard padded base64, as `grouplog key generate` prints it.
    static func publicKey(_ text: String) throws(InputError) -> PublicKey {
        guard let bytes = Base64.decode(text) else {
            throw InputError("invalid signing key \(text.debugDescription): it is not standard padded base64")
        }
        guard let key = PublicKey(bytes: bytes) else {
            throw InputError("invalid signing key \(text.debugDescription): an Ed25519 public key is 32 bytes, not \(bytes.count)")
        }
        return key
    }

    static func identity(_ kind: PublicIdentity.Kind, _ value: String) throws(InputError) -> PublicIdentity {
        do throws(IdentifierProblem) { return try PublicIdentity(kind, value) } catch {
            throw InputError("invalid \(kind.rawValue) \(value.debugDescription): it \(error)")
        }
    }
}
