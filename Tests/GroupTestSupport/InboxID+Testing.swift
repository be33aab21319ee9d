import GroupCore

extension InboxID {
    /// An inbox ID from text a test knows is valid (SPEC section 1); stops the test with the
    /// reason when it is not, instead of a bare `try!`.
    public static func named(_ text: String) -> InboxID {
        do {
            return try InboxID(text)
        } catch {
            preconditionFailure("\(text.debugDescription) is not a valid inbox ID: it \(error)")
        }
    }

    // A small cast for hand-written tests, in the manner of XMTP's examples.
    public static let alix = InboxID(unchecked: "alix")
    public static let bo = InboxID(unchecked: "bo")
    public static let caro = InboxID(unchecked: "caro")
    public static let davon = InboxID(unchecked: "davon")
    public static let eri = InboxID(unchecked: "eri")
    public static let fen = InboxID(unchecked: "fen")
    public static let gus = InboxID(unchecked: "gus")
}

extension GroupID {
    /// A group ID from text a test knows is valid; stops the test with the reason when it is not.
    public static func named(_ text: String) -> GroupID {
        do {
            return try GroupID(text)
        } catch {
            preconditionFailure("\(text.debugDescription) is not a valid group ID: it \(error)")
        }
    }

    /// The conversation most tests use.
    public static let test = GroupID(unchecked: "test-group")
}

extension PublicIdentity {
    /// A handle from text a test knows is 1 to 256 bytes.
    public static func handle(_ value: String) -> PublicIdentity { make(.handle, value) }

    /// An account from text a test knows is 1 to 256 bytes.
    public static func account(_ value: String) -> PublicIdentity { make(.account, value) }

    private static func make(_ kind: Kind, _ value: String) -> PublicIdentity {
        do {
            return try PublicIdentity(kind, value)
        } catch {
            preconditionFailure("\(value.debugDescription) is not a valid \(kind.rawValue): it \(error)")
        }
    }
}
