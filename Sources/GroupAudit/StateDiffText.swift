import GroupCore
import GroupFixtures

/// A ``StateDiff`` as text, one difference a line under a heading per part of the state, in a
/// fixed order: `+` something that appeared, `-` something that went, `~` something changed.
///
/// ```
/// members:
///   + caro              member, active, added by bo
///   - erin              left at 1900 (was moderator)
///   ~ bo                role member -> admin
/// policies:
///   addMember           allowAll -> adminOnly
/// ```
public enum StateDiffText {
    /// The lines, without a trailing summary; none for an empty diff.
    public static func lines(_ diff: StateDiff) -> [String] {
        var lines: [String] = []
        func section(_ title: String, _ entries: [String]) {
            guard !entries.isEmpty else { return }
            lines.append("\(title):")
            lines += entries.map { "  " + $0 }
        }
        if let existence = diff.existence {
            section("group", ["\(existence.before ? "a group" : "no group") -> \(existence.after ? "a group" : "no group")"])
        }
        section("conversation", properties(diff, .conversation))
        section("settings", properties(diff, .settings))
        section("metadata", properties(diff, .metadata))
        section("policies", diff.policies.map { "\($0.slot.rawValue.padding(28))\($0.before) -> \($0.after)" })
        section("members", diff.members.map(member))
        section("fields registered", diff.fieldDescriptors.map(descriptor))
        section("field values", diff.fieldValues.map(fieldValue))
        section("moderation", properties(diff, .moderation)
            + diff.bans.added.map { "+ banned \($0)" } + diff.bans.removed.map { "- banned \($0)" }
            + diff.allowList.added.map { "+ allow list \($0)" } + diff.allowList.removed.map { "- allow list \($0)" }
            + diff.links.map(link))
        section("log", properties(diff, .log))
        return lines
    }

    /// `1 difference`, `12 differences`, `no differences`.
    public static func count(_ diff: StateDiff) -> String {
        switch diff.count {
        case 0: "no differences"
        case 1: "1 difference"
        case let count: "\(count) differences"
        }
    }

    private static func properties(_ diff: StateDiff, _ section: StateProperty.Section) -> [String] {
        diff.properties.filter { $0.property.section == section }.map { change in
            "\(change.property.rawValue.padding(28))\(text(change.before)) -> \(text(change.after))"
        }
    }

    static func text(_ value: PropertyValue) -> String {
        switch value {
        case let .text(text): text.quoted
        case let .word(word): word
        case let .number(number): String(number)
        case let .flag(flag): String(flag)
        case let .disappearing(setting): setting.map { "from \($0.fromNs) in \($0.inNs)" } ?? "off"
        }
    }

    private static func member(_ change: MemberChange) -> String {
        let inbox = change.inbox.rawValue.padding(18)
        switch change.kind {
        case .joined:
            guard let after = change.after else { return "+ \(inbox)" }
            var parts = ["\(after.role), \(after.state.name)"]
            if let addedBy = after.addedBy { parts.append("added by \(addedBy)") }
            if case let .former(departure)? = change.before?.state {
                parts.append("was former (\(departure.reason.rawValue) at \(departure.at))")
            }
            return "+ \(inbox)" + parts.joined(separator: ", ")
        case .departed:
            let was = change.before.map { " (was \($0.role), \($0.state.name))" } ?? ""
            guard case let .former(departure)? = change.after?.state else { return "- \(inbox)never a member\(was)" }
            return "- \(inbox)\(departure.reason.rawValue) at \(departure.at)\(was)"
        case .changed:
            let parts = change.attributes.map { attribute in
                "\(attribute.rawValue) \(value(of: attribute, in: change.before)) -> \(value(of: attribute, in: change.after))"
            }
            return "~ \(inbox)" + parts.joined(separator: "; ")
        }
    }

    static func value(of attribute: MemberChange.Attribute, in record: MemberRecord?) -> String {
        guard let record else { return "(none)" }
        switch attribute {
        case .role: return record.role.name
        case .state:
            guard case let .former(departure) = record.state else { return record.state.name }
            return "former (\(departure.reason.rawValue) at \(departure.at))"
        case .joinedAt: return record.joinedAt.map(String.init) ?? "none"
        case .addedBy: return record.addedBy?.rawValue ?? "none"
        case .ordinal: return String(record.ordinal)
        case .blockedForAll: return String(record.blockedForAll)
        case .mutedUntil: return record.mutedUntil.map(String.init) ?? "none"
        case .blocksGroup: return String(record.blocksGroup)
        case .keys: return record.keys.isEmpty ? "none" : record.keys.map(\.base64).joined(separator: ", ")
        }
    }

    private static func descriptor(_ change: FieldDescriptorChange) -> String {
        func describe(_ descriptor: FieldDescriptor) -> String {
            "\(descriptor.label) \(descriptor.type) (insert \(descriptor.insert), update \(descriptor.update), delete \(descriptor.delete))"
        }
        switch (change.before, change.after) {
        case let (nil, after?): return "+ \(change.field.hex) \(describe(after))"
        case let (before?, nil): return "- \(change.field.hex) \(describe(before))"
        case let (before?, after?):
            var parts: [String] = []
            if before.name != after.name { parts.append("name \(before.name ?? "none") -> \(after.name ?? "none")") }
            if before.type != after.type { parts.append("type \(before.type) -> \(after.type)") }
            for operation in FieldOperation.allCases where before.policy(for: operation) != after.policy(for: operation) {
                parts.append("\(operation.rawValue) \(before.policy(for: operation)) -> \(after.policy(for: operation))")
            }
            return "~ \(change.field.hex) \(after.label) " + parts.joined(separator: "; ")
        case (nil, nil): return "~ \(change.field.hex)"
        }
    }

    private static func fieldValue(_ change: FieldValueChange) -> String {
        let place = change.key.map { "\(change.label)[\(text($0))]" } ?? change.label
        return "\(place.padding(28))\(held(change.before, key: change.key)) -> \(held(change.after, key: change.key))"
    }

    private static func held(_ held: FieldValueChange.Held?, key: FieldValue?) -> String {
        guard let held else { return key == nil ? "(unset)" : "(absent)" }
        let value = held.value.map(text) ?? "(present)"
        return held.author.map { "\(value) by \($0)" } ?? value
    }

    static func text(_ value: FieldValue) -> String {
        switch value {
        case let .string(string): string.quoted
        case let .bytes(bytes): "base64:" + Base64.encode(bytes)
        }
    }

    private static func link(_ change: StateDiff.LinkChange) -> String {
        switch (change.before, change.after) {
        case let (nil, after?): "+ link \(change.link.quoted) gives \(after)"
        case let (before?, nil): "- link \(change.link.quoted) gave \(before)"
        case let (before?, after?): "~ link \(change.link.quoted) gives \(before) -> \(after)"
        case (nil, nil): "~ link \(change.link.quoted)"
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters, and one space more when longer.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
