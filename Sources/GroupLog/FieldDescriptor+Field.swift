extension FieldDescriptor {
    /// The ref to pass to writes and reads (XMTP's `descriptor.field`): the component ID, which
    /// stays valid whatever name the local configuration gives the field.
    public var field: MetadataFieldRef { .id(id) }
}
