internal import CLMDB

#if canImport(Glibc)
import Glibc
#endif

/// Turns a memory fault inside liblmdb, or a read past the end of the mapped data file, into a
/// report that the store is damaged.
///
/// LMDB 0.9 trusts its pages: a flipped byte in a node's flags or offsets can send it through
/// a null or wild pointer (the corruption campaign, scripts/corrupt-campaign.sh, found both),
/// before any check of ours sees a record. A process that installs the guard ends such a
/// fault with `exitCode` and `message` on standard error instead of a crash report; a fault
/// anywhere else goes to the handler that was there before (Swift's backtracer). Only a
/// command-line tool should install it: it ends the process.
package enum LMDBFaultGuard {
    /// Installs the guard for SIGSEGV and SIGBUS; `message` must live for the process.
    package static func install(message: StaticString, exitCode: Int32) {
        let ranges = lmdbCodeRanges()
        guard !ranges.isEmpty else { return }
        faultState = FaultState(lmdbCode: ranges, message: message, exitCode: exitCode)
        for signal in [SIGSEGV, SIGBUS] {
            var action = sigaction()
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            action.__sigaction_handler.sa_sigaction = handleFault
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            if signal == SIGSEGV { previousSegv = old } else { previousBus = old }
        }
    }

    /// The executable mappings of liblmdb in this process, from /proc/self/maps.
    private static func lmdbCodeRanges() -> [Range<UInt>] {
        // Make sure the library is mapped (it is, once linked; this names it for the reader).
        _ = mdb_version(nil, nil, nil)
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var ranges: [Range<UInt>] = []
        var line = [CChar](repeating: 0, count: 4_096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1].contains("x"), fields[5].contains("liblmdb") else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end else { continue }
            ranges.append(start..<end)
        }
        return ranges
    }
}

private struct FaultState {
    let lmdbCode: [Range<UInt>]
    let message: StaticString
    let exitCode: Int32
}

// Written once, before the handler can run; read only by it.
nonisolated(unsafe) private var faultState: FaultState?
nonisolated(unsafe) private var previousSegv = sigaction()
nonisolated(unsafe) private var previousBus = sigaction()

private func handleFault(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    // A bus error at an address past the end of a mapped file (BUS_ADRERR): the only file this
    // tool maps is LMDB's, and a damaged node's size can run a read off the end of data.mdb,
    // in whatever code reads the value (libcrypto hashing it, the campaign found).
    let pastTheEndOfAMap = signal == SIGBUS && info?.pointee.si_code == 2
    if let state = faultState, let context, let pc = programCounter(context),
       pastTheEndOfAMap || state.lmdbCode.contains(where: { $0.contains(pc) }) {
        _ = write(2, state.message.utf8Start, state.message.utf8CodeUnitCount)
        _exit(state.exitCode)
    }
    // Not LMDB's: put the previous handler back and return, so the fault happens again there.
    var previous = signal == SIGSEGV ? previousSegv : previousBus
    sigaction(signal, &previous, nil)
}

private func programCounter(_ context: UnsafeMutableRawPointer) -> UInt? {
    let ucontext = context.assumingMemoryBound(to: ucontext_t.self)
    #if arch(x86_64)
    // REG_RIP: the instruction pointer's index among the general registers (sys/ucontext.h).
    let rip = withUnsafeBytes(of: ucontext.pointee.uc_mcontext.gregs) { $0.load(fromByteOffset: 16 * MemoryLayout<greg_t>.stride, as: greg_t.self) }
    return UInt(bitPattern: Int(rip))
    #elseif arch(arm64)
    return UInt(ucontext.pointee.uc_mcontext.pc)
    #else
    return nil
    #endif
}
