import GroupCore

extension ChangeJSON {
    /// The JSON form of a change, as fixtures write it; `decode` reads it back to an equal change,
    /// except that identities lose their resolution (a fixture resolves them again). The keys a
    /// change records are written as recorded, so that a fixture replays them as they were.
    public static func encode(_ change: Change) -> JSONValue {
        var object = JSONObject(["op": .string(change.op)])
        func inboxes(_ list: [InboxID]) -> JSONValue { .array(list.map { .string($0.rawValue) }) }
        switch change {
        case let .create(request):
            object["kind"] = .string(request.kind.rawValue)
            object["members"] = inboxes(request.members)
            if !request.identities.isEmpty { object["identities"] = identities(request.identities) }
            if let choice = request.policySet { object["policySet"] = encode(choice) }
            for (key, text) in [("name", request.name), ("description", request.description),
                                ("imageURL", request.imageURL), ("appData", request.appData)] where !text.isEmpty {
                object[key] = .string(text)
            }
            if let setting = request.disappearingMessages {
                object["disappearingMessages"] = .object(JSONObject(["fromNs": .int(setting.fromNs), "inNs": .int(setting.inNs)]))
            }
            if let limit = request.memberLimit { object["memberLimit"] = .int(Int64(limit)) }
            if let rule = request.leaveRule { object["leaveRule"] = .string(rule.rawValue) }
            if let rule = request.joinRule { object["joinRule"] = .string(rule.rawValue) }
            if let consent = request.invitesNeedConsent { object["invitesNeedConsent"] = .bool(consent) }
            if let admission = request.admission { object["admission"] = .string(admission.rawValue) }
            if let style = request.style { object["style"] = .string(style.rawValue) }
            if request.requireSignatures { object["requireSignatures"] = .bool(true) }
            if !request.keys.isEmpty { object["keys"] = recordedKeys(request.keys) }
        case let .addMembers(list, identities, keys):
            if !list.isEmpty { object["inboxes"] = inboxes(list) }
            if !identities.isEmpty { object["identities"] = self.identities(identities) }
            if !keys.isEmpty { object["keys"] = recordedKeys(keys) }
        case let .removeMembers(list, identities, withMessages):
            if !list.isEmpty { object["inboxes"] = inboxes(list) }
            if !identities.isEmpty { object["identities"] = self.identities(identities) }
            if withMessages { object["withMessages"] = .bool(true) }
        case let .addAdmin(inbox), let .removeAdmin(inbox), let .addSuperAdmin(inbox),
             let .removeSuperAdmin(inbox), let .transferOwnership(inbox):
            object["inbox"] = .string(inbox.rawValue)
        case let .setRole(list, role):
            object["inboxes"] = inboxes(list)
            object["role"] = .string(role.name)
        case let .updatePermission(slot, policy):
            object["kind"] = .string(slot.rawValue)
            object["policy"] = PolicyJSON.encode(policy)
        case .requestRemoval, .leave:
            break
        case let .updateName(text):
            object["name"] = .string(text)
        case let .updateDescription(text):
            object["description"] = .string(text)
        case let .updateImageURL(text):
            object["url"] = .string(text)
        case let .updateAppData(data, expected):
            object["data"] = .string(data)
            if let expected { object["expected"] = .string(expected) }
        case let .updateDisappearingMessages(setting):
            object["fromNs"] = setting.map { .int($0.fromNs) } ?? .null
            object["inNs"] = setting.map { .int($0.inNs) } ?? .null
        case let .registerFields(registrations):
            // A fixture names the fields; its configuration carries their descriptors.
            object["fields"] = .array(registrations.map { registration in
                switch registration {
                case let .descriptor(descriptor): .string(descriptor.name ?? descriptor.id.hex)
                case let .unknown(name): .string(name)
                }
            })
        case let .updateFieldPolicy(field, operation, policy):
            object["field"] = FieldJSON.encode(field)
            object["operation"] = .string(operation.rawValue)
            object["policy"] = PolicyJSON.encode(policy)
        case let .updateMetadataField(field, mutation):
            object["field"] = FieldJSON.encode(field)
            object["mutation"] = FieldJSON.encode(mutation)
        case let .updateUserData(updates):
            object["values"] = .array(updates.map { update in
                .object(JSONObject(["field": FieldJSON.encode(update.field), "value": update.value.map(FieldJSON.encode) ?? .null]))
            })
        case .declineInvitation, .deleteGroup:
            break
        case let .acceptInvitation(keys):
            if !keys.isEmpty { object["keys"] = publicKeys(keys) }
        case let .join(link, keys):
            if let link { object["link"] = .string(link) }
            if !keys.isEmpty { object["keys"] = publicKeys(keys) }
        case let .approveJoin(inbox, role):
            object["inbox"] = .string(inbox.rawValue)
            if let role { object["role"] = .string(role.name) }
        case let .rejectJoin(inbox):
            object["inbox"] = .string(inbox.rawValue)
        case let .createLink(link, role), let .updateLinkRole(link, role):
            object["link"] = .string(link)
            object["role"] = .string(role.name)
        case let .deleteLink(link):
            object["link"] = .string(link)
        case let .blockForAll(list, blocked):
            object["inboxes"] = inboxes(list)
            object["blocked"] = .bool(blocked)
        case let .mute(list, until):
            object["inboxes"] = inboxes(list)
            object["until"] = .uint(until)
        case let .unmute(list), let .allowListAdd(list), let .allowListRemove(list), let .ban(list), let .unban(list):
            object["inboxes"] = inboxes(list)
        case let .muteAll(on), let .blockGroup(on):
            object["on"] = .bool(on)
        case let .updateKeys(add, remove):
            if !add.isEmpty { object["add"] = publicKeys(add) }
            if !remove.isEmpty { object["remove"] = publicKeys(remove) }
        }
        return .object(object)
    }

    /// Public keys in base64.
    static func publicKeys(_ keys: [PublicKey]) -> JSONValue {
        .array(keys.map { .string($0.base64) })
    }

    /// Recorded keys, by inbox in sorted order.
    private static func recordedKeys(_ keys: RecordedKeys) -> JSONValue {
        var object = JSONObject()
        for (inbox, list) in keys.sorted(by: { $0.key < $1.key }) { object[inbox.rawValue] = publicKeys(list) }
        return .object(object)
    }

    /// Identity objects, without their resolution: a fixture resolves them through its directory.
    private static func identities(_ list: [ResolvedIdentity]) -> JSONValue {
        .array(list.map { .object(JSONObject([$0.identity.kind.rawValue: .string($0.identity.value)])) })
    }

    private static func encode(_ choice: PolicySetChoice) -> JSONValue {
        switch choice {
        case .allMembers: return .string("allMembers")
        case .adminOnly: return .string("adminOnly")
        case let .custom(slots):
            var object = JSONObject()
            for slot in PolicySlot.allCases {
                if let policy = slots[slot] { object[slot.rawValue] = PolicyJSON.encode(policy) }
            }
            return .object(object)
        }
    }
}
