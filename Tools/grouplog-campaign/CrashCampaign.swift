import Foundation
import GroupCodec
import GroupCore
import GroupStore
import GroupTestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Part 3 of issue 17: grouplog-crash-writer submits from 16 tasks to 4 groups and is killed
/// with SIGKILL after a random 50 to 500 ms, `kills` times, on one store. After each kill every
/// acknowledged commit is in the log at its sequence, every commit in the log was sent by a
/// writer (acknowledged, or in flight at the kill), `grouplog verify` is clean, and each
/// group's `grouplog state --json` hash equals a fold of its log from commit 0 made here.
/// Throughout, `grouplog watch c0 --json` and a loop of `grouplog state c1 --json` read the
/// store: watch must print every commit once, in order, as the log holds it, and every state
/// the loop reads must be the fold's state at its sequence (never a torn one).
struct CrashCampaign {
    let grouplog: String
    let writer: String
    let kills: Int
    let seed: UInt64
    let groups = (0..<4).map { GroupID(unchecked: "c\($0)") }

    /// What a writer printed.
    struct Printed {
        var sent: [String: GroupID] = [:]
        var acknowledged: [String: (group: GroupID, sequence: UInt64)] = [:]
        var failures: [String] = []

        init(_ output: String) {
            for line in output.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "send" where words.count == 3: sent[words[2]] = GroupID(unchecked: words[1])
                case "ack" where words.count == 4:
                    if let sequence = UInt64(words[2]) { acknowledged[words[3]] = (GroupID(unchecked: words[1]), sequence) }
                    else { failures.append(String(line)) }
                case "ready": break
                case "fail": failures.append(String(line))
                default:
                    // A line cut by the kill can only be the last one, and write(2) of a short
                    // line is not cut: anything else is a finding.
                    failures.append("unexpected line: \(line)")
                }
            }
        }
    }

    /// Runs the campaign; prints findings as they come and the summary line last. True when
    /// nothing was wrong.
    func run() throws -> Bool {
        let root = try scratchDirectory("crash")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/store"
        var random = SeededGenerator(seed: seed)
        var findings: [String] = []
        func finding(_ text: String) {
            findings.append(text)
            if findings.count <= 50 { print("FINDING \(text)") }
        }

        // The groups, made by a first writer that runs until it says it is ready.
        let setup = try Child(writer, [path, "setup"], in: root)
        while !setup.output.contains("ready\n") {
            guard setup.isRunning else { throw CampaignError("the writer ended before it was ready: \(setup.finish().stderr)") }
            usleep(10_000)
        }
        let setupEnding = setup.kill()
        let setupPrinted = Printed(setupEnding.stdout)
        let store = try GroupStore(path: path)
        var replicas = [GroupID: Replica]()
        var heads = [GroupID: UInt64]()
        for group in groups {
            var replica = Replica()
            for entry in try store.commits(of: group) {
                _ = replica.fold(entry.commit)
                if case let .updateName(marker)? = entry.commit.changes.first, setupPrinted.sent[marker] == nil {
                    finding("setup: \(group) commit \(entry.commit.sequence) \(marker) was never sent")
                }
            }
            replicas[group] = replica
            heads[group] = try store.headSequence(of: group)
        }

        // The readers.
        let watched = groups[0]
        let watch = try Child(grouplog, ["--store", path, "watch", watched.rawValue, "--json", "--from", "0"], in: root)
        let stateReader = StateReader(grouplog: grouplog, store: path, group: groups[1], folder: root)
        let readerThread = Thread { stateReader.run() }
        readerThread.start()

        var acknowledged = 0
        var missing = 0
        var extra = 0
        var inFlightPresent = 0
        var inFlightAbsent = 0
        var verifyFailures = 0
        var hashMismatches = 0
        // Sent but neither acknowledged nor in the log at the last kill: may still show, first.
        var lateInFlight: [String: GroupID] = [:]
        var inFlightLate = 0
        for round in 1...kills {
            let writing = try Child(writer, [path, "k\(round)"], in: root)
            usleep(UInt32(random.int(50...500)) * 1_000)
            let ending = writing.kill()
            if ending.signal != SIGKILL {
                finding("round \(round): the writer ended by itself (\(ending)) before the kill: \(ending.stderr.suffix(500))")
            }
            let printed = Printed(ending.stdout)
            for failure in printed.failures { finding("round \(round): \(failure)") }
            acknowledged += printed.acknowledged.count

            // verify first: its process opens the store, and every open takes LMDB's write lock
            // once. A writer killed after it wrote its last transaction's meta page but before
            // it published the transaction's ID in lock.mdb died holding that lock; the next
            // holder publishes the ID (LMDB's EOWNERDEAD recovery). Until then, processes that
            // have the store open (this one, the readers) still see the transaction before.
            let verify = try Child.run(grouplog, ["--store", path, "verify"], in: root)
            if verify.status != 0 || verify.signal != nil || !verify.stdout.contains("verify: no problems") {
                verifyFailures += 1
                finding("round \(round): grouplog verify: \(verify): \(verify.stdout.prefix(500)) \(verify.stderr.prefix(500))")
            }

            // Every commit since the last round: sent in this round, to this group, once; or,
            // ahead of those, one in flight at the last kill (see above) that shows only now.
            var present: [String: (GroupID, UInt64)] = [:]
            for group in groups {
                let previous = heads[group]!
                let written = try store.headSequence(of: group) > previous ? try store.commits(of: group, from: previous + 1) : []
                var thisRound = false
                for entry in written {
                    if case let .updateName(marker)? = entry.commit.changes.first, entry.commit.changes.count == 1,
                       !thisRound, lateInFlight.removeValue(forKey: marker) == group {
                        _ = replicas[group]!.fold(entry.commit)
                        inFlightLate += 1
                        continue
                    }
                    thisRound = true
                    _ = replicas[group]!.fold(entry.commit)
                    guard entry.commit.changes.count == 1, case let .updateName(marker) = entry.commit.changes[0] else {
                        extra += 1
                        finding("round \(round): \(group) commit \(entry.commit.sequence) is no writer's: \(entry.commit.changes)")
                        continue
                    }
                    if printed.sent[marker] != group || present[marker] != nil {
                        extra += 1
                        finding("round \(round): \(group) commit \(entry.commit.sequence) \(marker) was not sent to it, or is there twice")
                    }
                    present[marker] = (group, entry.commit.sequence)
                    if entry.outcome != .applied {
                        finding("round \(round): \(group) commit \(entry.commit.sequence) \(marker) was \(entry.outcome)")
                    }
                }
                heads[group] = try store.headSequence(of: group)
            }
            for (marker, place) in printed.acknowledged {
                guard let found = present[marker], found == place else {
                    missing += 1
                    finding("round \(round): acknowledged \(marker) (\(place.group) commit \(place.sequence)) is not in the log there")
                    continue
                }
            }
            let inFlight = Set(printed.sent.keys).subtracting(printed.acknowledged.keys)
            let landed = inFlight.filter { present[$0] != nil }.count
            inFlightPresent += landed
            inFlightAbsent += inFlight.count - landed
            lateInFlight = [:]
            for marker in inFlight where present[marker] == nil { lateInFlight[marker] = printed.sent[marker] }

            for group in groups {
                let state = try Child.run(grouplog, ["--store", path, "state", group.rawValue, "--json"], in: root)
                let folded = replicas[group]!.state.map { StateCodec.hash($0).hex }
                if state.status != 0 || stateHash(state.stdout) == nil || stateHash(state.stdout) != folded {
                    hashMismatches += 1
                    finding("round \(round): grouplog state \(group): \(state), hash \(stateHash(state.stdout) ?? "none") against the fold's \(folded ?? "none"): \(state.stderr.prefix(300))")
                }
            }
        }

        // The readers saw no torn state.
        stateReader.stop()
        while !stateReader.isDone { usleep(10_000) }
        let watchEnding = watch.kill(SIGTERM)
        if watchEnding.status != 0 || watchEnding.signal != nil {
            finding("grouplog watch ended with \(watchEnding): \(watchEnding.stderr.prefix(500))")
        }
        let watchedLog = try store.commits(of: watched)
        var watchedLines = 0
        for (index, line) in watchEnding.stdout.split(separator: "\n").enumerated() {
            watchedLines += 1
            let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            let sequence = (object?["sequence"] as? NSNumber)?.intValue
            guard let sequence, sequence == index, index < watchedLog.count else {
                finding("grouplog watch line \(index) is not commit \(index) of \(watchedLog.count): \(line.prefix(200))")
                break
            }
            if case let .updateName(marker)? = watchedLog[index].commit.changes.first, !line.contains("\\\"\(marker)\\\"") {
                finding("grouplog watch printed commit \(index) without its marker \(marker): \(line.prefix(200))")
            }
        }
        // watch prints commits as they land; all of them once the writers are gone, given time.
        if watchedLines < watchedLog.count - 1_000 {
            finding("grouplog watch printed \(watchedLines) of \(watchedLog.count) commits")
        }
        var readerReplica = Replica()
        var hashes = [UInt64: String]()
        let wanted = Set(stateReader.seen.map(\.sequence))
        for entry in try store.commits(of: groups[1]) {
            _ = readerReplica.fold(entry.commit)
            if wanted.contains(entry.commit.sequence), let state = readerReplica.state {
                hashes[entry.commit.sequence] = StateCodec.hash(state).hex
            }
        }
        var torn = 0
        for seen in stateReader.seen where hashes[seen.sequence] != seen.hash {
            torn += 1
            finding("grouplog state \(groups[1]) read sequence \(seen.sequence) with hash \(seen.hash), the fold's is \(hashes[seen.sequence] ?? "none")")
        }
        for failure in stateReader.failures { finding("grouplog state \(groups[1]) while writing: \(failure)") }

        if findings.count > 50 { print("FINDING ... and \(findings.count - 50) more") }
        let clean = verifyFailures == 0 ? "verify clean" : "verify failed \(verifyFailures) times"
        print("kill -9 x\(kills): \(grouped(acknowledged)) acknowledged, \(missing) missing, \(extra) extra, \(clean); "
              + "\(inFlightPresent) in flight at the kill written, \(inFlightAbsent) not (\(inFlightLate) of those shown only after the next writer); state hash = fresh replay \(kills * groups.count - hashMismatches)/\(kills * groups.count); "
              + "readers: watch \(grouped(watchedLines)) commits in order, state \(grouped(stateReader.seen.count)) reads, \(torn) torn, \(stateReader.failures.count) errors")
        return findings.isEmpty
    }
}

/// Runs `grouplog state GROUP --json` again and again until stopped, keeping what each read saw.
final class StateReader: @unchecked Sendable {
    let grouplog: String
    let store: String
    let group: GroupID
    let folder: String
    private let stopped = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    // Written by the reader's thread only until `isDone`, read after.
    private(set) var seen: [(sequence: UInt64, hash: String)] = []
    private(set) var failures: [String] = []

    init(grouplog: String, store: String, group: GroupID, folder: String) {
        self.grouplog = grouplog
        self.store = store
        self.group = group
        self.folder = folder
    }

    func stop() { stopped.store(true, ordering: .sequentiallyConsistent) }
    var isDone: Bool { done.load(ordering: .sequentiallyConsistent) }

    func run() {
        defer { done.store(true, ordering: .sequentiallyConsistent) }
        while !stopped.load(ordering: .sequentiallyConsistent) {
            do {
                let read = try Child.run(grouplog, ["--store", store, "state", group.rawValue, "--json"], in: folder)
                if read.status == 0, read.signal == nil, let hash = stateHash(read.stdout), let sequence = stateSequence(read.stdout) {
                    seen.append((sequence, hash))
                } else {
                    failures.append("\(read): \(read.stderr.prefix(300))")
                }
            } catch {
                failures.append("\(error)")
            }
            usleep(20_000)
        }
    }
}
