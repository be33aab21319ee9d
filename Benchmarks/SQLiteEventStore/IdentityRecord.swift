import GroupCore

/// A public identity named by `addMembers`, with the inbox it resolved to when the commit was made.
public struct IdentityRecord: Codable, Equatable, Sendable {
    /// `handle` or `account`.
    public var kind: String
    public var value: String
    /// Absent when no inbox claimed the identity.
    public var inbox: String?

    init(_ resolved: ResolvedIdentity) {
        kind = resolved.identity.kind.rawValue
        value = resolved.identity.value
        inbox = resolved.inbox?.rawValue
    }

    func resolved() throws(RecordError) -> ResolvedIdentity {
        let identityKind: PublicIdentity.Kind = try RecordError.named(kind, "identity kind")
        let identity = try RecordError.checked(value) { text throws(IdentifierProblem) in try PublicIdentity(identityKind, text) }
        return ResolvedIdentity(identity, inbox: try inbox.map { text throws(RecordError) in try RecordError.inbox(text) })
    }
}
