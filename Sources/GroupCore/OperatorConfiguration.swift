/// The operator's configuration (SPEC section 11): the default member limit and the
/// application fields new conversations register.
public struct OperatorConfiguration: Equatable, Sendable {
    /// One configured field and where it is registered at creation.
    public struct Component: Equatable, Sendable {
        public let descriptor: FieldDescriptor
        /// Registered in every new group (default true).
        public let inGroups: Bool
        /// Registered in every new DM (default false).
        public let inDMs: Bool

        public init(descriptor: FieldDescriptor, inGroups: Bool = true, inDMs: Bool = false) {
            self.descriptor = descriptor
            self.inGroups = inGroups
            self.inDMs = inDMs
        }
    }

    /// The member limit of a group whose `create` gives none.
    public var memberLimit: Int
    public var components: [Component]

    public init(memberLimit: Int = GroupSettings.defaultMemberLimit, components: [Component] = []) {
        self.memberLimit = memberLimit
        self.components = components
    }

    /// The configured fields a new conversation of `kind` registers.
    public func fields(for kind: ConversationKind) -> [FieldDescriptor] {
        components.filter { kind == .group ? $0.inGroups : $0.inDMs }.map(\.descriptor)
    }

    /// `change` as the log records it under this configuration: a group's `create` gets the
    /// member limit written in, any `create` the configured fields, and `registerFields` gets the full descriptor
    /// of each name this configuration (or the well-known table, for a conversation of `kind`)
    /// knows, so that replay never consults the configuration.
    public func preparing(_ change: Change, in kind: ConversationKind?) -> Change {
        switch change {
        case var .create(request):
            // A DM takes no group setting (SPEC section 2), the member limit among them.
            if request.memberLimit == nil && request.kind == .group { request.memberLimit = memberLimit }
            if request.fields.isEmpty { request.fields = fields(for: request.kind) }
            return .create(request)
        case let .registerFields(registrations):
            return .registerFields(registrations.map { registration in
                guard case let .unknown(name) = registration, let descriptor = descriptor(named: name, in: kind) else { return registration }
                return .descriptor(descriptor)
            })
        default:
            return change
        }
    }

    /// The configured or well-known field called `name`, for a conversation of `kind`.
    public func descriptor(named name: String, in kind: ConversationKind?) -> FieldDescriptor? {
        if let component = components.first(where: { $0.descriptor.name == name }) { return component.descriptor }
        guard let kind else { return nil }
        return WellKnownFields.descriptors(for: kind, policies: .allMembers).first { $0.name == name }
    }
}
