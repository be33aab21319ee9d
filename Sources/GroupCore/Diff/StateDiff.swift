/// The differences between two states of a conversation, part by part, each list in a fixed
/// order: what `grouplog diff` and `grouplog whatif` report.
///
/// It covers everything the canonical state encoding holds (so two states with the same state
/// hash have an empty diff): the conversation's identity, settings, metadata, policies, member
/// records (current and former), the field registry and every field value with its author,
/// bans, links, mute-all, the allow list, deletion and the log's bookkeeping (the last applied
/// commit, the next ordinal). A registered field with no content and one whose collection
/// became empty hold the same values, so they do not differ.
///
/// Either state may be nil (no group): then only ``existence`` is set.
public struct StateDiff: Equatable, Sendable {
    /// Whether the first and the second state have a group; set only when they differ.
    public struct Existence: Equatable, Sendable {
        public let before: Bool
        public let after: Bool

        public init(before: Bool, after: Bool) {
            self.before = before
            self.after = after
        }
    }

    /// A slot whose policy differs.
    public struct PolicyChange: Equatable, Sendable {
        public let slot: PolicySlot
        public let before: Policy
        public let after: Policy

        public init(slot: PolicySlot, before: Policy, after: Policy) {
            self.slot = slot
            self.before = before
            self.after = after
        }
    }

    /// A group link added, deleted, or giving another role.
    public struct LinkChange: Equatable, Sendable {
        public let link: String
        public let before: Role?
        public let after: Role?

        public init(link: String, before: Role?, after: Role?) {
            self.link = link
            self.before = before
            self.after = after
        }
    }

    /// Inboxes that entered and left a set of inboxes (the ban list, the allow list).
    public struct InboxSetChange: Equatable, Sendable {
        /// In inbox order.
        public let added: [InboxID]
        /// In inbox order.
        public let removed: [InboxID]

        public var isEmpty: Bool { added.isEmpty && removed.isEmpty }

        init(from before: Set<InboxID>, to after: Set<InboxID>) {
            added = after.subtracting(before).sorted()
            removed = before.subtracting(after).sorted()
        }

        init() {
            added = []
            removed = []
        }
    }

    public internal(set) var existence: Existence?
    /// In ``StateProperty`` order.
    public internal(set) var properties: [PropertyChange] = []
    /// In slot order.
    public internal(set) var policies: [PolicyChange] = []
    /// In inbox order.
    public internal(set) var members: [MemberChange] = []
    /// In ID order.
    public internal(set) var fieldDescriptors: [FieldDescriptorChange] = []
    /// In field ID order, then key order (a scalar has no key).
    public internal(set) var fieldValues: [FieldValueChange] = []
    public internal(set) var bans = InboxSetChange()
    public internal(set) var allowList = InboxSetChange()
    /// In link ID order (UTF-8 byte order).
    public internal(set) var links: [LinkChange] = []

    /// The differences from `before` to `after`. Costs time in proportion to the members and
    /// field entries of both.
    public init(from before: GroupState?, to after: GroupState?) {
        switch (before, after) {
        case (nil, nil): break
        case let (before?, after?): self = before.differences(to: after)
        default: existence = Existence(before: before != nil, after: after != nil)
        }
    }

    init() {}

    /// Whether the two states are the same.
    public var isEmpty: Bool {
        existence == nil && properties.isEmpty && policies.isEmpty && members.isEmpty && fieldDescriptors.isEmpty
            && fieldValues.isEmpty && bans.isEmpty && allowList.isEmpty && links.isEmpty
    }

    /// How many differences there are, each member, field value, slot, ban and so on counting one.
    public var count: Int {
        (existence == nil ? 0 : 1) + properties.count + policies.count + members.count + fieldDescriptors.count
            + fieldValues.count + bans.added.count + bans.removed.count + allowList.added.count
            + allowList.removed.count + links.count
    }
}
