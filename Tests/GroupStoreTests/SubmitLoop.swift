import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `sh` running `grouplog submit` in a loop, in a process group of its own so that one SIGKILL
/// reaches the shell and the `grouplog` it is running. Standard output (the acknowledged
/// sequences) goes to a pipe; standard error to a file.
struct SubmitLoop {
    static let script = #"""
    i=0
    while :; do
      i=$((i+1))
      "$1" --store "$2" submit "$3" --actor alix --time $(($4+i)) --changes "[{\"op\": \"updateName\", \"name\": \"$5-$i\"}]" || exit 17
    done
    """#

    let pid: pid_t
    private let output: Int32

    /// The descriptors open in this process now.
    private static func openDescriptors() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
    }

    init(binary: String, store: String, group: String, startTime: UInt64, prefix: String, errors: String) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        defer { close(ends[1]) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Keep other tests' pipes out of the loop's processes, or their readers would wait for
        // it. A descriptor closed meanwhile is no error: glibc ignores EBADF for a close action.
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let words = ["/bin/sh", "-c", Self.script, "sh", binary, store, group, String(startTime), prefix]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/bin/sh", &actions, &attributes, &argv, environ)
        guard spawned == 0 else {
            close(ends[0])
            throw POSIXError(.init(rawValue: spawned) ?? .EIO)
        }
        pid = child
        output = ends[0]
    }

    /// Kills the whole process group with SIGKILL, reaps the shell, waits until no process of
    /// the group runs any more, and returns what the loop printed.
    /// - Returns: `exitStatus` when the shell had exited by itself before the kill.
    func kill() -> (output: String, exitStatus: Int32?, stragglers: [pid_t]) {
        var status: Int32 = 0
        let exitedEarly = waitpid(pid, &status, WNOHANG) == pid
        if !exitedEarly {
            _ = Glibc.kill(-pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
        }
        // The grouplog the shell was running is not our child: wait until it is gone (or a
        // zombie, which has finished all its writes).
        var stragglers = ProcessGroup.living(pid)
        var waited = 0
        while !stragglers.isEmpty && waited < 2_000 {
            _ = Glibc.kill(-pid, SIGKILL)
            usleep(5_000)
            waited += 1
            stragglers = ProcessGroup.living(pid)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        close(output)
        let exitStatus: Int32? = exitedEarly && (status & 0x7F) == 0 ? (status >> 8) & 0xFF : nil
        return (String(decoding: bytes, as: UTF8.self), exitStatus, stragglers)
    }
}
