import GroupCore

/// One entry of `updateUserData` in the JSON payload; an absent value removes the actor's entry.
public struct UserFieldRecord: Codable, Equatable, Sendable {
    public var field: FieldReferenceRecord
    public var value: FieldValueRecord?

    init(_ update: UserFieldUpdate) {
        field = FieldReferenceRecord(update.field)
        value = update.value.map(FieldValueRecord.init)
    }

    func update() throws(RecordError) -> UserFieldUpdate {
        UserFieldUpdate(field: try field.reference(), value: try value?.value())
    }
}
