/// Comparing two states for ``StateDiff``: here because it reads the roster and the field
/// contents directly, without sorting every record.
extension GroupState {
    /// The differences from this state to `other`.
    func differences(to other: GroupState) -> StateDiff {
        var diff = StateDiff()
        diff.properties = StateProperty.allCases.compactMap { property in
            let before = property.value(in: self), after = property.value(in: other)
            return before == after ? nil : PropertyChange(property: property, before: before, after: after)
        }
        if policies != other.policies {
            diff.policies = PolicySlot.allCases.compactMap { slot in
                policies[slot] == other.policies[slot] ? nil
                    : StateDiff.PolicyChange(slot: slot, before: policies[slot], after: other.policies[slot])
            }
        }
        diff.members = memberChanges(to: other)
        diff.fieldDescriptors = descriptorChanges(to: other)
        diff.fieldValues = fieldValueChanges(to: other)
        diff.bans = StateDiff.InboxSetChange(from: bans, to: other.bans)
        diff.allowList = StateDiff.InboxSetChange(from: allowList, to: other.allowList)
        diff.links = Set(links.keys).union(other.links.keys)
            .sorted(by: UTF8Order.precedes)
            .compactMap { link in
                links[link] == other.links[link] ? nil : StateDiff.LinkChange(link: link, before: links[link], after: other.links[link])
            }
        return diff
    }

    private func memberChanges(to other: GroupState) -> [MemberChange] {
        guard roster != other.roster else { return [] }
        var changes: [MemberChange] = []
        for record in other.roster.records where roster[record.inbox] != record {
            changes.append(MemberChange(inbox: record.inbox, before: roster[record.inbox], after: record))
        }
        // Records are never dropped, but a state from elsewhere (a snapshot) need not say so.
        for record in roster.records where other.roster[record.inbox] == nil {
            changes.append(MemberChange(inbox: record.inbox, before: record, after: nil))
        }
        return changes.sorted { $0.inbox < $1.inbox }
    }

    private func descriptorChanges(to other: GroupState) -> [FieldDescriptorChange] {
        guard registry != other.registry else { return [] }
        return fieldIDs(with: other).compactMap { id in
            registry[id] == other.registry[id] ? nil : FieldDescriptorChange(field: id, before: registry[id], after: other.registry[id])
        }
    }

    private func fieldIDs(with other: GroupState) -> [ComponentID] {
        Set(registry.descriptors.keys).union(other.registry.descriptors.keys).sorted()
    }

    private func fieldValueChanges(to other: GroupState) -> [FieldValueChange] {
        var changes: [FieldValueChange] = []
        for id in fieldIDs(with: other) {
            let before = fieldContents[id] ?? FieldContent(), after = other.fieldContents[id] ?? FieldContent()
            guard before.scalar != after.scalar || before.entries != after.entries else { continue }
            let label = (other.registry[id] ?? registry[id])?.label ?? id.hex
            if before.scalar != after.scalar {
                changes.append(FieldValueChange(
                    field: id, label: label, key: nil,
                    before: before.scalar.map { .init(value: $0, author: nil) },
                    after: after.scalar.map { .init(value: $0, author: nil) }))
            }
            guard before.entries != after.entries else { continue }
            let keys = Set(before.entries.keys).union(after.entries.keys).sorted()
            for key in keys where before.entries[key] != after.entries[key] {
                changes.append(FieldValueChange(
                    field: id, label: label, key: key,
                    before: before.entries[key].map { .init(value: $0.value, author: $0.author) },
                    after: after.entries[key].map { .init(value: $0.value, author: $0.author) }))
            }
        }
        return changes
    }
}
