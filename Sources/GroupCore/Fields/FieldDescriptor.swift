/// A registry entry: a field's ID, its optional name, its type and who may insert, update and
/// delete its values (SPEC section 11).
public struct FieldDescriptor: Hashable, Sendable {
    public let id: ComponentID
    /// A label; nil when the configuration that registered it gave none.
    public let name: String?
    public let type: FieldType
    public let insert: Policy
    public let update: Policy
    public let delete: Policy

    public init(id: ComponentID, name: String?, type: FieldType, insert: Policy, update: Policy, delete: Policy) {
        self.id = id
        self.name = name
        self.type = type
        self.insert = insert
        self.update = update
        self.delete = delete
    }

    /// Whether the field holds one value per inbox.
    public var isUserField: Bool { type.isUserField }

    /// The policy for an operation.
    public func policy(for operation: FieldOperation) -> Policy {
        switch operation {
        case .insert: insert
        case .update: update
        case .delete: delete
        }
    }

    /// This descriptor with `policy` for `operation` and its other policies unchanged.
    public func replacingPolicy(for operation: FieldOperation, with policy: Policy) -> FieldDescriptor {
        FieldDescriptor(
            id: id, name: name, type: type,
            insert: operation == .insert ? policy : insert,
            update: operation == .update ? policy : update,
            delete: operation == .delete ? policy : delete)
    }

    /// The name when there is one, else the ID: how messages name the field.
    public var label: String { name ?? id.hex }
}

/// What a write does to a value or an entry, and so which of the field's policies judges it.
public enum FieldOperation: String, CaseIterable, Hashable, Sendable {
    case insert
    case update
    case delete
}
