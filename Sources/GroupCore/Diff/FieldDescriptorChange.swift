/// A field registered in one state and not the other, or registered differently (another
/// name, type or policy).
public struct FieldDescriptorChange: Equatable, Sendable {
    public let field: ComponentID
    public let before: FieldDescriptor?
    public let after: FieldDescriptor?

    public init(field: ComponentID, before: FieldDescriptor?, after: FieldDescriptor?) {
        self.field = field
        self.before = before
        self.after = after
    }
}
