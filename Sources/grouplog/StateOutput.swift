import GroupCodec
import GroupCore
import GroupFixtures

/// Printing a state after a commit, as `state` and `replay` do.
enum StateOutput {
    static func print(_ state: GroupState?, after sequence: UInt64, directory: IdentityDirectory, json: Bool, streams: inout some Streams) {
        if json {
            streams.out(JSONWriter.write(StateOutput.json(state, after: sequence, directory: directory), pretty: true))
        } else if let state {
            for line in StateText.lines(state, after: sequence, directory: directory) { streams.out(line) }
        } else {
            streams.out("no group: commit 0 was not applied")
        }
    }

    /// The state's JSON with the commit it is after and its state hash in front.
    static func json(_ state: GroupState?, after sequence: UInt64, directory: IdentityDirectory) -> JSONValue {
        guard let state else { return .null }
        var object = JSONObject(["sequence": .uint(sequence), "stateHash": .string(StateCodec.hash(state).hex)])
        if case let .object(fields) = StateJSON.encode(state, directory: directory) {
            for member in fields.members where member.key != "sequence" { object[member.key] = member.value }
        }
        return .object(object)
    }
}
