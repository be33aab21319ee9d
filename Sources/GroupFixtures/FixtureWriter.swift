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
        // Signatures cover the group ID: a log that holds any names its group, so that its
        // fixture replays the commits they signed under whatever file name it is given.
        if let signed = commits.first(where: { $0.signature != nil }) { top["group"] = .string(signed.groupID.rawValue) }
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
            var entry = JSONObject([
                "actor": .string(commit.actor.rawValue),
                "time": .uint(commit.time),
                "changes": .array(commit.changes.map(ChangeJSON.encode)),
                "expect": expectation(outcome),
            ])
            // A fixture holds no private key of a stored log: it carries each signature as the
            // log recorded it, for the runner to verify and replay (SPEC section 14).
            if let signature = commit.signature { entry["signature"] = json(signature) }
            return .object(entry)
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

    /// The top-level `start`: the sequence, and the state's canonical encoding with its hash;
    /// the previous commit's hash when known.
    public static func json(_ start: FixtureStart) -> JSONValue {
        var object: JSONObject
        if let state = start.state {
            let bytes = StateCodec.encode(state)
            object = JSONObject([
                "sequence": .uint(start.sequence),
                "stateHash": .string(SHA256.hash(bytes).hex),
                "state": .string(Base64.encode(bytes)),
            ])
        } else {
            object = JSONObject(["sequence": .uint(start.sequence), "stateHash": .null, "state": .null])
        }
        if let previous = start.previousHash { object["previousHash"] = .string(previous.hex) }
        return .object(object)
    }

    /// A commit's `signature`: `{"key": BASE64, "bytes": BASE64}`.
    public static func json(_ signature: CommitSignature) -> JSONValue {
        .object(JSONObject(["key": .string(signature.publicKey.base64), "bytes": .string(Base64.encode(signature.bytes))]))
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
        // Built as member lists, not key by key: setting a key searches the object for it, which
        // for a group of a million members is a trillion comparisons. An inbox is either a
        // member or a former member, so the keys are unique.
        let current = state.allMembers, former = state.formerMembers
        let members = current.map { JSONObject.Member(key: $0.inbox.rawValue, value: .string($0.role.name)) }
        let states = current.map { JSONObject.Member(key: $0.inbox.rawValue, value: .string($0.state.name)) }
            + former.map { JSONObject.Member(key: $0.inbox.rawValue, value: .string("former")) }
        expect["members"] = .object(JSONObject(members))
        expect["states"] = .object(JSONObject(states))
        expect["creator"] = .string(state.creator.rawValue)
        let adders = JSONObject((current + former).map { record in
            JSONObject.Member(key: record.inbox.rawValue, value: record.addedBy.map { .string($0.rawValue) } ?? .null)
        })
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
        // Signed commits (SPEC section 14): written only for a state that has them, so that the
        // fixtures of logs made before stay as they were.
        if state.requiresSignatures { expect["requireSignatures"] = .bool(true) }
        if state.recordsSigningKeys {
            let keys = JSONObject(state.records.filter { !$0.keys.isEmpty }.map { record in
                JSONObject.Member(key: record.inbox.rawValue, value: ChangeJSON.publicKeys(record.keys))
            })
            expect["memberKeys"] = .object(keys)
        }
        return .object(expect)
    }
}
