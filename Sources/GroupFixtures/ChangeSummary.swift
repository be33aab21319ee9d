import GroupCore

extension Change {
    /// A one-line form for logs and replays: `addMembers bo, caro`, `setRole bo -> moderator`.
    public var summary: String {
        func list(_ inboxes: [InboxID]) -> String { inboxes.map(\.rawValue).joined(separator: ", ") }
        func named(_ inboxes: [InboxID], _ identities: [ResolvedIdentity]) -> String {
            (inboxes.map(\.rawValue) + identities.map { identity in
                identity.inbox.map { "\(identity.identity.value) (\($0))" } ?? identity.identity.value
            }).joined(separator: ", ")
        }
        func quoted(_ text: String) -> String {
            guard text.count > 40 else { return text.quoted }
            return String(text.prefix(40)).quoted + "... (\(text.utf8.count) bytes)"
        }
        switch self {
        case let .create(request):
            let others = named(request.members, request.identities)
            return "create \(request.kind.rawValue)" + (others.isEmpty ? "" : " with \(others)")
        case let .addMembers(inboxes, identities, _):
            return "addMembers \(named(inboxes, identities))"
        case let .removeMembers(inboxes, identities, withMessages):
            return "removeMembers \(named(inboxes, identities))\(withMessages ? " with messages" : "")"
        case let .addAdmin(inbox), let .removeAdmin(inbox), let .addSuperAdmin(inbox),
             let .removeSuperAdmin(inbox), let .transferOwnership(inbox):
            return "\(op) \(inbox)"
        case let .setRole(inboxes, role):
            return "setRole \(list(inboxes)) -> \(role)"
        case let .updatePermission(slot, policy):
            return "updatePermission \(slot) = \(policy)"
        case .requestRemoval, .leave:
            return op
        case let .updateName(text), let .updateDescription(text), let .updateImageURL(text):
            return "\(op) \(quoted(text))"
        case let .updateAppData(data, expected):
            return "updateAppData \(quoted(data))" + (expected.map { " if \(quoted($0))" } ?? "")
        case let .updateDisappearingMessages(setting):
            return "updateDisappearingMessages " + (setting.map { "from \($0.fromNs) in \($0.inNs)" } ?? "off")
        case let .registerFields(registrations):
            return "registerFields " + registrations.map { registration in
                switch registration {
                case let .descriptor(descriptor): descriptor.label
                case let .unknown(name): name
                }
            }.joined(separator: ", ")
        case let .updateFieldPolicy(field, operation, policy):
            return "updateFieldPolicy \(field) \(operation.rawValue) = \(policy)"
        case let .updateMetadataField(field, mutation):
            switch mutation {
            case let .replace(value): return "updateMetadataField \(field) = \(value.map(\.description) ?? "unset")"
            case let .mapDelta(operation, key, value):
                return "updateMetadataField \(field) \(operation.rawValue) \(key)" + (value.map { " = \($0)" } ?? "")
            case let .setDelta(operation, key): return "updateMetadataField \(field) \(operation.rawValue) \(key)"
            }
        case let .updateUserData(updates):
            return "updateUserData " + updates.map { "\($0.field) = \($0.value.map(\.description) ?? "unset")" }.joined(separator: ", ")
        case .acceptInvitation, .declineInvitation, .deleteGroup:
            return op
        case let .join(link, _):
            return "join" + (link.map { " via link \($0)" } ?? "")
        case let .approveJoin(inbox, role):
            return "approveJoin \(inbox)" + (role.map { " as \($0)" } ?? "")
        case let .rejectJoin(inbox):
            return "rejectJoin \(inbox)"
        case let .createLink(link, role), let .updateLinkRole(link, role):
            return "\(op) \(link) -> \(role)"
        case let .deleteLink(link):
            return "deleteLink \(link)"
        case let .blockForAll(inboxes, blocked):
            return "blockForAll \(list(inboxes))" + (blocked ? "" : " off")
        case let .mute(inboxes, until):
            return "mute \(list(inboxes)) until \(until)"
        case let .unmute(inboxes), let .allowListAdd(inboxes), let .allowListRemove(inboxes), let .ban(inboxes), let .unban(inboxes):
            return "\(op) \(list(inboxes))"
        case let .muteAll(on), let .blockGroup(on):
            return "\(op) \(on ? "on" : "off")"
        case let .updateKeys(add, remove):
            return "updateKeys" + add.map { " +\($0)" }.joined() + remove.map { " -\($0)" }.joined()
        }
    }
}

extension String {
    /// The string in double quotes, with quotes, backslashes and control characters escaped.
    public var quoted: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
