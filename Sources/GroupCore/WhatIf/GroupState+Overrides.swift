extension GroupState {
    /// Puts the pinned policies in place: each pinned slot (a DM has no policy set, so none
    /// there) and each pinned policy of a registered field with that name. A field the registry
    /// lacks is left alone; it takes its pin once it is registered and the next pin runs. With
    /// `requireSignatures`, the state requires signed commits from here on.
    ///
    /// Costs one comparison per pin when the policies are already pinned, so pinning after
    /// every commit of a long log stays cheap.
    public mutating func pin(_ overrides: PolicyOverrides) {
        if kind == .group {
            for (slot, policy) in overrides.slots where policies[slot] != policy {
                policies[slot] = policy
            }
        }
        for (key, policy) in overrides.fields {
            guard let descriptor = registry.descriptor(named: key.field), descriptor.policy(for: key.operation) != policy else { continue }
            registry.register(descriptor.replacingPolicy(for: key.operation, with: policy))
        }
        // Commit 0 of a replay that requires signatures already creates a state that requires
        // them (``Commit/requiringSignatures``); this reaches a state the replay starts from.
        if overrides.requireSignatures && !settings.requireSignatures { settings.requireSignatures = true }
    }
}
