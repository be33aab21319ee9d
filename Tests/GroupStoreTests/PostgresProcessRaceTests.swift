import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Synchronization
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// Many writers in many processes on one PostgreSQL store lose nothing and duplicate nothing:
/// 4 child processes, each running 4 submitters at once (the real `grouplog submit`, in loops),
/// and this process with 4 threads sharing one store object (group commit), all write to one
/// group, or each to a group of its own. Afterwards every log is gapless, holds each submit
/// once, every acknowledged submit at the sequence it printed, `verify` finds nothing, and two
/// store objects ("nodes"), a `grouplog state` process and a replay of the log agree on the
/// state hash. Writers racing with `--expect-sequence` get one success per sequence.
@Suite(.enabled(if: TestBackend.postgresURL != nil, "no PostgreSQL server for this run: start one with scripts/postgres.sh"))
struct PostgresProcessRaceTests {
    static let processes = 4
    static let submitters = 4
    static let submitsEach = 6

    /// What one submitter does, run by `sh` in each child process, `$4` of them at once.
    /// Arguments: binary, URL, process number, submitters, submits each, `one` or `own`, a
    /// directory for the results. Each submit names itself by the name it sets (the create of an
    /// own group too): an acknowledged one appends "group label sequence" to its submitter's
    /// `acks` file, a failed one "group label exit STATUS" to its `failures` file. Every commit
    /// has the same time, which the reducer allows in any order (a later one it would refuse
    /// after an earlier one that won the race).
    static let script = #"""
    t=0
    while [ $t -lt $4 ]; do
      t=$((t+1))
      (
        i=0
        while [ $i -lt $5 ]; do
          i=$((i+1))
          label="p$3-t$t-$i"
          changes="[{\"op\": \"updateName\", \"name\": \"$label\"}]"
          group=shared
          if [ "$6" = own ]; then
            group="own-$3-$t"
            [ $i -eq 1 ] && changes="[{\"op\": \"create\", \"members\": [\"bo\"], \"name\": \"$label\"}]"
          fi
          if sequence=$("$1" --store "$2" submit "$group" --actor alix --time 5000 --changes "$changes" 2>>"$7/errors-$3-$t"); then
            echo "$group $label $sequence" >>"$7/acks-$3-$t"
          else
            echo "$group $label exit $?" >>"$7/failures-$3-$t"
          fi
        done
      ) &
    done
    wait
    """#

    /// One acknowledged submit: the name it set, which names it, and the sequence it was given.
    private struct Acknowledged: Hashable {
        let group: GroupID
        let label: String
        let sequence: UInt64
    }

    @Test(.timeLimit(.minutes(5))) func submittersInFourProcessesToOneGroupLoseAndDuplicateNothing() async throws {
        try await race(ownGroups: false)
    }

    @Test(.timeLimit(.minutes(5))) func submittersInFourProcessesEachToItsOwnGroupLoseAndDuplicateNothing() async throws {
        try await race(ownGroups: true)
    }

    private func race(ownGroups: Bool) async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        do {
            let url = TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root)
            let writer = try PostgresStore(url: url, options: StoreOptions(create: true))
            let shared = GroupID.named("shared")
            if !ownGroups {
                try writer.submit(to: shared, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            try await inScratchDirectory { results in
                let children = try (1...Self.processes).map { number in
                    try Child("/bin/sh", ["-c", Self.script, "sh", binary, url, "\(number)", "\(Self.submitters)",
                                          "\(Self.submitsEach)", ownGroups ? "own" : "one", results])
                }
                // Meanwhile this process is a fifth node: its threads share one store object.
                let here = Mutex<[Acknowledged]>([])
                let failures = Mutex<[String]>([])
                await Self.onThreads(Self.submitters) { thread in
                    let group = ownGroups ? GroupID.named("own-here-\(thread)") : shared
                    for index in 1...Self.submitsEach {
                        let label = "here-t\(thread)-\(index)"
                        let change: Change = ownGroups && index == 1
                            ? .create(CreateConversation(members: [.bo], name: label)) : .updateName(label)
                        do {
                            let submitted = try writer.submit(to: group, actor: .alix, time: 5_000, changes: [change])
                            here.withLockVisibleToTSan { $0.append(Acknowledged(group: group, label: label, sequence: submitted.commit.sequence)) }
                        } catch {
                            failures.withLockVisibleToTSan { $0.append("\(group) \(label): \(error)") }
                        }
                    }
                }
                for (number, child) in children.enumerated() {
                    let ended = await child.finished()
                    #expect(ended.status == 0, "child \(number + 1): \(ended.stderr)")
                }
                #expect(failures.withLockVisibleToTSan { $0 } == [], "this process's submits failed")

                let files = try FileManager.default.contentsOfDirectory(atPath: results).sorted()
                for file in files where !file.hasPrefix("acks-") {
                    let text = try String(contentsOfFile: results + "/" + file, encoding: .utf8)
                    #expect(text.isEmpty, "\(file): \(text)")
                }
                var acknowledged = here.withLockVisibleToTSan { $0 }
                for file in files where file.hasPrefix("acks-") {
                    for line in try String(contentsOfFile: results + "/" + file, encoding: .utf8).split(separator: "\n") {
                        let words = line.split(separator: " ")
                        guard words.count == 3, let group = try? GroupID(String(words[0])), let sequence = UInt64(words[2]) else {
                            Issue.record("\(file): not an acknowledgement: \(line)")
                            continue
                        }
                        acknowledged.append(Acknowledged(group: group, label: String(words[1]), sequence: sequence))
                    }
                }
                let everySubmit = (Self.processes + 1) * Self.submitters * Self.submitsEach
                #expect(acknowledged.count == everySubmit, "\(acknowledged.count) of \(everySubmit) submits acknowledged")

                // A node that has seen none of it: the second store object.
                let node = try PostgresStore(url: url)
                let groups = Set(acknowledged.map(\.group)).union(ownGroups ? [] : [shared])
                #expect(Set(try node.groups().map(\.group)) == groups)
                for group in groups.sorted() {
                    let log = try node.commits(of: group)
                    #expect(log.map(\.commit.sequence) == Array(0..<UInt64(log.count)), "\(group): the sequences have a gap")
                    let ours = acknowledged.filter { $0.group == group }
                    // Nothing missing and nothing twice: the log is the create (when made before the
                    // race) and one commit per acknowledged submit, each label once.
                    #expect(log.count == ours.count + (ownGroups ? 0 : 1), "\(group): \(log.count) commits for \(ours.count) submits")
                    let labels = log.compactMap { Self.label(of: $0.commit) }
                    #expect(labels.count == log.count, "\(group): a commit the race did not make")
                    #expect(Set(labels).count == labels.count, "\(group): a commit is there twice")
                    #expect(log.allSatisfy { $0.outcome == .applied })
                    for submit in ours {
                        guard submit.sequence < log.count else {
                            Issue.record("\(group): acknowledged at \(submit.sequence), past the head \(log.count - 1)")
                            continue
                        }
                        let found = Self.label(of: log[Int(submit.sequence)].commit)
                        #expect(found == submit.label, "\(group) \(submit.sequence): holds \(found ?? "?"), acknowledged to \(submit.label)")
                    }
                    // Equal state hashes on every node, and equal to a replay of the log.
                    var replica = Replica()
                    for entry in log { _ = replica.fold(entry.commit) }
                    let replayed = StateCodec.hash(try #require(replica.state)).hex
                    let onWriter = try #require(try writer.state(of: group).state)
                    let onNode = try #require(try node.state(of: group).state)
                    #expect(StateCodec.hash(onWriter).hex == replayed, "\(group): the writer's state differs from a replay")
                    #expect(StateCodec.hash(onNode).hex == replayed, "\(group): the second node's state differs from a replay")
                }
                #expect(try node.verify() == [])
                let verified = try await Child(binary, ["--store", url, "verify"]).finished()
                #expect(verified.status == 0 && verified.stdout == "verify: no problems\n", "\(verified)")
                let someGroup = try #require(groups.sorted().first)
                let state = try await Child(binary, ["--store", url, "state", someGroup.rawValue, "--json"]).finished()
                let onNode = try #require(try node.state(of: someGroup).state)
                #expect(Self.stateHash(state.stdout) == StateCodec.hash(onNode).hex, "\(state)")
            }
        }
    }

    /// 16 `grouplog submit --expect-sequence N` processes (4 children of 4) race for each of
    /// three sequences: one gets it (exit 0, printing N) and the others `sequenceConflict` (exit 3),
    /// with nothing written for them.
    @Test(.timeLimit(.minutes(5))) func submittersInFourProcessesRacingForOneSequenceGetOneSuccess() async throws {
        let binary = try #require(GrouplogBinary.path, Comment(rawValue: GrouplogBinary.missing))
        let script = #"""
        t=0
        while [ $t -lt 4 ]; do
          t=$((t+1))
          (
            "$1" --store "$2" submit race --actor alix --time $((1000 * $4 + 10 * $3 + t)) --expect-sequence $4 \
              --changes "[{\"op\": \"updateName\", \"name\": \"p$3-t$t\"}]" >"$5/out-$3-$t" 2>"$5/err-$3-$t"
            echo $? >"$5/status-$3-$t"
          ) &
        done
        wait
        """#
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        do {
            let url = TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root)
            let store = try PostgresStore(url: url, options: StoreOptions(create: true))
            try store.submit(to: .named("race"), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            for sequence: UInt64 in 1...3 {
                try await inScratchDirectory { results in
                    let children = try (1...4).map { number in
                        try Child("/bin/sh", ["-c", script, "sh", binary, url, "\(number)", "\(sequence)", results])
                    }
                    for child in children { #expect(await child.finished().status == 0) }
                    var winners: [String] = []
                    for number in 1...4 {
                        for thread in 1...4 {
                            let name = "\(number)-\(thread)"
                            let status = try String(contentsOfFile: results + "/status-" + name, encoding: .utf8)
                            let output = try String(contentsOfFile: results + "/out-" + name, encoding: .utf8)
                            let errors = try String(contentsOfFile: results + "/err-" + name, encoding: .utf8)
                            if status == "0\n" {
                                winners.append("p\(number)-t\(thread)")
                                #expect(output == "\(sequence)\n")
                            } else {
                                #expect(status == "3\n" && errors.contains("sequenceConflict"), "\(name): exit \(status) \(errors)")
                            }
                        }
                    }
                    #expect(winners.count == 1, "sequence \(sequence) won by \(winners)")
                    let log = try store.commits(of: .named("race"))
                    #expect(log.count == Int(sequence) + 1)
                    #expect(log.last.map { $0.commit.changes } == winners.first.map { [.updateName($0)] })
                }
            }
            #expect(try store.verify() == [])
        }
    }

    /// The name a commit of the race sets, which names the submit that made it; nil for any
    /// other commit. The create made before a race to one group is "before".
    private static func label(of commit: Commit) -> String? {
        switch commit.changes.first {
        case let .updateName(name)? where commit.changes.count == 1: name
        case let .create(create)? where commit.changes.count == 1: create.name.isEmpty ? "before" : create.name
        default: nil
        }
    }

    /// Runs `body` on `count` threads at once, and returns when all have returned.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        await OffPool.run {
            let done = DispatchGroup()
            for index in 0..<count {
                done.enter()
                Thread.detachNewThread {
                    body(index)
                    done.leave()
                }
            }
            done.wait()
        }
    }

    /// The `stateHash` of `grouplog state --json` output.
    private static func stateHash(_ output: String) -> String? {
        let object = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
        return object?["stateHash"] as? String
    }
}
