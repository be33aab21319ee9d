#if canImport(Glibc)
import Glibc
#endif
import GroupAudit
import GroupCore
import GroupStore
import Synchronization

/// The lag of an LMDB replica following PostgreSQL live, as `grouplog replicate` does: a writer
/// ingests pre-chained commits at a steady 5,000 commits/s (a batch of 50 every 10 ms, across 8
/// groups), noting when each batch was acknowledged; a `StoreReplication` on a store object of
/// its own hears the writes through LISTEN/NOTIFY and copies them into a fresh LMDB store. A
/// batch's lag is from its acknowledgement to the moment the replica's ingest of its last commit
/// in every group it touched had returned, so it counts the notification, the rounds of the
/// replica, and its durable writes. Its rival is the writer's own wait for each batch (a durable
/// COPY into PostgreSQL), for scale.
extension PostgresBenchmarks {
    /// The names `run()` filters on (`names` lists them).
    static let replicaNames = [
        "postgres.replica.lag", "postgres.replica.lag.p99", "postgres.replica.lag.max", "postgres.replica.write", "postgres.replica.writeRate",
    ]

    func measureReplicaLag(server: String, into table: inout SummaryTable) {
        let pace = ReplicaPace(groups: 8, batch: 50, interval: 0.010, seconds: 4)
        let log = pace.log()
        print("postgres replica workload: \(Report.format(Double(pace.commits))) chained commits to \(pace.groups) groups, "
            + "\(pace.batch) every \(Report.format(pace.interval * 1_000)) ms (\(Report.format(pace.rate)) commits/s), "
            + "while a StoreReplication on another store object follows into a fresh LMDB store")
        let schema = schema(on: server, label: "replica")
        let replica = lmdb(label: "replica")
        defer {
            schema.remove()
            replica.remove()
        }
        let writer = schema.open()
        // The groups exist before the replica starts, so that every batch is heard while following.
        orExit("create the groups in PostgreSQL") { try writer.ingest(log.creates) }
        let run = ReplicaLagRun(batches: log.batches.count)
        let replication = StoreReplication(from: schema.open(), to: replica.open())
        let commits = pace.commits
        Threads.run(2) { thread in
            if thread == 0 {
                orExit("follow PostgreSQL into LMDB") {
                    try replication.run(wait: .milliseconds(100), shouldStop: { run.isFinished(copying: commits) }) { progress in
                        switch progress {
                        case .caughtUp: run.caughtUp.store(true, ordering: .releasing)
                        case let .copied(group, through, count): run.copied(group, through: through, count: count)
                        case .catchingUp, .followed: break
                        }
                    }
                }
            } else {
                while !run.caughtUp.load(ordering: .acquiring) { usleep(1_000) }
                let start = Clock.now()
                for (index, batch) in log.batches.enumerated() {
                    let wait = start + Double(index) * pace.interval - Clock.now()
                    if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
                    let sent = Clock.now()
                    orExit("ingest a batch into PostgreSQL") { try writer.ingest(batch) }
                    run.acknowledged(index, sent: sent, at: Clock.now())
                }
                run.writingEnded(after: Clock.now() - start)
            }
        }
        let lags = run.lags(of: log.batches)
        let writeRate = Double(commits) / run.writingSeconds
        print("  postgres.replica: \(lags.count) of \(log.batches.count) batches reached the replica; written at \(Report.format(writeRate)) commits/s")
        guard !lags.isEmpty else {
            table.notes.append("postgres.replica: no batch reached the replica")
            return
        }
        let sorted = lags.sorted()
        let p99 = sorted[max(0, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        let figures = [
            Figure("postgres.replica.lag.median", sorted[sorted.count / 2] * 1_000, "ms"),
            Figure("postgres.replica.lag.p99", p99 * 1_000, "ms"),
            Figure("postgres.replica.lag.max", sorted[sorted.count - 1] * 1_000, "ms"),
            Figure("postgres.replica.writeRate", writeRate, "commits/s"),
        ]
        for figure in figures { print("  " + figure.text) }
        table.figures += figures
        // The median lag against the target (its p99 and max are figures beside it), and beside
        // the writer's median wait for a batch.
        let lag = Harness.Result(name: "postgres.replica.lag", units: lags.count, unitName: "batches", seconds: lags)
        let writes = run.writeSeconds
        let write = Harness.Result(name: "postgres.replica.write", units: writes.count, unitName: "batches", seconds: writes)
        table.comparisons.append(Comparison(figure: lag, rival: write, target: .medianAtMost(1), showsLatency: true))
        if lags.count < log.batches.count {
            table.notes.append("postgres.replica: \(log.batches.count - lags.count) batches had not reached the replica 30 s after the writer stopped")
        }
    }
}

/// The paced write: `batch` commits every `interval` seconds for `seconds`, round-robin over
/// `groups` groups.
private struct ReplicaPace {
    let groups: Int
    let batch: Int
    let interval: Double
    let seconds: Double

    var rate: Double { Double(batch) / interval }
    var commits: Int { Int(rate * seconds) / batch * batch }

    /// The groups' creates, and the commits after them cut into the writer's batches: renames
    /// and descriptions, chained.
    func log() -> (creates: [Commit], batches: [[Commit]]) {
        let owner = InboxID(unchecked: "owner")
        let ids = (0..<groups).map { GroupID(unchecked: "replica\($0)") }
        var log = ids.map { group in
            Commit(groupID: group, sequence: 0, actor: owner, time: 1_000,
                   changes: [.create(CreateConversation(members: [InboxID(unchecked: "member")], name: "\(group)", memberLimit: 250))])
        }
        for index in 0..<commits {
            let group = index % groups
            let changes: [Change] = index % 3 == 0 ? [.updateDescription("about \(index)")] : [.updateName("name \(index)")]
            log.append(Commit(groupID: ids[group], sequence: UInt64(1 + index / groups), actor: owner,
                              time: 2_000 + Milliseconds(index), changes: changes))
        }
        let chained = ChainedLog(chaining: log).commits
        let rest = Array(chained[groups...])
        return (Array(chained[..<groups]), stride(from: 0, to: rest.count, by: batch).map { Array(rest[$0..<min($0 + batch, rest.count)]) })
    }
}

/// What the writer and the replica's thread note as they go, for the lags afterwards.
private final class ReplicaLagRun: Sendable {
    /// One batch the replica wrote: a group's commits through `through`, done at `time`.
    struct Copied {
        let time: Double
        let group: GroupID
        let through: UInt64
    }

    let caughtUp = Atomic<Bool>(false)
    /// When each batch's ingest was called and when it returned.
    private let acknowledgements: Mutex<[(sent: Double, acknowledged: Double)?]>
    private let writing = Mutex<(seconds: Double, ended: Double)?>(nil)
    private let copies = Mutex<(list: [Copied], commits: Int)>(([], 0))

    init(batches: Int) {
        acknowledgements = Mutex(Array(repeating: nil, count: batches))
    }

    func acknowledged(_ batch: Int, sent: Double, at time: Double) {
        acknowledgements.withLock { $0[batch] = (sent, time) }
    }

    /// How long the writer waited for each batch.
    var writeSeconds: [Double] { acknowledgements.withLock { $0.compactMap { $0.map { $0.acknowledged - $0.sent } } } }

    func writingEnded(after seconds: Double) {
        writing.withLock { $0 = (seconds, Clock.now()) }
    }

    var writingSeconds: Double { writing.withLock { $0?.seconds ?? .infinity } }

    func copied(_ group: GroupID, through: UInt64, count: Int) {
        let time = Clock.now()
        copies.withLock {
            $0.list.append(Copied(time: time, group: group, through: through))
            $0.commits += count
        }
    }

    /// Whether the replica has every commit written, or 30 s have passed since the writer
    /// stopped (a replica that fell behind for good is reported, not waited for).
    func isFinished(copying commits: Int) -> Bool {
        guard let ended = writing.withLock({ $0?.ended }) else { return false }
        return copies.withLock { $0.commits } >= commits || Clock.now() - ended > 30
    }

    /// Each batch's lag in seconds, for the batches the replica got.
    func lags(of batches: [[Commit]]) -> [Double] {
        let acknowledged = acknowledgements.withLock { $0.map { $0?.acknowledged } }
        var byGroup: [GroupID: [Copied]] = [:]
        for copy in copies.withLock({ $0.list }) { byGroup[copy.group, default: []].append(copy) }
        var lags: [Double] = []
        for (index, batch) in batches.enumerated() {
            guard let acknowledgement = acknowledged[index] else { continue }
            var last: [GroupID: UInt64] = [:]
            for commit in batch { last[commit.groupID] = commit.sequence }
            // When the replica held the batch's last commit of each group; a group's copies are
            // noted in order, so the first that reaches the sequence is when.
            let reached = last.compactMap { group, sequence in byGroup[group]?.first { $0.through >= sequence }?.time }
            guard reached.count == last.count, let done = reached.max() else { continue }
            lags.append(done - acknowledgement)
        }
        return lags
    }
}
