/// One inbox's present value in one user field, as `userData(fields:inboxIds:)` returns it.
public struct UserFieldValue: Hashable, Sendable {
    /// The field's descriptor; its `field` is the ref to write with.
    public let descriptor: FieldDescriptor
    /// The value.
    public let value: FieldValue

    /// The value `value` of the field `descriptor` describes.
    public init(descriptor: FieldDescriptor, value: FieldValue) {
        self.descriptor = descriptor
        self.value = value
    }

    /// The field's ref (XMTP's record `field`).
    public var field: MetadataFieldRef { descriptor.field }
}
