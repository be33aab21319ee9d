import GroupCore

extension FixtureReader {
    static func decodeExpectation(_ field: JSONField) throws(FixtureError) -> FixtureExpectation {
        let object = try field.object()
        for key in object.object.keys where !FixtureExpectation.supportedKeys.contains(key) {
            throw JSONField(.null, path: "\(field.path).\(key)").error(
                "expectation \"\(key)\" is not checked by this version; it checks \(FixtureExpectation.supportedKeys.joined(separator: ", "))")
        }
        var expect = FixtureExpectation()
        if let members = object.optional("members") {
            var roles: [InboxID: Role] = [:]
            for (inbox, value) in try inboxKeyed(members) {
                roles[inbox] = try value.choice("role", Role.allCases.map { ($0.name, $0) })
            }
            expect.members = roles
        }
        if let states = object.optional("states") {
            let names = ["active", "invited", "pendingApproval", "pendingRemoval", "former"]
            var result: [InboxID: String?] = [:]
            for (inbox, value) in try inboxKeyed(states) {
                result[inbox] = value.isNull ? String?.none : try value.choice("state", names.map { ($0, $0) })
            }
            expect.states = result
        }
        expect.former = try object.optional("former").map(inboxSet)
        expect.left = try object.optional("left").map(inboxSet)
        expect.removed = try object.optional("removed").map(inboxSet)
        if let policySet = object.optional("policySet") { expect.policySet = try decodePolicySet(policySet) }
        expect.name = try object.optional("name")?.string()
        expect.description = try object.optional("description")?.string()
        expect.imageURL = try object.optional("imageURL")?.string()
        expect.appData = try object.optional("appData")?.string()
        if object.has("disappearingMessages") {
            if let setting = object.optional("disappearingMessages") {
                let pair = try setting.object()
                try pair.allowOnly(["fromNs", "inNs"])
                expect.disappearingMessages = .some(DisappearingMessages(
                    fromNs: try pair.required("fromNs").int64(), inNs: try pair.required("inNs").int64()))
            } else {
                expect.disappearingMessages = .some(nil)
            }
        }
        expect.banned = try object.optional("banned").map(inboxSet)
        expect.deleted = try object.optional("deleted")?.bool()
        if let canSend = object.optional("canSend") {
            var result: [InboxID: Bool] = [:]
            for (inbox, value) in try inboxKeyed(canSend) { result[inbox] = try value.bool() }
            expect.canSend = result
        }
        if let events = object.optional("events") {
            var names: [String] = []
            for item in try events.array() { names.append(try item.string()) }
            expect.events = names
        }
        if object.has("creator") {
            expect.creator = .some(try object.optional("creator")?.inbox())
        }
        if let addedBy = object.optional("addedBy") {
            var result: [InboxID: InboxID?] = [:]
            for (inbox, value) in try inboxKeyed(addedBy) { result[inbox] = value.isNull ? InboxID?.none : try value.inbox() }
            expect.addedBy = result
        }
        if let fields = object.optional("fields") {
            var expected: [String: JSONValue] = [:]
            for member in try fields.object().object.members { expected[member.key] = member.value }
            expect.fields = expected
        }
        expect.requireSignatures = try object.optional("requireSignatures")?.bool()
        if let memberKeys = object.optional("memberKeys") {
            var result: [InboxID: [PublicKey]] = [:]
            for (inbox, value) in try inboxKeyed(memberKeys) { result[inbox] = try value.publicKeys() }
            expect.memberKeys = result
        }
        if let hash = object.optional("stateHash") {
            let text = try hash.string()
            guard let digest = Digest(hex: text) else { throw hash.error("expected 64 hexadecimal digits, found \(text.quoted)") }
            expect.stateHash = digest
        }
        return expect
    }

    /// The members of an object keyed by inbox ID, with each key validated.
    private static func inboxKeyed(_ field: JSONField) throws(FixtureError) -> [(InboxID, JSONField)] {
        let object = try field.object()
        var result: [(InboxID, JSONField)] = []
        for member in object.object.members {
            let path = "\(field.path).\(member.key)"
            result.append((try JSONField(.string(member.key), path: path).inbox(), JSONField(member.value, path: path)))
        }
        return result
    }

    private static func inboxSet(_ field: JSONField) throws(FixtureError) -> Set<InboxID> {
        Set(try field.inboxes())
    }

    private static func decodePolicySet(_ field: JSONField) throws(FixtureError) -> ExpectedPolicySet {
        if case .string = field.value {
            return .kind(try field.choice("policy set", [("allMembers", PolicySet.Kind.allMembers), ("adminOnly", .adminOnly), ("custom", .custom)]))
        }
        let object = try field.object()
        var slots: [PolicySlot: Policy] = [:]
        for member in object.object.members {
            let path = "\(field.path).\(member.key)"
            slots[try PolicyJSON.slot(JSONField(.string(member.key), path: path))] = try PolicyJSON.decode(JSONField(member.value, path: path))
        }
        return .slots(slots)
    }
}
