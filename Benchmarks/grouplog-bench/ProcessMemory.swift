#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// How much memory the process holds, read two ways, so that a benchmark can divide the growth
/// over a data structure's construction by its size.
///
/// - `heapBytes`: the bytes malloc has handed out and not yet had back (`mallinfo2()`:
///   `uordblks`, the small chunks in use, plus `hblkhd`, the large ones malloc maps on its own).
///   Exact and unaffected by what malloc keeps after a `free`, so the growth over building a
///   structure is what the structure holds, its spare capacity included, and nothing else as
///   long as the garbage made on the way is freed. Counts every arena. Glibc only.
/// - `residentBytes`: the resident set (`/proc/self/statm`, second field, in pages): what the
///   machine actually spends, which leaves out capacity never touched but keeps freed memory
///   malloc did not return. Linux only.
/// - `peakResidentBytes`: the peak resident set (`VmHWM` in `/proc/self/status`). It only grows,
///   so a workload that wants its own peak calls `resetPeak()` first, which writes 5 to
///   `/proc/self/clear_refs` (Linux 4.0 and later) and sets the peak to the current resident set.
///   Like the resident set, it counts the pages of LMDB's map a read touches as well as the heap.
enum ProcessMemory {
    /// Bytes allocated through malloc and not freed; nil where glibc's `mallinfo2` is missing.
    static var heapBytes: Int? {
        #if canImport(Glibc)
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
        #else
        return nil
        #endif
    }

    /// The resident set size in bytes; nil where `/proc/self/statm` cannot be read.
    static var residentBytes: Int? {
        #if canImport(Glibc)
        guard let file = fopen("/proc/self/statm", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// Gives freed memory back to the system, so that the resident set before a measurement
    /// does not hide the growth in pages malloc kept from earlier work.
    static func trim() {
        #if canImport(Glibc)
        malloc_trim(0)
        #endif
    }

    /// The peak resident set size in bytes since the start or the last `resetPeak()`; 0 when
    /// `/proc/self/status` cannot be read.
    static var peakResidentBytes: Int {
        #if canImport(Glibc)
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("VmHWM:") else { continue }
            return (Int(text.dropFirst(6).filter(\.isNumber)) ?? 0) * 1024
        }
        #endif
        return 0
    }

    /// Sets the peak resident set to the current one; false where the kernel does not allow it.
    @discardableResult
    static func resetPeak() -> Bool {
        #if canImport(Glibc)
        guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
        defer { fclose(file) }
        return fputs("5", file) >= 0
        #else
        return false
        #endif
    }
}
