import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Processes by process group, read from `/proc`.
enum ProcessGroup {
    /// The processes of group `group` that are neither zombies nor dead.
    static func living(_ group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var living: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After the command name: state, parent, process group, ...
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let processGroup = pid_t(fields[2]), processGroup == group else { continue }
            if fields[0] != "Z" && fields[0] != "X" { living.append(pid) }
        }
        return living
    }
}
