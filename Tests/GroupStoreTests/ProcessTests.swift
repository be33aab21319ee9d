import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

#if canImport(Glibc)
import Glibc
#endif

/// The store shared by processes, through the real `grouplog` binary: readers in two processes
/// agree, two writers racing for one sequence get one success and one `sequenceConflict`, and a
/// writer killed with SIGKILL loses nothing it acknowledged and leaves no half commit
/// (SPEC section 12).
struct ProcessTests {
    @Test func twoProcessesReadOneStateHash() throws {
        guard let binary = GrouplogBinary.path else {
            Issue.record(Comment(rawValue: GrouplogBinary.missing))
            return
        }
        let group = GroupID.named("shared")
        let log = randomChainedLog(seed: 42, count: 100, group: group)
        let folded = Folded(log)
        let atSixty = try #require(folded.states[60], "the random log has no group at commit 60; pick another seed")
        try withScratchDirectory { root throws in
            let path = root + "/store"
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 7))
            try store.ingest(log)
            // Two readers of commit 60 run while this process keeps writing to the store.
            let busy = GroupID.named("busy")
            try store.submit(to: busy, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            let readers = try (0..<2).map { _ in try Child(binary, ["--store", path, "state", "shared", "--at", "60", "--json"]) }
            var written: UInt64 = 0
            while readers.contains(where: \.isRunning) || written < 3 {
                written += 1
                let renamed = try store.submit(to: busy, actor: .alix, time: 1 + written, changes: [.updateName("n\(written)")])
                #expect(renamed.commit.sequence == written)
            }
            for reader in readers {
                let result = reader.finish()
                #expect(result.status == 0, "grouplog state failed: \(result.stderr)")
                #expect(Self.stateHash(result.stdout) == StateCodec.hash(atSixty).hex, "\(result.stdout.prefix(300))")
            }
            // Two readers of the head, once the writes are done.
            let head = try #require(try store.state(of: group).state)
            let results = try (0..<2).map { _ in try Child(binary, ["--store", path, "state", "shared", "--json"]) }.map { $0.finish() }
            let hashes = results.map { Self.stateHash($0.stdout) }
            #expect(hashes[0] != nil && hashes[0] == hashes[1], "\(results.map(\.stderr))")
            #expect(hashes[0] == StateCodec.hash(head).hex)
        }
    }

    @Test func twoWritersForOneSequenceGetOneSuccessAndOneConflict() throws {
        try withGroupOfAlixAndBo(named: "race") { binary, path, store throws in
            for round in 1...4 {
                let sequence = UInt64(round)
                let writers = try ["a", "b"].map { name in
                    try Child(binary, [
                        "--store", path, "submit", "race", "--actor", "alix", "--time", "\(round * 10)",
                        "--expect-sequence", "\(sequence)", "--changes", #"[{"op": "updateName", "name": "\#(name)\#(round)"}]"#,
                    ])
                }.map { $0.finish() }
                let statuses = writers.map(\.status).sorted()
                #expect(statuses == [0, 3], "round \(round): exit codes \(writers.map(\.status)), stderr \(writers.map(\.stderr))")
                guard let winner = writers.firstIndex(where: { $0.status == 0 }), let loser = writers.firstIndex(where: { $0.status == 3 }) else { continue }
                #expect(writers[winner].stdout == "\(sequence)\n")
                #expect(writers[loser].stderr.contains("sequenceConflict"), "\(writers[loser].stderr)")
                #expect(try store.headSequence(of: .named("race")) == sequence)
                #expect(try store.state(of: .named("race")).state?.metadata.name == "\(winner == 0 ? "a" : "b")\(round)")
            }
            #expect(try store.verify() == [])
        }
    }

    /// A commit by another process cannot wake this process's waiters; it is seen when a wait
    /// times out and reads the head again. The waits here time out after 10 ms and loop until
    /// they see it (the time limit bounds the loop). StreamTests does the same for the async wait.
    @Test(.timeLimit(.minutes(1))) func aWaitSeesACommitOfAnotherProcess() throws {
        try withGroupOfAlixAndBo(named: "watched") { binary, path, store throws in
            for round: UInt64 in 1...2 {
                let writer = try Child(binary, [
                    "--store", path, "submit", "watched", "--actor", "alix", "--time", "\(round * 10)",
                    "--changes", #"[{"op": "updateName", "name": "n\#(round)"}]"#,
                ])
                var head = round - 1
                while head < round {
                    head = try store.blockUntilCommits(in: .named("watched"), after: round - 1, timeout: .milliseconds(10))
                }
                let result = writer.finish()
                #expect(result.status == 0, "grouplog submit failed: \(result.stderr)")
                #expect(head == round)
            }
        }
    }

    /// A `sh` loop runs `grouplog submit` again and again, printing each acknowledged sequence;
    /// its whole process group is killed with SIGKILL after a seeded random delay, 24 times.
    /// After each kill: every acknowledged commit is there, at most the one commit in flight
    /// follows them, nothing is half written, and the next submit works.
    @Test func writerKilledWithSIGKILLLosesNothingAcknowledged() throws {
        guard let binary = GrouplogBinary.path else {
            Issue.record(Comment(rawValue: GrouplogBinary.missing))
            return
        }
        let group = GroupID.named("killed")
        var random = SeededGenerator(seed: 1_909)
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating())
                try store.submit(to: group, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            }
            var head: UInt64 = 0
            var acknowledgedInAll = 0
            var inFlight = 0
            for round in 0..<24 {
                let base = UInt64(1_000_000 * (round + 1))
                let prefix = "r\(round)"
                let loop = try SubmitLoop(binary: binary, store: path, group: group.rawValue, startTime: base, prefix: prefix, errors: root + "/loop-\(round).err")
                usleep(UInt32(random.int(20...300)) * 1_000)
                let outcome = loop.kill()
                if let status = outcome.exitStatus {
                    let stderr = (try? String(contentsOfFile: root + "/loop-\(round).err", encoding: .utf8)) ?? ""
                    Issue.record("round \(round): the submit loop stopped by itself (exit \(status)) before it was killed: \(stderr)")
                }
                #expect(outcome.stragglers.isEmpty, "round \(round): processes of the killed group still ran: \(outcome.stragglers)")

                let acknowledged = outcome.output.split(separator: "\n").map { UInt64($0) }
                #expect(!acknowledged.contains(nil), "round \(round): unexpected output \(outcome.output.debugDescription)")
                acknowledgedInAll += acknowledged.count
                let store = try GroupStore(path: path)
                let newHead = try store.headSequence(of: group)
                for (index, sequence) in acknowledged.compactMap({ $0 }).enumerated() {
                    #expect(sequence == head + 1 + UInt64(index), "round \(round): acknowledged \(acknowledged)")
                }
                let unacknowledged = Int(newHead) - Int(head) - acknowledged.count
                if unacknowledged == 1 { inFlight += 1 }
                #expect(unacknowledged == 0 || unacknowledged == 1,
                        "round \(round): head \(newHead) after \(head) with \(acknowledged.count) acknowledged")
                if newHead > head {
                    // Every commit of the round, acknowledged or in flight, is whole and in order.
                    let written = try store.commits(of: group, from: head + 1)
                    for (index, logged) in written.enumerated() {
                        let number = index + 1
                        #expect(logged.outcome == .applied)
                        #expect(logged.commit.changes == [.updateName("\(prefix)-\(number)")], "round \(round) commit \(logged.commit.sequence)")
                        #expect(logged.commit.time == base + UInt64(number))
                    }
                }
                #expect(try store.verify() == [], "round \(round)")
                let state = try #require(try store.state(of: group).state)
                #expect(state.lastAppliedSequence == newHead)
                // The next submit works, right after the killed writer.
                let next = try store.submit(to: group, actor: .alix, time: base + 900_000, changes: [.updateName("after \(round)")], expectedSequence: newHead + 1)
                #expect(next.commit.sequence == newHead + 1)
                head = newHead + 1
            }
            // Informational: how much the loops got done in all.
            print("ProcessTests: \(acknowledgedInAll) commits acknowledged over 24 killed writers, \(inFlight) killed after writing but before acknowledging; head \(head)")
        }
    }

    // MARK: Helpers

    /// The `stateHash` of `grouplog state --json` output.
    private static func stateHash(_ output: String) -> String? {
        let object = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
        return object?["stateHash"] as? String
    }

    /// Runs `body` with the `grouplog` binary and a fresh store holding alix's group of bo named
    /// `group`; records an issue and skips `body` when the binary is not built.
    private func withGroupOfAlixAndBo(
        named group: String, _ body: (_ binary: String, _ path: String, _ store: GroupStore) throws -> Void
    ) throws {
        guard let binary = GrouplogBinary.path else {
            Issue.record(Comment(rawValue: GrouplogBinary.missing))
            return
        }
        try withScratchDirectory { root throws in
            let path = root + "/store"
            let store = try GroupStore(path: path, options: creating())
            try store.submit(to: .named(group), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try body(binary, path, store)
        }
    }
}

/// The `grouplog` binary SwiftPM builds next to the test bundle (the grouplogTests target makes
/// it part of every `swift build --build-tests`).
enum GrouplogBinary {
    static let places: [URL] = {
        let here = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return here + here.map { $0.deletingLastPathComponent() }
    }()

    static let path: String? = {
        for folder in places {
            let candidate = folder.appendingPathComponent("grouplog").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }()

    static var missing: String {
        "the grouplog binary was not found next to the test bundle (looked in \(places.map(\.path))); "
            + "build it with `swift build --build-tests`, which builds it for the grouplogTests target"
    }
}
