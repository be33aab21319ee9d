#if canImport(Glibc)
import Glibc
#endif

/// The process's memory as Linux reports it in `/proc/self/status`.
///
/// Peak RSS (`VmHWM`) only grows, so a workload that wants its own peak resets it first by
/// writing 5 to `/proc/self/clear_refs` (Linux 4.0 and later), which sets the peak to the
/// current RSS. RSS counts the pages of LMDB's map a read touches as well as the heap.
enum ProcessMemory {
    /// Resident set size now, in bytes.
    static var resident: Int { field("VmRSS") }

    /// The peak resident set size since the process started or since the last `resetPeak()`.
    static var peakResident: Int { field("VmHWM") }

    /// Resets the peak to the current resident set size; false where the kernel does not allow it.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0
    }

    /// A `kB` line of `/proc/self/status`, in bytes; 0 when it cannot be read.
    private static func field(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(name + ":") else { continue }
            let digits = text.dropFirst(name.count + 1).filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}
