import GroupCore

/// A typed write to a field in the JSON payload: `replace`, `mapDelta` or `setDelta`, with its
/// operation, key and value where the kind has them.
public struct FieldMutationRecord: Codable, Equatable, Sendable {
    public var kind: String
    public var operation: String?
    public var key: FieldValueRecord?
    /// Absent for an unset scalar or a deleted map entry.
    public var value: FieldValueRecord?

    init(_ mutation: FieldMutation) {
        kind = mutation.kind
        switch mutation {
        case let .replace(newValue): value = newValue.map(FieldValueRecord.init)
        case let .mapDelta(fieldOperation, mapKey, newValue):
            operation = fieldOperation.rawValue
            key = FieldValueRecord(mapKey)
            value = newValue.map(FieldValueRecord.init)
        case let .setDelta(fieldOperation, setKey):
            operation = fieldOperation.rawValue
            key = FieldValueRecord(setKey)
        }
    }

    func mutation() throws(RecordError) -> FieldMutation {
        switch kind {
        case "replace": return .replace(try value?.value())
        case "mapDelta": return .mapDelta(try fieldOperation(), key: try requiredKey().value(), value: try value?.value())
        case "setDelta": return .setDelta(try fieldOperation(), key: try requiredKey().value())
        default: throw RecordError("unknown field mutation \(kind.debugDescription)")
        }
    }

    private func fieldOperation() throws(RecordError) -> FieldOperation {
        guard let operation else { throw RecordError("\(kind) without an operation") }
        return try RecordError.named(operation, "field operation")
    }

    private func requiredKey() throws(RecordError) -> FieldValueRecord {
        guard let key else { throw RecordError("\(kind) without a key") }
        return key
    }
}
