/// One field of a `metadataValues(fields:)` read: the ref asked for and its value.
public struct MetadataFieldRecord: Hashable, Sendable {
    /// The ref, as passed.
    public let field: MetadataFieldRef
    /// The value; nil when the field is not registered.
    public let value: FieldReading?

    /// A record of `field` holding `value`.
    public init(field: MetadataFieldRef, value: FieldReading?) {
        self.field = field
        self.value = value
    }
}
