extension GroupState {
    /// Puts the pinned policies in place: each pinned slot (a DM has no policy set, so none
    /// there) and each pinned policy of a registered field with that name. A field the registry
    /// lacks is left alone; it takes its pin once it is registered and the next pin runs.
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
    }
}
