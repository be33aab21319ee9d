import GroupCore

/// Changes in JSON, as fixtures and `grouplog submit` write them (SPEC section 13):
/// `{"op": NAME, ...arguments}`.
public enum ChangeJSON {
    /// The ops this version reads.
    public static let supportedOps = [
        "create", "addMembers", "removeMembers", "addAdmin", "removeAdmin", "addSuperAdmin", "removeSuperAdmin",
        "setRole", "transferOwnership", "updatePermission", "requestRemoval", "leave", "updateName",
        "updateDescription", "updateImageURL", "updateAppData", "updateDisappearingMessages", "registerFields",
        "updateFieldPolicy", "updateMetadataField", "updateUserData", "acceptInvitation", "declineInvitation", "join", "approveJoin",
        "rejectJoin", "createLink", "updateLinkRole", "deleteLink", "blockForAll", "mute", "unmute", "muteAll",
        "allowListAdd", "allowListRemove", "ban", "unban", "blockGroup", "deleteGroup", "updateKeys",
    ]

    /// Decodes one change; `path` names it in errors, such as `$.commits[2].changes[0]`.
    public static func decode(_ value: JSONValue, path: String) throws(FixtureError) -> Change {
        try decode(JSONField(value, path: path))
    }

    static func decode(_ field: JSONField) throws(FixtureError) -> Change {
        let args = try field.object()
        let op = try args.required("op").string()
        func allow(_ keys: String...) throws(FixtureError) { try args.allowOnly(["op"] + keys) }
        switch op {
        case "create":
            try allow("kind", "members", "identities", "policySet", "name", "description", "imageURL", "appData",
                      "disappearingMessages", "memberLimit", "leaveRule", "joinRule", "invitesNeedConsent", "admission", "style",
                      "requireSignatures", "keys")
            return .create(try decodeCreate(args))
        case "addMembers":
            try allow("inboxes", "identities", "keys")
            let (inboxes, identities) = try inboxesAndIdentities(args, of: op)
            return .addMembers(inboxes: inboxes, identities: identities, keys: try recordedKeys(args.optional("keys")))
        case "removeMembers":
            try allow("inboxes", "identities", "withMessages")
            let (inboxes, identities) = try inboxesAndIdentities(args, of: op)
            return .removeMembers(inboxes: inboxes, identities: identities, withMessages: try args.optional("withMessages")?.bool() ?? false)
        case "addAdmin":
            try allow("inbox")
            return .addAdmin(try args.required("inbox").inbox())
        case "removeAdmin":
            try allow("inbox")
            return .removeAdmin(try args.required("inbox").inbox())
        case "addSuperAdmin":
            try allow("inbox")
            return .addSuperAdmin(try args.required("inbox").inbox())
        case "removeSuperAdmin":
            try allow("inbox")
            return .removeSuperAdmin(try args.required("inbox").inbox())
        case "transferOwnership":
            try allow("inbox")
            return .transferOwnership(try args.required("inbox").inbox())
        case "setRole":
            try allow("inboxes", "role")
            return .setRole(inboxes: try nonEmptyInboxes(args), role: try role(args.required("role")))
        case "updatePermission":
            try allow("kind", "policy", "field")
            return .updatePermission(slot: try permissionSlot(args), policy: try PolicyJSON.decode(args.required("policy")))
        case "requestRemoval":
            try allow()
            return .requestRemoval
        case "leave":
            try allow()
            return .leave
        case "updateName":
            try allow("name")
            return .updateName(try args.required("name").string())
        case "updateDescription":
            try allow("description")
            return .updateDescription(try args.required("description").string())
        case "updateImageURL":
            try allow("url")
            return .updateImageURL(try args.required("url").string())
        case "updateAppData":
            try allow("data", "expected")
            return .updateAppData(data: try args.required("data").string(), expected: try args.optional("expected")?.string())
        case "updateDisappearingMessages":
            try allow("fromNs", "inNs")
            let from = try args.optional("fromNs")?.int64()
            let inNs = try args.optional("inNs")?.int64()
            switch (from, inNs) {
            case (nil, nil): return .updateDisappearingMessages(nil)
            case let (from?, inNs?): return .updateDisappearingMessages(DisappearingMessages(fromNs: from, inNs: inNs))
            default: throw args.error("give both fromNs and inNs, or neither (null) to turn disappearing messages off")
            }
        case "registerFields":
            try allow("fields")
            let names = try args.required("fields")
            var registrations: [FieldRegistration] = []
            for item in try names.array() { registrations.append(.unknown(name: try item.string())) }
            if registrations.isEmpty { throw names.error("registerFields needs at least one field name") }
            return .registerFields(registrations)
        case "updateFieldPolicy":
            try allow("field", "operation", "policy")
            return .updateFieldPolicy(
                field: try FieldJSON.reference(args.required("field")),
                operation: try args.required("operation").choice("field operation", FieldOperation.allCases.map { ($0.rawValue, $0) }),
                policy: try PolicyJSON.decode(args.required("policy")))
        case "updateMetadataField":
            try allow("field", "mutation")
            return .updateMetadataField(field: try FieldJSON.reference(args.required("field")),
                                        mutation: try FieldJSON.mutation(args.required("mutation")))
        case "updateUserData":
            try allow("values")
            return .updateUserData(try FieldJSON.userUpdates(args.required("values")))
        case "acceptInvitation":
            try allow("keys")
            return .acceptInvitation(keys: try args.optional("keys")?.publicKeys() ?? [])
        case "declineInvitation":
            try allow()
            return .declineInvitation
        case "join":
            try allow("link", "keys")
            return .join(link: try args.optional("link").map(link), keys: try args.optional("keys")?.publicKeys() ?? [])
        case "approveJoin":
            try allow("inbox", "role")
            return .approveJoin(try args.required("inbox").inbox(), role: try args.optional("role").map(role))
        case "rejectJoin":
            try allow("inbox")
            return .rejectJoin(try args.required("inbox").inbox())
        case "createLink":
            try allow("link", "role")
            return .createLink(try link(args.required("link")), role: try role(args.required("role")))
        case "updateLinkRole":
            try allow("link", "role")
            return .updateLinkRole(try link(args.required("link")), role: try role(args.required("role")))
        case "deleteLink":
            try allow("link")
            return .deleteLink(try link(args.required("link")))
        case "blockForAll":
            try allow("inboxes", "blocked")
            return .blockForAll(inboxes: try nonEmptyInboxes(args), blocked: try args.required("blocked").bool())
        case "mute":
            try allow("inboxes", "until")
            return .mute(inboxes: try nonEmptyInboxes(args), until: try args.required("until").uint64())
        case "unmute":
            try allow("inboxes")
            return .unmute(try nonEmptyInboxes(args))
        case "muteAll":
            try allow("on")
            return .muteAll(try args.required("on").bool())
        case "allowListAdd":
            try allow("inboxes")
            return .allowListAdd(try nonEmptyInboxes(args))
        case "allowListRemove":
            try allow("inboxes")
            return .allowListRemove(try nonEmptyInboxes(args))
        case "ban":
            try allow("inboxes")
            return .ban(try nonEmptyInboxes(args))
        case "unban":
            try allow("inboxes")
            return .unban(try nonEmptyInboxes(args))
        case "blockGroup":
            try allow("on")
            return .blockGroup(try args.required("on").bool())
        case "deleteGroup":
            try allow()
            return .deleteGroup
        case "updateKeys":
            try allow("add", "remove")
            let add = try args.optional("add")?.publicKeys() ?? []
            let remove = try args.optional("remove")?.publicKeys() ?? []
            if add.isEmpty && remove.isEmpty { throw args.error("updateKeys needs at least one key in \"add\" or \"remove\"") }
            return .updateKeys(add: add, remove: remove)
        default:
            throw JSONField(.string(op), path: "\(field.path).op").error(
                "unknown op \(op.debugDescription); this version reads \(supportedOps.joined(separator: ", "))")
        }
    }

    /// The `inboxes` and `identities` of `addMembers` and `removeMembers`: at least one in all.
    private static func inboxesAndIdentities(_ args: JSONObjectReader, of op: String) throws(FixtureError) -> ([InboxID], [ResolvedIdentity]) {
        let inboxes = try args.optional("inboxes")?.inboxes() ?? []
        let identities = try unresolvedIdentities(args.optional("identities"))
        if inboxes.isEmpty && identities.isEmpty {
            throw args.error("\(op) needs at least one inbox in \"inboxes\" or identity in \"identities\"")
        }
        return (inboxes, identities)
    }

    /// The keys a change records, as an object of inbox to a list of base64 public keys; empty
    /// when absent, for whoever records the commit to fill in from its directory.
    private static func recordedKeys(_ field: JSONField?) throws(FixtureError) -> RecordedKeys {
        guard let field else { return [:] }
        var keys: RecordedKeys = [:]
        for member in try field.object().object.members {
            let path = "\(field.path).\(member.key)"
            keys[try JSONField(.string(member.key), path: path).inbox()] = try JSONField(member.value, path: path).publicKeys()
        }
        return keys
    }

    /// A list of identity objects, to be resolved by whoever records the commit.
    private static func unresolvedIdentities(_ field: JSONField?) throws(FixtureError) -> [ResolvedIdentity] {
        var identities: [ResolvedIdentity] = []
        for item in try field?.array() ?? [] {
            identities.append(ResolvedIdentity(try decodeIdentity(item), inbox: nil))
        }
        return identities
    }

    private static func nonEmptyInboxes(_ args: JSONObjectReader) throws(FixtureError) -> [InboxID] {
        let field = try args.required("inboxes")
        let inboxes = try field.inboxes()
        if inboxes.isEmpty { throw field.error("expected at least one inbox") }
        return inboxes
    }

    /// A link ID: like an identifier, 1 to 128 bytes of printable ASCII without spaces.
    private static func link(_ field: JSONField) throws(FixtureError) -> String {
        let text = try field.string()
        do throws(IdentifierProblem) {
            _ = try GroupID(text)
        } catch {
            throw field.error("invalid link ID \(text.quoted): it \(error)")
        }
        return text
    }

    private static func role(_ field: JSONField) throws(FixtureError) -> Role {
        try field.choice("role", Role.allCases.map { ($0.name, $0) })
    }

    private static func permissionSlot(_ args: JSONObjectReader) throws(FixtureError) -> PolicySlot {
        let kind = try args.required("kind")
        guard try kind.string() == "updateMetadata" else {
            if args.has("field") { throw args.error("\"field\" goes only with kind \"updateMetadata\"") }
            return try PolicyJSON.slot(kind)
        }
        let names = ["name", "description", "imageURL", "appData", "disappearingMessages"]
        return try args.required("field").choice("metadata field", names.compactMap { name in
            PolicySlot(metadataField: name).map { (name, $0) }
        })
    }

    static func decodeIdentity(_ field: JSONField) throws(FixtureError) -> PublicIdentity {
        let object = try field.object()
        if let unknown = object.object.keys.first(where: { PublicIdentity.Kind(rawValue: $0) == nil }) {
            throw JSONField(object.object[unknown] ?? .null, path: "\(field.path).\(unknown)")
                .error("unknown key \(unknown.debugDescription): an identity is {\"handle\": ...} or {\"account\": ...}")
        }
        guard object.object.keys.count == 1, let key = object.object.keys.first,
              let kind = PublicIdentity.Kind(rawValue: key) else {
            throw field.error("an identity is {\"handle\": ...} or {\"account\": ...}, with exactly one key")
        }
        let valueField = try object.required(key)
        let value = try valueField.string()
        do throws(IdentifierProblem) {
            return try PublicIdentity(kind, value)
        } catch {
            throw valueField.error("invalid \(key) \(value.debugDescription): it \(error)")
        }
    }

    private static func decodeCreate(_ args: JSONObjectReader) throws(FixtureError) -> CreateConversation {
        var request = CreateConversation()
        if let kind = args.optional("kind") {
            request.kind = try kind.choice("conversation kind", ConversationKind.allCases.map { ($0.rawValue, $0) })
        }
        request.members = try args.optional("members")?.inboxes() ?? []
        request.identities = try unresolvedIdentities(args.optional("identities"))
        if let field = args.optional("policySet") { request.policySet = try policySet(field) }
        request.name = try args.optional("name")?.string() ?? ""
        request.description = try args.optional("description")?.string() ?? ""
        request.imageURL = try args.optional("imageURL")?.string() ?? ""
        request.appData = try args.optional("appData")?.string() ?? ""
        if let field = args.optional("disappearingMessages") { request.disappearingMessages = try disappearingMessages(field) }
        request.memberLimit = try args.optional("memberLimit")?.int()
        request.leaveRule = try args.optional("leaveRule")?.choice("leave rule", LeaveRule.allCases.map { ($0.rawValue, $0) })
        request.joinRule = try args.optional("joinRule")?.choice("join rule", JoinRule.allCases.map { ($0.rawValue, $0) })
        request.invitesNeedConsent = try args.optional("invitesNeedConsent")?.bool()
        request.admission = try args.optional("admission")?.choice("admission", Admission.allCases.map { ($0.rawValue, $0) })
        request.style = try args.optional("style")?.choice("group style", GroupStyle.allCases.map { ($0.rawValue, $0) })
        request.requireSignatures = try args.optional("requireSignatures")?.bool() ?? false
        request.keys = try recordedKeys(args.optional("keys"))
        return request
    }

    /// `create`'s `{"fromNs": N, "inNs": N}`, both 0 or more, or null for off.
    private static func disappearingMessages(_ field: JSONField) throws(FixtureError) -> DisappearingMessages? {
        if case .null = field.value { return nil }
        let object = try field.object()
        try object.allowOnly(["fromNs", "inNs"])
        func nanoseconds(_ key: String) throws(FixtureError) -> Int64 {
            let value = try object.required(key)
            let number = try value.int64()
            if number < 0 { throw value.error("\(key) is a time in nanoseconds, 0 or more, not \(number)") }
            return number
        }
        return DisappearingMessages(fromNs: try nanoseconds("fromNs"), inNs: try nanoseconds("inNs"))
    }

    private static func policySet(_ field: JSONField) throws(FixtureError) -> PolicySetChoice {
        if case .string = field.value {
            return try field.choice("policy set", [("allMembers", PolicySetChoice.allMembers), ("adminOnly", .adminOnly)])
        }
        let object = try field.object()
        var slots: [PolicySlot: Policy] = [:]
        for member in object.object.members {
            let path = "\(field.path).\(member.key)"
            let slot = try PolicyJSON.slot(JSONField(.string(member.key), path: path))
            slots[slot] = try PolicyJSON.decode(JSONField(member.value, path: path))
        }
        return .custom(slots)
    }
}
