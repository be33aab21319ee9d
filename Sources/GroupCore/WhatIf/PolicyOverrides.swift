/// What a what-if replay overrides: group slots and field policies pinned for the whole log,
/// whatever its commits say, and whether the conversation is taken to have been created
/// requiring signed commits (see docs/decisions.md, "Audit tools: diff and what-if").
public struct PolicyOverrides: Equatable, Sendable {
    /// One policy of one field: the field by the name its registry gives it, and the operation.
    public struct FieldPolicy: Hashable, Sendable, CustomStringConvertible {
        public let field: String
        public let operation: FieldOperation

        public init(field: String, operation: FieldOperation) {
            self.field = field
            self.operation = operation
        }

        /// `GROUP_CATEGORY.update`, as the command line spells it.
        public var description: String { "\(field).\(operation.rawValue)" }
    }

    /// The group slots to pin, with their policies.
    public var slots: [PolicySlot: Policy]
    /// The field policies to pin, by field name and operation.
    public var fields: [FieldPolicy: Policy]
    /// Replay as if commit 0's `create` had asked for `requireSignatures: true` (a log that
    /// starts from a saved state: as if that state required signatures). False leaves the
    /// conversation's own setting.
    public var requireSignatures: Bool

    public init(slots: [PolicySlot: Policy] = [:], fields: [FieldPolicy: Policy] = [:], requireSignatures: Bool = false) {
        self.slots = slots
        self.fields = fields
        self.requireSignatures = requireSignatures
    }

    /// Whether nothing is overridden: `grouplog whatif` needs at least one override.
    public var isEmpty: Bool { slots.isEmpty && fields.isEmpty && !requireSignatures }

    /// The names of the fields the overrides pin, sorted.
    public var fieldNames: [String] { Set(fields.keys.map(\.field)).sorted() }

    /// Refuses a policy the reducer would never let its slot or field hold: an empty
    /// combinator, one nested too deep, `allowAll` in `addAdmin` or `removeAdmin`, `author` in a
    /// group slot. A what-if of such a policy describes no log that could exist.
    /// - Throws: the `invalidPolicy` rejection `updatePermission` would get.
    public func validate() throws(Rejection) {
        for (slot, policy) in slots.sorted(by: { $0.key.position < $1.key.position }) {
            try GroupState.validatePolicy(policy, for: slot)
        }
        for (key, policy) in fields.sorted(by: { $0.key.description < $1.key.description }) {
            if let problem = GroupState.shapeProblem(of: policy) { throw .invalidPolicy(slot: nil, reason: "\(key): \(problem)") }
        }
    }
}
