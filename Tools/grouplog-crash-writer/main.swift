// The crash campaign's writer (scripts/crash-campaign.sh): opens an LMDB store through the
// GroupLog library and submits renames from 16 tasks at once (group commit) until it is killed,
// printing what it sends and what is acknowledged, so that the harness can check the log after
// a SIGKILL at any moment. Test-only: no product ships it.
//
//   grouplog-crash-writer STORE RUN [GROUPS] [TASKS]
//
// Before each submit a task prints `send GROUP MARKER`; after the submit returns it prints
// `ack GROUP SEQUENCE MARKER`. Markers are `RUN-tTASK-N`, unique across runs when RUN is. Each
// line is one write(2) of standard output, made under a lock, so lines never interleave and
// nothing waits in a buffer when the process is killed: a printed ack was acknowledged, and a
// commit not sent cannot be in the log. A submit that fails prints `fail GROUP MARKER ERROR`
// and ends the process with exit 3 (it is absent, or present in flight; the harness decides).
import Foundation
import GroupLog
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One line at a time to standard output, unbuffered.
let output = Mutex(())
func say(_ line: String) {
    output.withLock { _ in
        var bytes = Array((line + "\n").utf8)
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + start, $0.count - start) }
            if written <= 0 { if errno == EINTR { continue }; exit(4) }
            start += written
        }
    }
}

/// Runs each task's jobs on a thread of its own: the library's calls block their thread in
/// submit (group commit), and Swift's cooperative pool has only as many threads as cores, which
/// would let two tasks submit at once on this machine instead of 16.
final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init() {
        Thread.detachNewThread { [self] in run() }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

// With --until-full (the full-disk campaign), a task whose submit fails stops there, and the
// process ends with exit 3 once every task has stopped: each marker sent is then either
// acknowledged or failed, none left in flight.
let untilFull = CommandLine.arguments.contains("--until-full")
let arguments = CommandLine.arguments.filter { $0 != "--until-full" }
guard arguments.count >= 3, let groupCount = Int(arguments.count > 3 ? arguments[3] : "4"),
      let taskCount = Int(arguments.count > 4 ? arguments[4] : "16"), groupCount > 0, taskCount > 0 else {
    FileHandle.standardError.write(Data("usage: grouplog-crash-writer STORE RUN [GROUPS] [TASKS] [--until-full]\n".utf8))
    exit(64)
}
let run = arguments[2]
let alix = InboxID(unchecked: "alix")

do {
    let store = try GroupLogStore(path: arguments[1], options: .init(snapshotInterval: 50))
    let conversations = store.conversations(as: alix)
    // The groups c0, c1, ...: made by the first run, found by the next ones.
    var groups: [Group] = []
    for index in 0..<groupCount {
        let id = GroupID(unchecked: "c\(index)")
        if let found = try await conversations.findGroup(groupId: id) {
            groups.append(found)
        } else {
            groups.append(try await conversations.newGroup(with: [InboxID(unchecked: "bo")], options: CreateGroupOptions(groupId: id)))
        }
    }
    let chosen = groups
    say("ready")
    await withTaskGroup(of: Void.self) { tasks in
        for task in 0..<taskCount {
            tasks.addTask(executorPreference: ThreadExecutor()) {
                var number = 0
                while true {
                    let group = chosen[(task + number) % chosen.count]
                    let marker = "\(run)-t\(task)-\(number)"
                    say("send \(group.groupId) \(marker)")
                    do {
                        let receipt = try await group.updateName(name: marker)
                        say("ack \(group.groupId) \(receipt.sequence) \(marker)")
                    } catch {
                        say("fail \(group.groupId) \(marker) \(error)")
                        if untilFull { return }
                        exit(3)
                    }
                    number += 1
                }
            }
        }
    }
    // Only --until-full gets here: every task failed once.
    exit(3)
} catch {
    say("fail - - \(error)")
    exit(3)
}
