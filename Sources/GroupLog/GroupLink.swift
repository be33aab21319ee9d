/// A group link (SimpleX): an ID to join through and the role a join through it gives.
public struct GroupLink: Equatable, Hashable, Sendable {
    /// The link's ID, 1 to 128 bytes of printable ASCII without spaces.
    public let id: String
    /// The role a join through the link gives, at most moderator.
    public let role: Role

    /// A link with `id` giving `role`.
    public init(id: String, role: Role) {
        self.id = id
        self.role = role
    }
}
