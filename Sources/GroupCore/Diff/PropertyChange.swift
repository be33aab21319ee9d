/// The value of a ``StateProperty``, typed enough for text and JSON renderings to write it well.
public enum PropertyValue: Equatable, Sendable {
    /// Free text, such as a name: renderings quote it.
    case text(String)
    /// A name from a fixed vocabulary or an identifier, such as a join rule or an inbox.
    case word(String)
    case number(Int64)
    case flag(Bool)
    /// The disappearing-message setting; nil when off.
    case disappearing(DisappearingMessages?)
}

/// A single-valued property whose value differs between two states.
public struct PropertyChange: Equatable, Sendable {
    public let property: StateProperty
    public let before: PropertyValue
    public let after: PropertyValue

    public init(property: StateProperty, before: PropertyValue, after: PropertyValue) {
        self.property = property
        self.before = before
        self.after = after
    }
}
