/// A field's value as reads return it.
public enum FieldReading: Hashable, Sendable {
    /// A scalar; nil when unset.
    case scalar(FieldValue?)
    /// A set's keys, in key order.
    case set([FieldValue])
    /// A map's or an inboxMap's entries, in key order.
    case map([FieldMapEntry])
}

/// One entry of a map as reads return it.
public struct FieldMapEntry: Hashable, Sendable {
    public let key: FieldValue
    public let value: FieldValue
    public let author: InboxID
}

/// One inbox's values in the user fields a `userData` read selected.
public struct UserDataRecord: Hashable, Sendable {
    public let inbox: InboxID
    /// Present values only, in the order of the selected fields.
    public let values: [(field: FieldDescriptor, value: FieldValue)]

    public static func == (lhs: UserDataRecord, rhs: UserDataRecord) -> Bool {
        lhs.inbox == rhs.inbox && lhs.values.map(\.field) == rhs.values.map(\.field) && lhs.values.map(\.value) == rhs.values.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inbox)
        for (field, value) in values {
            hasher.combine(field)
            hasher.combine(value)
        }
    }
}

extension GroupState {
    /// Every registered field's descriptor, in ID order.
    public func metadataFields() -> [FieldDescriptor] { registry.all }

    /// The descriptor with this name, if registered.
    public func metadataField(name: String) -> FieldDescriptor? { registry.descriptor(named: name) }

    /// A field's value; nil when the field is not registered.
    public func metadataValue(_ field: FieldReference) -> FieldReading? {
        guard let descriptor = registry.descriptor(for: field) else { return nil }
        let content = fieldContents[descriptor.id] ?? FieldContent()
        switch descriptor.type {
        case .string, .bytes, .unsupported:
            return .scalar(content.scalar)
        case .set:
            return .set(content.sortedEntries.map(\.key))
        case .map, .inboxMap:
            return .map(content.sortedEntries.compactMap { key, entry in
                entry.value.map { FieldMapEntry(key: key, value: $0, author: entry.author) }
            })
        }
    }

    /// Several fields' values, in the order asked; nil for a field that is not registered.
    public func metadataValues(_ fields: [FieldReference]) -> [(field: FieldReference, value: FieldReading?)] {
        fields.map { ($0, metadataValue($0)) }
    }

    /// One map entry's value; nil when the field is not a registered map or the key is absent.
    public func mapValue(_ field: FieldReference, key: FieldValue) -> FieldValue? {
        guard let descriptor = registry.descriptor(for: field) else { return nil }
        return fieldContents[descriptor.id]?.entries[key]?.value
    }

    /// The values of user fields per inbox (SPEC section 11, "Reads").
    ///
    /// - Parameters:
    ///   - fields: the user fields to read, in that order; nil reads every user field. Fields that
    ///     are not registered user fields are skipped. An empty list selects nothing.
    ///   - inboxes: the inboxes to read, in that order (former members are read by naming them);
    ///     nil reads every current member, in join order.
    /// - Returns: one record per inbox, with an empty list when it has no selected value.
    public func userData(fields: [FieldReference]? = nil, inboxes: [InboxID]? = nil) -> [UserDataRecord] {
        let selected = fields.map { $0.compactMap { registry.descriptor(for: $0) }.filter(\.isUserField) }
            ?? registry.all.filter(\.isUserField)
        let readers = inboxes ?? allMembers.map(\.inbox)
        return readers.map { inbox in
            let key = FieldValue.string(inbox.rawValue)
            let values = selected.compactMap { field in
                fieldContents[field.id]?.entries[key]?.value.map { (field: field, value: $0) }
            }
            return UserDataRecord(inbox: inbox, values: values)
        }
    }

    /// Every registered field with its content, in ID order: what a snapshot stores.
    public var fieldRecords: [(descriptor: FieldDescriptor, content: FieldContent)] {
        registry.all.map { ($0, fieldContents[$0.id] ?? FieldContent()) }
    }
}
