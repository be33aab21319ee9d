/// Configurable metadata fields and user data (XMTP's field methods, with Swift's labels).
///
/// Reads see the latest durable commit; there is no `sync()` since the store is local. Writes are
/// checked against the policies the conversation's registry committed, not the configuration.
extension Group {
    /// The registered fields' descriptors, in component ID order.
    public func metadataFields() async throws(GroupLogError) -> [FieldDescriptor] {
        try current().0.metadataFields()
    }

    /// The registered field with this name (such as `USER_PRONOUNS`), or nil.
    public func metadataField(name: String) async throws(GroupLogError) -> FieldDescriptor? {
        try current().0.metadataField(name: name)
    }

    /// A field's value: `.scalar`, `.set` or `.map`.
    ///
    /// GroupCore's shape is kept: nil means the field is not registered, and an unset scalar is
    /// `.scalar(nil)` (an unset collection is empty), so the two cases stay apart.
    public func metadataValue(field: MetadataFieldRef) async throws(GroupLogError) -> FieldReading? {
        try current().0.metadataValue(field)
    }

    /// Several fields' values from one state, in the order asked.
    public func metadataValues(fields: [MetadataFieldRef]) async throws(GroupLogError) -> [MetadataFieldRecord] {
        try current().0.metadataValues(fields).map { MetadataFieldRecord(field: $0.field, value: $0.value) }
    }

    /// One map entry's value; nil when the key is absent or the field is not a registered map.
    public func mapValue(field: MetadataFieldRef, key: FieldValue) async throws(GroupLogError) -> FieldValue? {
        try current().0.mapValue(field, key: key)
    }

    /// Writes one field.
    /// - Throws: `GroupLogError.rejected` (`permissionDenied` under the field's insert, update
    ///   or delete policy, `unknownField`, `wrongType`, `keyExists`, `keyNotFound`,
    ///   `immutableField`, `unsupportedType`, `tooLong`), nothing written.
    @discardableResult
    public func updateMetadataField(
        field: MetadataFieldRef, operation: ComponentMutation
    ) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateMetadataField(field: field, mutation: operation.mutation))
    }

    /// Sets or, for a nil value, removes the acting inbox's own entries in user fields, in one
    /// commit. Clearing an absent entry changes nothing.
    /// - Throws: `GroupLogError.invalidArgument` for an empty list (as `addMembers` does);
    ///   `GroupLogError.rejected` (`duplicateField`, `notUserField`, `unknownField`,
    ///   `wrongType`, `permissionDenied`), nothing written.
    @discardableResult
    public func updateUserData(values: [UserFieldUpdate]) async throws(GroupLogError) -> CommitReceipt {
        guard !values.isEmpty else { throw .invalidArgument("updateUserData needs at least one value") }
        return try submit(.updateUserData(values))
    }

    /// The present values of user fields, per inbox.
    ///
    /// - Parameters:
    ///   - fields: the user fields to read, in that order; nil reads every registered user field.
    ///     Refs that are not registered user fields are skipped; an empty list selects nothing.
    ///   - inboxIds: the inboxes to read (name former members to read theirs); nil reads the
    ///     current members.
    /// - Returns: a map from inbox to its values in field order; an inbox with none selected maps
    ///   to an empty list.
    public func userData(
        fields: [MetadataFieldRef]?, inboxIds: [InboxID]?
    ) async throws(GroupLogError) -> [InboxID: [UserFieldValue]] {
        let records = try current().0.userData(fields: fields, inboxes: inboxIds)
        var result: [InboxID: [UserFieldValue]] = [:]
        for record in records {
            result[record.inbox] = record.values.map { UserFieldValue(descriptor: $0.field, value: $0.value) }
        }
        return result
    }
}
