// The reliability campaigns of issue 17 (scripts/crash-campaign.sh, scripts/full-disk-campaign.sh,
// scripts/corrupt-campaign.sh): a harness that drives the real `grouplog` binary and
// grouplog-crash-writer in child processes, so that a crash of either is a finding, never the
// harness's end. Test-only: no product ships it.
//
//   grouplog-campaign crash GROUPLOG WRITER [KILLS] [SEED]
//   grouplog-campaign full-disk GROUPLOG WRITER [ROUNDS] [SEED]
//   grouplog-campaign corrupt GROUPLOG [TRIALS] [SEED]
//
// Each prints its findings (`FINDING ...`), then a one-line summary; exit 0 when nothing was
// wrong, 1 when something was.
import Foundation

let arguments = CommandLine.arguments
func number(_ index: Int, _ otherwise: Int) -> Int { arguments.count > index ? Int(arguments[index]) ?? otherwise : otherwise }
let usage = "usage: grouplog-campaign crash|full-disk GROUPLOG WRITER [COUNT] [SEED] | corrupt GROUPLOG [TRIALS] [SEED]\n"

do {
    let passed: Bool
    switch arguments.count > 2 ? arguments[1] : "" {
    case "crash" where arguments.count > 3:
        passed = try CrashCampaign(grouplog: arguments[2], writer: arguments[3], kills: number(4, 200), seed: UInt64(number(5, 17))).run()
    case "full-disk" where arguments.count > 3:
        passed = try FullDiskCampaign(grouplog: arguments[2], writer: arguments[3], rounds: number(4, 20), seed: UInt64(number(5, 17))).run()
    case "corrupt":
        var campaign = CorruptCampaign(grouplog: arguments[2], trials: number(3, 1_000), seed: UInt64(number(4, 17)))
        campaign.longGroup = ProcessInfo.processInfo.environment["GROUPLOG_CAMPAIGN_LONG_GROUP"] == "1"
        passed = try campaign.run()
    default:
        FileHandle.standardError.write(Data(usage.utf8))
        exit(64)
    }
    exit(passed ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("grouplog-campaign: \(error)\n".utf8))
    exit(2)
}
