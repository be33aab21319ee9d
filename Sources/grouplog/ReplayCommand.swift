import GroupCodec
import GroupCore

/// `grouplog replay FIXTURE [--at SEQ] [--json]`
enum ReplayCommand {
    static func run(_ words: [String], streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at"], flags: ["--json"])
        guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
            throw UsageError("replay takes exactly one fixture file")
        }
        let fixture: Fixture
        let directory: IdentityDirectory
        do {
            fixture = try FixtureFiles.load(file)
            directory = try fixture.directory()
        } catch {
            throw InputError(error.description)
        }
        let commits = FixtureRunner.commits(of: fixture, groupID: FixtureFiles.groupID(for: file), directory: directory)
        var last = UInt64(commits.count - 1)
        if let at = try arguments.number("--at") {
            guard at <= last else { throw InputError("--at \(at) is past the log's last commit, \(last)") }
            last = at
        }

        var replica = Replica(defaultMemberLimit: fixture.config.memberLimit)
        var outcomes: [JSONValue] = []
        for commit in commits[0...Int(last)] {
            let outcome = replica.fold(commit)
            if arguments.flag("--json") {
                outcomes.append(ReplayReport.json(commit, outcome))
            } else {
                streams.out(ReplayReport.line(commit, outcome))
            }
        }
        if arguments.flag("--json") {
            let state = replica.state.map { StateJSON.encode($0, directory: directory) } ?? .null
            streams.out(JSONWriter.write(.object(JSONObject(["commits": .array(outcomes), "state": state])), pretty: true))
        } else {
            streams.out("")
            if let state = replica.state {
                for line in StateText.lines(state, after: last, directory: directory) { streams.out(line) }
            } else {
                streams.out("no group: commit 0 was not applied")
            }
        }
        return .success
    }
}
