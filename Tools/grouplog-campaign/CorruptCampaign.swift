import Foundation
import GroupCodec
import GroupCore
import GroupStore
import GroupTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Part 5 of issue 17: a store of 4 groups with snapshots every 10 commits is copied for each
/// trial and 1 to 4 random bytes of the copy's data.mdb are flipped; then `grouplog verify`,
/// `state` of every group, `log` and `replay` of one group and `rebuild` (then `state` of that
/// group again) run against it, each in its own process. None may crash (a signal), and each
/// either reports the damage (exit 5, `verify` listing it; a store whose header LMDB refuses
/// is "not a store", exit 4) or prints exactly what it printed for the undamaged store: never
/// a silently wrong state, log or replay.
///
/// With `longGroup` (`GROUPLOG_CAMPAIGN_LONG_GROUP=1`) a fifth group of 4,200 commits joins
/// them: long enough that `verify`, `log`, `replay` and `rebuild` walk it with the second
/// thread that decodes and checks the chain (`ChainCheckThread`), which then meets the flips.
struct CorruptCampaign {
    let grouplog: String
    let trials: Int
    let seed: UInt64
    var longGroup = false
    var groups: [GroupID] { (0..<(longGroup ? 5 : 4)).map { GroupID(unchecked: "d\($0)") } }

    struct Command {
        let arguments: [String]
        var name: String { arguments.joined(separator: " ") }
    }

    func run() throws -> Bool {
        let root = try scratchDirectory("corrupt")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let base = root + "/base"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        do {
            let store = try GroupStore(path: base, options: StoreOptions(snapshotInterval: 10, create: true))
            for (index, group) in groups.enumerated() {
                var log = RandomLog(seed: seed &+ UInt64(index))
                log.groupID = group
                log.lifecycle = index % 2 == 1
                _ = try store.ingest(chained(log.commits(count: index == 4 ? 4_200 : 120 + 40 * index)))
            }
        }
        // What each command prints for the undamaged store.
        let reads = [Command(arguments: ["verify"])]
            + groups.map { Command(arguments: ["state", $0.rawValue, "--json"]) }
            + groups.map { Command(arguments: ["log", $0.rawValue, "--json"]) }
            + groups.map { Command(arguments: ["replay", $0.rawValue, "--json"]) }
        var baseline = [String: String]()
        for command in reads {
            let ending = try Child.run(grouplog, ["--store", base] + command.arguments, in: root)
            guard ending.status == 0, ending.signal == nil else { throw CampaignError("\(command.name) on the undamaged store: \(ending): \(ending.stderr)") }
            baseline[command.name] = ending.stdout
        }
        do {
            let copy = root + "/rebuilt"
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: base + "/data.mdb", toPath: copy + "/data.mdb")
            let ending = try Child.run(grouplog, ["--store", copy, "rebuild"], in: root)
            guard ending.status == 0 else { throw CampaignError("rebuild on the undamaged store: \(ending): \(ending.stderr)") }
            baseline["rebuild"] = ending.stdout
            try FileManager.default.removeItem(atPath: copy)
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: base + "/data.mdb"))

        var random = SeededGenerator(seed: seed)
        var reported = 0, harmless = 0, crashes = 0, wrong = 0, unexpected = 0
        var runs = 0, exit5 = 0, namedRecord = 0, notAStore = 0, verifyMissed = 0
        var findings = 0
        let trialStore = root + "/trial"
        for trial in 1...trials {
            try? FileManager.default.removeItem(atPath: trialStore)
            try FileManager.default.createDirectory(atPath: trialStore, withIntermediateDirectories: true)
            var bytes = [UInt8](original)
            var flips: [String] = []
            for _ in 0..<random.int(1...4) {
                let offset = random.int(0...(bytes.count - 1))
                let mask = UInt8(random.int(1...255))
                bytes[offset] ^= mask
                flips.append("byte \(offset) (page \(offset / 4096)) ^ 0x\(String(mask, radix: 16))")
            }
            // GROUPLOG_CAMPAIGN_ONLY=N repeats trial N alone (the flips of a seed do not depend
            // on what the commands did), keeping its data file when GROUPLOG_CAMPAIGN_KEEP is set.
            if let only = ProcessInfo.processInfo.environment["GROUPLOG_CAMPAIGN_ONLY"].flatMap(Int.init), only != trial { continue }
            try Data(bytes).write(to: URL(fileURLWithPath: trialStore + "/data.mdb"))

            let group = groups[trial % groups.count]
            let commands = [Command(arguments: ["verify"])]
                + groups.map { Command(arguments: ["state", $0.rawValue, "--json"]) }
                + [Command(arguments: ["log", group.rawValue, "--json"]), Command(arguments: ["replay", group.rawValue, "--json"]),
                   Command(arguments: ["rebuild"]), Command(arguments: ["state", group.rawValue, "--json"])]
            var anyReported = false, anyCrash = false, anyWrong = false, anyUnexpected = false
            var verifyClean = false
            var otherReported = false
            for command in commands {
                let ending = try Child.run(grouplog, ["--store", trialStore] + command.arguments, in: root)
                runs += 1
                let what = "trial \(trial) (\(flips.joined(separator: ", "))): \(command.name)"
                if ending.crashed {
                    anyCrash = true
                    print("FINDING \(what) crashed: \(ending): \(ending.stderr.suffix(800))")
                    continue
                }
                switch ending.status {
                case 0:
                    if ending.stdout != baseline[command.name] {
                        anyWrong = true
                        print("FINDING \(what) exited 0 with other output than the undamaged store's: \(ending.stdout.prefix(400))")
                    } else if command.name == "verify" {
                        verifyClean = true
                    }
                case 5:
                    anyReported = true
                    otherReported = otherReported || command.name != "verify"
                    exit5 += 1
                    if ending.stderr.range(of: #"commit \d+|sequence \d+"#, options: .regularExpression) != nil { namedRecord += 1 }
                case 4 where ending.stderr.contains("not"):
                    anyReported = true
                    otherReported = true
                    notAStore += 1
                default:
                    anyUnexpected = true
                    print("FINDING \(what) exited \(ending.status): \(ending.stderr.prefix(400))")
                }
            }
            if verifyClean && otherReported { verifyMissed += 1 }
            if anyCrash { crashes += 1 } else if anyWrong { wrong += 1 } else if anyUnexpected { unexpected += 1 }
            else if anyReported { reported += 1 } else { harmless += 1 }
            if anyCrash || anyWrong || anyUnexpected {
                findings += 1
                // GROUPLOG_CAMPAIGN_KEEP=DIR keeps each such damaged data file, to reproduce it.
                if let keep = ProcessInfo.processInfo.environment["GROUPLOG_CAMPAIGN_KEEP"] {
                    let folder = keep + "/trial-\(trial)"
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try Data(bytes).write(to: URL(fileURLWithPath: folder + "/data.mdb"))
                    print("kept in \(folder)")
                }
            }
        }
        let shape = longGroup ? " (with a 4,200-commit group)" : ""
        print("flips x\(grouped(trials)) in a \(grouped(original.count))-byte data.mdb\(shape): \(grouped(reported)) reported, \(grouped(harmless)) harmless (unused space, every output unchanged), "
              + "\(crashes) crashes, \(wrong) silently wrong, \(unexpected) other exits; \(grouped(runs)) runs: \(grouped(exit5)) exit 5 "
              + "(\(grouped(namedRecord)) naming a commit), \(notAStore) not a store (exit 4), verify clean while another command reported \(verifyMissed)")
        return findings == 0
    }
}
