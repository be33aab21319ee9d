import GroupCodec
import GroupCore

/// Writes fixtures (SPEC section 13): what `grouplog export` produces from a stored log, so that
/// `grouplog fixture run` on the file checks the log's outcomes and final state.
public enum FixtureWriter {
    /// The fixture of a log, or of a window of one.
    /// - Parameters:
    ///   - start: for a window that begins after commit 0, the state before its first commit.
    ///   - commits: the log, in sequence order.
    ///   - outcomes: each commit's outcome, written as its `expect`.
    ///   - state: the final state, written as the top-level `expect`; nil when the group never existed.
    ///   - identities: the directory entries of the inboxes the log names.
    public static func fixture(
        name: String, start: FixtureStart? = nil, commits: [Commit], outcomes: [CommitOutcome], state: GroupState?,
        identities: [IdentityClaims]
    ) -> JSONValue {
        var top = JSONObject(["name": .string(name)])
        let configuration = configuration(recordedIn: commits)
        if !configuration.components.isEmpty { top["config"] = ConfigurationWriter.json(configuration) }
        if !identities.isEmpty {
            top["identities"] = .array(identities.map { entry in
                .object(JSONObject([
                    "inbox": .string(entry.inbox.rawValue),
                    "handles": .array(entry.claims.filter { $0.kind == .handle }.map { .string($0.value) }),
                    "accounts": .array(entry.claims.filter { $0.kind == .account }.map { .string($0.value) }),
                ]))
            })
        }
        if let start { top["start"] = json(start) }
        top["commits"] = .array(zip(commits, outcomes).map { commit, outcome in
            .object(JSONObject([
                "actor": .string(commit.actor.rawValue),
                "time": .uint(commit.time),
                "changes": .array(commit.changes.map(ChangeJSON.encode)),
                "expect": expectation(outcome),
            ]))
        })
        if let state { top["expect"] = expectations(of: state) }
        return .object(top)
    }

    /// The configuration that makes a fixture's commits register the fields the log's commits
    /// recorded: those of `create` registered at creation, those of `registerFields` only on
    /// request.
    static func configuration(recordedIn commits: [Commit]) -> OperatorConfiguration {
        var configuration = OperatorConfiguration()
        var seen = Set<ComponentID>()
        for commit in commits {
            for change in commit.changes {
                switch change {
                case let .create(request) where commit.sequence == 0:
                    for descriptor in request.fields where seen.insert(descriptor.id).inserted {
                        configuration.components.append(.init(descriptor: descriptor, inGroups: request.kind == .group, inDMs: request.kind == .dm))
                    }
                case let .registerFields(registrations):
                    for case let .descriptor(descriptor) in registrations where !WellKnownFields.isWellKnown(descriptor.id) && seen.insert(descriptor.id).inserted {
                        configuration.components.append(.init(descriptor: descriptor, inGroups: false, inDMs: false))
                    }
                default:
                    break
                }
            }
        }
        return configuration
    }

    /// The top-level `start`: the sequence, and the state's canonical encoding with its hash.
    public static func json(_ start: FixtureStart) -> JSONValue {
        guard let state = start.state else {
            return .object(JSONObject(["sequence": .uint(start.sequence), "stateHash": .null, "state": .null]))
        }
        let bytes = StateCodec.encode(state)
        return .object(JSONObject([
            "sequence": .uint(start.sequence),
            "stateHash": .string(SHA256.hash(bytes).hex),
            "state": .string(Base64.encode(bytes)),
        ]))
    }

    private static func expectation(_ outcome: CommitOutcome) -> JSONValue {
        switch outcome {
        case .applied: .string("applied")
        case let .rejected(rejection): .object(JSONObject(["rejected": .string(rejection.reason.code)]))
        }
    }

    /// The top-level `expect` that pins `state`, with every key this version checks.
    public static func expectations(of state: GroupState) -> JSONValue {
        var expect = JSONObject()
        var members = JSONObject()
        var states = JSONObject()
        for record in state.allMembers {
            members[record.inbox.rawValue] = .string(record.role.name)
            states[record.inbox.rawValue] = .string(record.state.name)
        }
        let former = state.formerMembers
        for record in former { states[record.inbox.rawValue] = .string("former") }
        expect["members"] = .object(members)
        expect["states"] = .object(states)
        expect["creator"] = .string(state.creator.rawValue)
        var adders = JSONObject()
        for record in state.allMembers + former { adders[record.inbox.rawValue] = record.addedBy.map { .string($0.rawValue) } ?? .null }
        expect["addedBy"] = .object(adders)
        func departed(_ reason: Departure.Reason?) -> JSONValue {
            .array(former.filter { record in
                guard let reason else { return true }
                if case let .former(departure) = record.state { return departure.reason == reason }
                return false
            }.map { .string($0.inbox.rawValue) })
        }
        expect["former"] = departed(nil)
        expect["left"] = departed(.left)
        expect["removed"] = departed(.removed)
        if state.kind == .group {
            var slots = JSONObject()
            for (slot, policy) in state.policies.slots { slots[slot.rawValue] = PolicyJSON.encode(policy) }
            expect["policySet"] = .object(slots)
        }
        let metadata = state.metadata
        expect["name"] = .string(metadata.name)
        expect["description"] = .string(metadata.description)
        expect["imageURL"] = .string(metadata.imageURL)
        expect["appData"] = .string(metadata.appData)
        expect["disappearingMessages"] = metadata.disappearingMessages.map {
            .object(JSONObject(["fromNs": .int($0.fromNs), "inNs": .int($0.inNs)]))
        } ?? .null
        var fields = JSONObject()
        for descriptor in state.metadataFields() {
            guard let name = descriptor.name, let reading = state.metadataValue(.id(descriptor.id)) else { continue }
            fields[name] = FieldReadingJSON.encode(reading)
        }
        expect["fields"] = .object(fields)
        expect["banned"] = .array(state.bans.sorted().map { .string($0.rawValue) })
        expect["deleted"] = .bool(state.isDeleted)
        return .object(expect)
    }
}
