/// How one value of a registered field differs between two states: a scalar, or one key of a
/// set, a map or an inboxMap (a user field, keyed by inbox).
public struct FieldValueChange: Equatable, Sendable {
    /// What a field holds at one place: a scalar's value, a set key's presence, a map entry.
    public struct Held: Equatable, Sendable {
        /// Nil for a set key, which has no value.
        public let value: FieldValue?
        /// Who inserted a collection's entry (for the `author` policy); nil for a scalar.
        public let author: InboxID?

        public init(value: FieldValue?, author: InboxID?) {
            self.value = value
            self.author = author
        }
    }

    public let field: ComponentID
    /// The field's name, else its ID, as messages name it.
    public let label: String
    /// The key of a collection's entry; nil for a scalar.
    public let key: FieldValue?
    /// Nil when the scalar was unset or the key absent.
    public let before: Held?
    /// Nil when the scalar is unset or the key absent.
    public let after: Held?

    public init(field: ComponentID, label: String, key: FieldValue?, before: Held?, after: Held?) {
        self.field = field
        self.label = label
        self.key = key
        self.before = before
        self.after = after
    }
}
