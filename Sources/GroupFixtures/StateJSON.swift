import GroupCore

/// The JSON form of a conversation's state, as `grouplog replay --json` and `state --json` print
/// it. Keys and lists come in a fixed order, so the output is the same run to run.
public enum StateJSON {
    public static func encode(_ state: GroupState, directory: IdentityDirectory = IdentityDirectory()) -> JSONValue {
        var object = JSONObject()
        object["group"] = .string(state.groupID.rawValue)
        object["kind"] = .string(state.kind.rawValue)
        object["sequence"] = .uint(state.lastAppliedSequence)
        object["creator"] = .string(state.creator.rawValue)
        object["createdAt"] = .uint(state.createdAt)
        object["settings"] = settings(state.settings)
        object["policySet"] = policySet(state.policies, kind: state.kind)
        object["metadata"] = metadata(state.metadata)
        object["memberCount"] = .int(Int64(state.memberCount))
        object["superAdmins"] = .array(state.listSuperAdmins().map { .string($0.rawValue) })
        object["admins"] = .array(state.listAdmins().map { .string($0.rawValue) })
        object["members"] = .array(state.allMembers.map { member($0, directory: directory, allowList: state.allowList) })
        object["formerMembers"] = .array(state.formerMembers.map { member($0, directory: directory) })
        object["banned"] = .array(state.bans.sorted().map { .string($0.rawValue) })
        object["links"] = .object(JSONObject(state.links.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value.name)) }))
        object["muteAll"] = .bool(state.muteAll)
        object["allowList"] = .array(state.allowList.sorted().map { .string($0.rawValue) })
        object["deleted"] = .bool(state.isDeleted)
        object["joinRequests"] = .array(state.pendingJoinRequests().map { .string($0.rawValue) })
        object["openInvitations"] = .array(state.openInvitations().map { .string($0.rawValue) })
        object["blockedBy"] = .array(state.groupBlockers().map { .string($0.rawValue) })
        object["mutes"] = .array(state.mutes(at: state.lastAppliedTime).map { mute in
            .object(JSONObject(["inbox": .string(mute.inbox.rawValue), "until": .uint(mute.until)]))
        })
        return .object(object)
    }

    /// One member record, with its handles read from the directory.
    /// - Parameter allowList: the group's allow list, to say whether a current member is on it.
    public static func member(_ record: MemberRecord, directory: IdentityDirectory, allowList: Set<InboxID> = []) -> JSONValue {
        var object = JSONObject()
        object["inbox"] = .string(record.inbox.rawValue)
        if let role = record.currentRole { object["role"] = .string(role.name) }
        object["state"] = .string(record.state.name)
        if case let .former(departure) = record.state {
            object["departure"] = .string(departure.reason.rawValue)
            object["removedAt"] = .uint(departure.at)
        }
        object["joinedAt"] = record.joinedAt.map(JSONValue.uint) ?? .null
        object["addedBy"] = record.addedBy.map { .string($0.rawValue) } ?? .null
        if record.isCurrent {
            object["blockedForAll"] = .bool(record.blockedForAll)
            object["mutedUntil"] = record.mutedUntil.map(JSONValue.uint) ?? .null
            object["blocksGroup"] = .bool(record.blocksGroup)
            object["allowListed"] = .bool(allowList.contains(record.inbox))
        }
        let handles = directory.handles(of: record.inbox)
        object["handle"] = handles.handle.map(JSONValue.string) ?? .null
        object["otherHandles"] = .array(handles.otherHandles.map(JSONValue.string))
        return .object(object)
    }

    private static func settings(_ settings: GroupSettings) -> JSONValue {
        .object(JSONObject([
            "memberLimit": .int(Int64(settings.memberLimit)),
            "leaveRule": .string(settings.leaveRule.rawValue),
            "joinRule": .string(settings.joinRule.rawValue),
            "invitesNeedConsent": .bool(settings.invitesNeedConsent),
            "admission": .string(settings.admission.rawValue),
        ]))
    }

    private static func policySet(_ policies: PolicySet, kind: ConversationKind) -> JSONValue {
        guard kind == .group else { return .null }
        var slots = JSONObject()
        for (slot, policy) in policies.slots { slots[slot.rawValue] = PolicyJSON.encode(policy) }
        return .object(JSONObject(["kind": .string(policies.kind.rawValue), "slots": .object(slots)]))
    }

    private static func metadata(_ metadata: GroupMetadata) -> JSONValue {
        let disappearing: JSONValue = metadata.disappearingMessages.map {
            .object(JSONObject(["fromNs": .int($0.fromNs), "inNs": .int($0.inNs)]))
        } ?? .null
        return .object(JSONObject([
            "name": .string(metadata.name),
            "description": .string(metadata.description),
            "imageURL": .string(metadata.imageURL),
            "appData": .string(metadata.appData),
            "disappearingMessages": disappearing,
        ]))
    }
}
