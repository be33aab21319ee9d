import GroupCore

/// How a change names a field in the JSON payload: by component ID or by name.
public struct FieldReferenceRecord: Codable, Equatable, Sendable {
    public var id: UInt16?
    public var name: String?

    init(_ reference: FieldReference) {
        switch reference {
        case let .id(component): id = component.rawValue
        case let .name(text): name = text
        }
    }

    func reference() throws(RecordError) -> FieldReference {
        if let id { return .id(ComponentID(id)) }
        if let name { return .name(name) }
        throw RecordError("a field reference needs an id or a name")
    }
}
