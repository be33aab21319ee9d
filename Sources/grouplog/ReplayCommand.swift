import Foundation
import GroupCodec
import GroupCore
import GroupStore

/// `grouplog replay FIXTURE|GROUP [--at SEQ] [--json]`: a path to an existing file is a fixture,
/// anything else a group of the store.
enum ReplayCommand {
    static func run(_ words: [String], store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["--at"], flags: ["--json"])
        guard arguments.positionals.count == 1, let target = arguments.positionals.first else {
            throw UsageError("replay takes exactly one fixture file or group")
        }
        let json = arguments.flag("--json")
        var outcomes: [JSONValue] = []
        func report(_ commit: Commit, _ outcome: CommitOutcome) {
            if json { outcomes.append(ReplayReport.json(commit, outcome)) } else { streams.out(ReplayReport.line(commit, outcome)) }
        }
        let at = try arguments.number("--at")
        let (state, last, directory): (GroupState?, UInt64, IdentityDirectory)
        if FileManager.default.fileExists(atPath: target) {
            (state, last, directory) = try replayFixture(target, at: at, report)
        } else {
            let opened = try store.open()
            let replayed = try opened.replay(try CommandValues.group(target), through: at, report)
            (state, last) = (replayed.state, replayed.sequence)
            directory = try opened.directory(for: state?.records.map(\.inbox) ?? [])
        }
        if json {
            streams.out(JSONWriter.write(.object(JSONObject([
                "commits": .array(outcomes), "state": StateOutput.json(state, after: last, directory: directory),
            ])), pretty: true))
        } else {
            streams.out("")
            StateOutput.print(state, after: last, directory: directory, json: false, streams: &streams)
        }
        return .success
    }

    private static func replayFixture(
        _ file: String, at: UInt64?, _ report: (Commit, CommitOutcome) -> Void
    ) throws -> (GroupState?, UInt64, IdentityDirectory) {
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
        if let at {
            guard at <= last else { throw InputError("--at \(at) is past the log's last commit, \(last)") }
            last = at
        }
        var replica = Replica(defaultMemberLimit: fixture.config.memberLimit)
        for commit in commits[0...Int(last)] { report(commit, replica.fold(commit)) }
        return (replica.state, last, directory)
    }
}
