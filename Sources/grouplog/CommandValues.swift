import GroupCore

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
