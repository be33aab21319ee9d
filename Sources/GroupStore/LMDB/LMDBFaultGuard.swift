internal import CLMDB

#if canImport(Glibc)
import Glibc
#endif

/// Turns a memory fault inside liblmdb (or inside a libc routine liblmdb called, such as
/// `memmove`), or a read past the end of the mapped data file, into a report that the store is
/// damaged.
///
/// LMDB 0.9 trusts its pages: a flipped byte in a node's flags or offsets can send it through
/// a null or wild pointer (the corruption campaign, scripts/corrupt-campaign.sh, found both),
/// and a flipped byte of a node's size makes it move that many bytes, inside libc's `memmove`,
/// when a write replaces the node; all before any check of ours sees a record. A process that
/// installs the guard ends such a fault with `exitCode` and `message` on standard error instead
/// of a crash report; a fault anywhere else goes to the handler that was there before (Swift's
/// backtracer). Only a command-line tool should install it: it ends the process.
package enum LMDBFaultGuard {
    /// Installs the guard for SIGSEGV and SIGBUS; `message` must live for the process.
    package static func install(message: StaticString, exitCode: Int32) {
        // Make sure the library is mapped (it is, once linked; this names it for the reader).
        _ = mdb_version(nil, nil, nil)
        let lmdb = codeRanges(of: "liblmdb"), libc = codeRanges(of: "libc.so")
        guard !lmdb.isEmpty else { return }
        faultState = FaultState(lmdbCode: lmdb, libcCode: libc, message: message, exitCode: exitCode)
        for signal in [SIGSEGV, SIGBUS] {
            var action = sigaction()
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            action.__sigaction_handler.sa_sigaction = handleFault
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, signal == SIGSEGV ? previousSegv : previousBus)
        }
    }

    /// The executable mappings of the library whose file name contains `library`, from
    /// /proc/self/maps.
    private static func codeRanges(of library: String) -> [Range<UInt>] {
        guard let file = fopen("/proc/self/maps", "r") else { return [] }
        defer { fclose(file) }
        var ranges: [Range<UInt>] = []
        var line = [CChar](repeating: 0, count: 4_096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[1].contains("x"), fields[5].contains(library) else { continue }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start < end else { continue }
            ranges.append(start..<end)
        }
        return ranges
    }
}

private struct FaultState {
    let lmdbCode: [Range<UInt>]
    let libcCode: [Range<UInt>]
    let message: StaticString
    let exitCode: Int32

    func isLMDBCode(_ address: UInt) -> Bool { lmdbCode.contains { $0.contains(address) } }

    /// Whether the fault is liblmdb's: its own instruction, or one of a libc routine that
    /// liblmdb called and that keeps no frame of its own (`memcpy`, `memmove`), so that the
    /// address it returns to is still the one the call left.
    func isLMDBs(_ registers: FaultRegisters) -> Bool {
        if isLMDBCode(registers.programCounter) { return true }
        guard libcCode.contains(where: { $0.contains(registers.programCounter) }) else { return false }
        return registers.returnAddress.map(isLMDBCode) ?? false
    }
}

// Written once, before the handler can run; read only by it.
nonisolated(unsafe) private var faultState: FaultState?
// On the heap, not in globals: Swift lays a global `sigaction` out in 148 bytes, without the
// tail padding C's sizeof (152) counts, and copying a C struct into it wrote 4 bytes past its end
// (AddressSanitizer's global-buffer-overflow, scripts/sanitize.sh address, DamagedPageTests).
nonisolated(unsafe) private let previousSegv = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
nonisolated(unsafe) private let previousBus = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)

private func handleFault(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    // A bus error at an address past the end of a mapped file (BUS_ADRERR): the only file this
    // tool maps is LMDB's, and a damaged node's size can run a read off the end of data.mdb,
    // in whatever code reads the value (libcrypto hashing it, the campaign found).
    let pastTheEndOfAMap = signal == SIGBUS && info?.pointee.si_code == 2
    if let state = faultState, let context, let registers = FaultRegisters(context, faultAddress: info?.pointee.faultAddress),
       pastTheEndOfAMap || state.isLMDBs(registers) {
        _ = write(2, state.message.utf8Start, state.message.utf8CodeUnitCount)
        _exit(state.exitCode)
    }
    // Not LMDB's: put the previous handler back and return, so the fault happens again there.
    sigaction(signal, signal == SIGSEGV ? previousSegv : previousBus, nil)
}

/// The registers of a fault that say where it happened and where the routine would return.
private struct FaultRegisters {
    let programCounter: UInt
    /// The address a routine that keeps no frame returns to: on x86-64 the word at the top of the
    /// stack, read only when the fault is not on the stack itself; on arm64 the link register.
    let returnAddress: UInt?

    init?(_ context: UnsafeMutableRawPointer, faultAddress: UInt?) {
        let ucontext = context.assumingMemoryBound(to: ucontext_t.self)
        #if arch(x86_64)
        // REG_RSP and REG_RIP: the stack and instruction pointers' indexes among the general
        // registers (sys/ucontext.h).
        let (stack, instruction) = withUnsafeBytes(of: ucontext.pointee.uc_mcontext.gregs) {
            ($0.load(fromByteOffset: 15 * MemoryLayout<greg_t>.stride, as: greg_t.self),
             $0.load(fromByteOffset: 16 * MemoryLayout<greg_t>.stride, as: greg_t.self))
        }
        programCounter = UInt(bitPattern: Int(instruction))
        let stackPointer = UInt(bitPattern: Int(stack))
        let onTheStack = faultAddress.map { $0 &- stackPointer &+ 4_096 < 8_192 } ?? true
        returnAddress = onTheStack ? nil : UnsafePointer<UInt>(bitPattern: stackPointer)?.pointee
        #elseif arch(arm64)
        programCounter = UInt(ucontext.pointee.uc_mcontext.pc)
        returnAddress = withUnsafeBytes(of: ucontext.pointee.uc_mcontext.regs) { UInt($0.load(fromByteOffset: 30 * 8, as: UInt64.self)) }
        #else
        return nil
        #endif
    }
}

private extension siginfo_t {
    /// The address whose access faulted (`si_addr`).
    var faultAddress: UInt {
        UInt(bitPattern: _sifields._sigfault.si_addr)
    }
}
