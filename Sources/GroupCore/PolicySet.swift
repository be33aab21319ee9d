/// One policy per slot (SPEC section 5).
public struct PolicySet: Hashable, Sendable {
    /// Which preset a set equals, as reads report it.
    public enum Kind: String, Sendable {
        case allMembers
        case adminOnly
        case custom
    }

    private var policies: [Policy]

    /// A set with one policy per slot, in `PolicySlot.allCases` order.
    private init(policies: [Policy]) { self.policies = policies }

    /// XMTP's default preset.
    public static let allMembers = PolicySet(policies: PolicySlot.allCases.map { slot in
        switch slot {
        case .addMember, .updateName, .updateDescription, .updateImageURL, .updateAppData: .allowAll
        case .addAdmin, .removeAdmin: .superAdminOnly
        case .blockForAll: .moderatorOnly
        default: .adminOnly
        }
    })

    /// XMTP's admin-only preset.
    public static let adminOnly = PolicySet(policies: PolicySlot.allCases.map { slot in
        switch slot {
        case .addAdmin, .removeAdmin: .superAdminOnly
        case .blockForAll: .moderatorOnly
        default: .adminOnly
        }
    })

    /// A set built from explicit slots; slots left out take the `allMembers` default.
    public static func custom(_ slots: [PolicySlot: Policy]) -> PolicySet {
        var set = PolicySet.allMembers
        for (slot, policy) in slots { set[slot] = policy }
        return set
    }

    public subscript(slot: PolicySlot) -> Policy {
        get { policies[slotIndex(slot)] }
        set { policies[slotIndex(slot)] = newValue }
    }

    /// The preset this set equals, else `custom`.
    public var kind: Kind {
        if self == .allMembers { return .allMembers }
        if self == .adminOnly { return .adminOnly }
        return .custom
    }

    /// Every slot with its policy, in a stable order.
    public var slots: [(slot: PolicySlot, policy: Policy)] {
        PolicySlot.allCases.map { ($0, self[$0]) }
    }

    private func slotIndex(_ slot: PolicySlot) -> Int { slot.position }
}
