import GroupCore

/// Reading a change back from its record.
extension ChangeRecord {
    /// The change the record holds, its identifiers checked as any input's are.
    func change() throws(RecordError) -> Change {
        switch op {
        case "create": return .create(try required(create, "create").request())
        case "addMembers":
            var resolved: [ResolvedIdentity] = []
            for identity in identities ?? [] { resolved.append(try identity.resolved()) }
            return .addMembers(inboxes: try inboxList(), identities: resolved)
        case "removeMembers": return .removeMembers(inboxes: try inboxList(), withMessages: withMessages ?? false)
        case "addAdmin": return .addAdmin(try subject())
        case "removeAdmin": return .removeAdmin(try subject())
        case "addSuperAdmin": return .addSuperAdmin(try subject())
        case "removeSuperAdmin": return .removeSuperAdmin(try subject())
        case "transferOwnership": return .transferOwnership(try subject())
        case "setRole": return .setRole(inboxes: try inboxList(), role: try Self.role(required(role, "role")))
        case "updatePermission":
            return .updatePermission(slot: try RecordError.named(required(slot, "slot"), "policy slot"), policy: try required(policy, "policy").policy())
        case "requestRemoval": return .requestRemoval
        case "leave": return .leave
        case "updateName": return .updateName(try required(name, "name"))
        case "updateDescription": return .updateDescription(try required(description, "description"))
        case "updateImageURL": return .updateImageURL(try required(url, "url"))
        case "updateAppData": return .updateAppData(data: try required(data, "data"), expected: expected)
        case "updateDisappearingMessages":
            guard let fromNs, let inNs else { return .updateDisappearingMessages(nil) }
            return .updateDisappearingMessages(DisappearingMessages(fromNs: fromNs, inNs: inNs))
        case "registerFields": return .registerFields(try required(fields, "fields").map { .unknown(name: $0) })
        case "updateMetadataField":
            return .updateMetadataField(field: try required(field, "field").reference(), mutation: try required(mutation, "mutation").mutation())
        case "updateUserData":
            var updates: [UserFieldUpdate] = []
            for value in try required(values, "values") { updates.append(try value.update()) }
            return .updateUserData(updates)
        case "acceptInvitation": return .acceptInvitation
        case "declineInvitation": return .declineInvitation
        case "join": return .join(link: link)
        case "approveJoin": return .approveJoin(try subject(), role: try role.map(Self.role))
        case "rejectJoin": return .rejectJoin(try subject())
        case "createLink": return .createLink(try required(link, "link"), role: try Self.role(required(role, "role")))
        case "updateLinkRole": return .updateLinkRole(try required(link, "link"), role: try Self.role(required(role, "role")))
        case "deleteLink": return .deleteLink(try required(link, "link"))
        case "blockForAll": return .blockForAll(inboxes: try inboxList(), blocked: try required(blocked, "blocked"))
        case "mute": return .mute(inboxes: try inboxList(), until: try required(until, "until"))
        case "unmute": return .unmute(try inboxList())
        case "muteAll": return .muteAll(try required(on, "on"))
        case "allowListAdd": return .allowListAdd(try inboxList())
        case "allowListRemove": return .allowListRemove(try inboxList())
        case "ban": return .ban(try inboxList())
        case "unban": return .unban(try inboxList())
        case "blockGroup": return .blockGroup(try required(on, "on"))
        case "deleteGroup": return .deleteGroup
        default: throw RecordError("unknown op \(op.debugDescription)")
        }
    }

    private func required<Value>(_ value: Value?, _ key: String) throws(RecordError) -> Value {
        guard let value else { throw RecordError("\(op) without \(key.debugDescription)") }
        return value
    }

    private func subject() throws(RecordError) -> InboxID {
        try RecordError.inbox(required(inbox, "inbox"))
    }

    private func inboxList() throws(RecordError) -> [InboxID] {
        try Self.inboxes(inboxes ?? [])
    }

    static func inboxes(_ texts: [String]) throws(RecordError) -> [InboxID] {
        var inboxes: [InboxID] = []
        inboxes.reserveCapacity(texts.count)
        for text in texts { inboxes.append(try RecordError.inbox(text)) }
        return inboxes
    }

    static func role(_ name: String) throws(RecordError) -> Role {
        guard let role = Role.allCases.first(where: { $0.name == name }) else { throw RecordError("unknown role \(name.debugDescription)") }
        return role
    }
}
