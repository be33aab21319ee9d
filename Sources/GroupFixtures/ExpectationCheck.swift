import GroupCodec
import GroupCore

/// Compares a final state with a fixture's expectations, key by key in a fixed order.
struct ExpectationCheck {
    /// Nil when the log never created its group.
    let state: GroupState?
    /// The events of the last applied commit.
    var events: [DomainEvent] = []

    func firstDifference(from expect: FixtureExpectation) -> FixtureDifference? {
        if let members = expect.members {
            let actual = Dictionary(uniqueKeysWithValues: (state?.allMembers ?? []).map { ($0.inbox, $0.role) })
            if actual != members {
                return difference("members", describe(members), describe(actual))
            }
        }
        if let states = expect.states {
            for inbox in states.keys.sorted() {
                let wanted = states[inbox] ?? nil
                let actual = state?.member(inbox)?.state.name
                if wanted != actual {
                    return difference("states.\(inbox)", wanted ?? "null", actual ?? "null")
                }
            }
        }
        let former = state?.formerMembers ?? []
        for (key, wanted, reason) in [("former", expect.former, Departure.Reason?.none), ("left", expect.left, .left), ("removed", expect.removed, .removed)] {
            guard let wanted else { continue }
            let actual = Set(former.filter { record in
                guard let reason else { return true }
                if case let .former(departure) = record.state { return departure.reason == reason }
                return false
            }.map(\.inbox))
            if actual != wanted { return difference(key, describe(wanted), describe(actual)) }
        }
        if let wanted = expect.policySet, let mismatch = comparePolicySet(wanted) { return mismatch }
        for (field, wanted) in [(MetadataField.name, expect.name), (.description, expect.description), (.imageURL, expect.imageURL), (.appData, expect.appData)] {
            guard let wanted else { continue }
            let actual = state?.metadata[field]
            if actual != wanted { return difference(field.rawValue, wanted.quoted, actual?.quoted ?? "no group") }
        }
        if let wanted = expect.disappearingMessages {
            let actual = state?.metadata.disappearingMessages
            if state == nil || actual != wanted { return difference("disappearingMessages", describe(wanted), state == nil ? "no group" : describe(actual)) }
        }
        if let wanted = expect.fields {
            for name in wanted.keys.sorted() {
                let expected = wanted[name] ?? .null
                guard let reading = state?.metadataValue(.name(name)) else {
                    return difference("fields.\(name)", JSONWriter.write(expected), "no such field registered")
                }
                let actual = FieldReadingJSON.encode(reading)
                if !FieldReadingJSON.same(expected, actual) {
                    return difference("fields.\(name)", JSONWriter.write(expected), JSONWriter.write(actual))
                }
            }
        }
        if let wanted = expect.banned {
            let actual = state?.bans ?? []
            if actual != wanted { return difference("banned", describe(wanted), describe(actual)) }
        }
        if let wanted = expect.deleted {
            let actual = state?.isDeleted ?? false
            if actual != wanted { return difference("deleted", String(wanted), String(actual)) }
        }
        if let wanted = expect.canSend {
            let time = state?.lastAppliedTime ?? 0
            for inbox in wanted.keys.sorted() {
                let actual = state?.canSend(inbox, at: time) ?? false
                if actual != wanted[inbox] { return difference("canSend.\(inbox)", String(!actual), String(actual)) }
            }
        }
        if let wanted = expect.events {
            // Lists are compared as sets (SPEC section 13): a commit muting two inboxes matches
            // ["memberMuted"].
            let actual = events.map(\.name)
            if Set(actual) != Set(wanted) {
                return difference("events", "[" + wanted.joined(separator: ", ") + "]", "[" + actual.joined(separator: ", ") + "]")
            }
        }
        if let wanted = expect.creator {
            let actual = state?.creator
            if actual != wanted { return difference("creator", wanted?.rawValue ?? "null", actual?.rawValue ?? "null") }
        }
        if let wanted = expect.addedBy {
            for inbox in wanted.keys.sorted() {
                let expected = wanted[inbox] ?? nil
                let actual = state?.member(inbox)?.addedBy
                if actual != expected {
                    return difference("addedBy.\(inbox)", expected?.rawValue ?? "null", actual?.rawValue ?? "null")
                }
            }
        }
        if let wanted = expect.requireSignatures {
            guard let state else { return difference("requireSignatures", String(wanted), "no group") }
            if state.requiresSignatures != wanted { return difference("requireSignatures", String(wanted), String(state.requiresSignatures)) }
        }
        if let wanted = expect.memberKeys {
            for inbox in wanted.keys.sorted() {
                let expected = wanted[inbox] ?? []
                let actual = state?.signingKeys(of: inbox) ?? []
                if actual != expected {
                    return difference("memberKeys.\(inbox)", describe(expected), describe(actual))
                }
            }
        }
        if let wanted = expect.stateHash {
            let actual = state.map { StateCodec.hash($0).hex } ?? "no group"
            if actual != wanted.hex { return difference("stateHash", wanted.hex, actual) }
        }
        return nil
    }

    private func comparePolicySet(_ wanted: ExpectedPolicySet) -> FixtureDifference? {
        guard let state else { return difference("policySet", "a policy set", "no group") }
        guard state.kind == .group else { return difference("policySet", "a policy set", "none: a DM has no policy set") }
        let policies = state.policies
        switch wanted {
        case let .kind(kind):
            return policies.kind == kind ? nil : difference("policySet", kind.rawValue, policies.kind.rawValue)
        case let .slots(slots):
            let actual = Dictionary(uniqueKeysWithValues: policies.slots.map { ($0.slot, $0.policy) })
            if actual == slots { return nil }
            let describeSlots = { (slots: [PolicySlot: Policy]) in
                PolicySlot.allCases.compactMap { slot in slots[slot].map { "\(slot)=\($0)" } }.joined(separator: ", ")
            }
            return difference("policySet", "{\(describeSlots(slots))}", "{\(describeSlots(actual))}")
        }
    }

    private func difference(_ key: String, _ expected: String, _ actual: String) -> FixtureDifference {
        FixtureDifference(place: "expect.\(key)", expected: expected, actual: actual)
    }

    private func describe(_ roles: [InboxID: Role]) -> String {
        "{" + roles.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.name)" }.joined(separator: ", ") + "}"
    }

    private func describe(_ inboxes: Set<InboxID>) -> String {
        "[" + inboxes.sorted().map(\.rawValue).joined(separator: ", ") + "]"
    }

    private func describe(_ keys: [PublicKey]) -> String {
        "[" + keys.map(\.base64).joined(separator: ", ") + "]"
    }

    private func describe(_ setting: DisappearingMessages?) -> String {
        setting.map { "{fromNs: \($0.fromNs), inNs: \($0.inNs)}" } ?? "off"
    }
}
