/// The fields a conversation has registered, by ID and by name (SPEC section 11). Writes are
/// checked against this committed registry only, never against a configuration.
public struct FieldRegistry: Hashable, Sendable {
    private(set) var descriptors: [ComponentID: FieldDescriptor] = [:]
    private(set) var names: [String: ComponentID] = [:]

    public init() {}

    public subscript(id: ComponentID) -> FieldDescriptor? { descriptors[id] }

    /// The descriptor with this name, if any.
    public func descriptor(named name: String) -> FieldDescriptor? { names[name].flatMap { descriptors[$0] } }

    /// The descriptor a reference names, if it is registered.
    public func descriptor(for reference: FieldReference) -> FieldDescriptor? {
        switch reference {
        case let .id(id): descriptors[id]
        case let .name(name): descriptor(named: name)
        }
    }

    /// Every descriptor, in ID order.
    public var all: [FieldDescriptor] { descriptors.values.sorted { $0.id < $1.id } }

    public var count: Int { descriptors.count }

    mutating func register(_ descriptor: FieldDescriptor) {
        descriptors[descriptor.id] = descriptor
        if let name = descriptor.name { names[name] = descriptor.id }
    }
}
