import GroupCore
import GroupFixtures

/// A ``StateDiff`` as JSON: one key per part of the state, each a list in the diff's order;
/// a part with no difference is an empty list (or absent, for `existence`).
public enum StateDiffJSON {
    /// The JSON object of `diff`, with `differences` (the count) first.
    public static func encode(_ diff: StateDiff) -> JSONValue {
        var object = JSONObject()
        if let existence = diff.existence {
            object["existence"] = .object(JSONObject(["before": .bool(existence.before), "after": .bool(existence.after)]))
        }
        object["differences"] = .int(Int64(diff.count))
        object["properties"] = .array(diff.properties.map { change in
            .object(JSONObject([
                "property": .string(change.property.rawValue), "section": .string(change.property.section.rawValue),
                "before": value(change.before), "after": value(change.after),
            ]))
        })
        object["policies"] = .array(diff.policies.map { change in
            .object(JSONObject([
                "slot": .string(change.slot.rawValue),
                "before": PolicyJSON.encode(change.before), "after": PolicyJSON.encode(change.after),
            ]))
        })
        object["members"] = .array(diff.members.map(member))
        object["fields"] = .array(diff.fieldDescriptors.map { change in
            .object(JSONObject([
                "id": .string(change.field.hex),
                "before": change.before.map(descriptor) ?? .null, "after": change.after.map(descriptor) ?? .null,
            ]))
        })
        object["fieldValues"] = .array(diff.fieldValues.map(fieldValue))
        object["bans"] = inboxSet(diff.bans)
        object["allowList"] = inboxSet(diff.allowList)
        object["links"] = .array(diff.links.map { change in
            .object(JSONObject([
                "link": .string(change.link),
                "before": change.before.map { .string($0.name) } ?? .null, "after": change.after.map { .string($0.name) } ?? .null,
            ]))
        })
        return .object(object)
    }

    static func value(_ value: PropertyValue) -> JSONValue {
        switch value {
        case let .text(text), let .word(text): .string(text)
        case let .number(number): .int(number)
        case let .flag(flag): .bool(flag)
        case let .disappearing(setting):
            setting.map { .object(JSONObject(["fromNs": .int($0.fromNs), "inNs": .int($0.inNs)])) } ?? .null
        }
    }

    private static func member(_ change: MemberChange) -> JSONValue {
        .object(JSONObject([
            "inbox": .string(change.inbox.rawValue),
            "change": .string(change.kind.rawValue),
            "attributes": .array(change.attributes.map { .string($0.rawValue) }),
            "before": change.before.map(record) ?? .null,
            "after": change.after.map(record) ?? .null,
        ]))
    }

    private static func record(_ record: MemberRecord) -> JSONValue {
        var object = JSONObject(["role": .string(record.role.name), "state": .string(record.state.name)])
        if case let .former(departure) = record.state {
            object["departure"] = .string(departure.reason.rawValue)
            object["removedAt"] = .uint(departure.at)
        }
        object["joinedAt"] = record.joinedAt.map(JSONValue.uint) ?? .null
        object["addedBy"] = record.addedBy.map { .string($0.rawValue) } ?? .null
        object["ordinal"] = .uint(record.ordinal)
        object["blockedForAll"] = .bool(record.blockedForAll)
        object["mutedUntil"] = record.mutedUntil.map(JSONValue.uint) ?? .null
        object["blocksGroup"] = .bool(record.blocksGroup)
        return .object(object)
    }

    private static func descriptor(_ descriptor: FieldDescriptor) -> JSONValue {
        .object(JSONObject([
            "name": descriptor.name.map(JSONValue.string) ?? .null,
            "type": .string(descriptor.type.description),
            "insert": PolicyJSON.encode(descriptor.insert),
            "update": PolicyJSON.encode(descriptor.update),
            "delete": PolicyJSON.encode(descriptor.delete),
        ]))
    }

    private static func fieldValue(_ change: FieldValueChange) -> JSONValue {
        var object = JSONObject(["id": .string(change.field.hex), "field": .string(change.label)])
        if let key = change.key { object["key"] = FieldReadingJSON.encode(key) }
        object["before"] = held(change.before)
        object["after"] = held(change.after)
        return .object(object)
    }

    /// Null when absent or unset; else the value (omitted for a set key) and the author
    /// (omitted for a scalar).
    private static func held(_ held: FieldValueChange.Held?) -> JSONValue {
        guard let held else { return .null }
        var object = JSONObject()
        if let value = held.value { object["value"] = FieldReadingJSON.encode(value) }
        if let author = held.author { object["author"] = .string(author.rawValue) }
        return .object(object)
    }

    private static func inboxSet(_ change: StateDiff.InboxSetChange) -> JSONValue {
        .object(JSONObject([
            "added": .array(change.added.map { .string($0.rawValue) }),
            "removed": .array(change.removed.map { .string($0.rawValue) }),
        ]))
    }
}
