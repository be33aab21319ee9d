import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore

/// `grouplog log GROUP [--from SEQ] [--limit N] [--json]`
enum LogCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--from", "--limit"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("log takes exactly one group") }
        let group = try CommandValues.group(arguments.positionals[0])
        let limit = try arguments.number("--limit").map { Int(clamping: $0) } ?? .max
        let logged = try store.open().commits(of: group, from: try arguments.number("--from") ?? 0, limit: limit)
        if arguments.flag("--json") {
            streams.out(JSONWriter.write(.array(logged.map { ReplayReport.json($0.commit, $0.outcome, events: $0.events) }), pretty: true))
        } else {
            for entry in logged { streams.out(ReplayReport.line(entry.commit, entry.outcome, events: entry.events)) }
        }
        return .success
    }
}

/// `grouplog state GROUP [--at SEQ] [--json]`
enum StateCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at"], flags: ["--json"])
        guard arguments.positionals.count == 1 else { throw UsageError("state takes exactly one group") }
        let group = try CommandValues.group(arguments.positionals[0])
        let opened = try store.open()
        let stored = try opened.state(of: group, at: try arguments.number("--at"))
        let directory = try opened.directory(for: stored.state?.records.map(\.inbox) ?? [])
        StateOutput.print(stored.state, after: stored.sequence, directory: directory, json: arguments.flag("--json"), streams: &streams)
        return .success
    }
}

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
