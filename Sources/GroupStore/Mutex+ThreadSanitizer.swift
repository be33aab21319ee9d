#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

extension Mutex {
    /// `withLock`, with the lock's acquire and release told to ThreadSanitizer when the process
    /// runs under it (`scripts/sanitize.sh thread`); elsewhere the same as `withLock`, plus one
    /// load of a nil function pointer each way.
    ///
    /// On Linux a contended `Mutex` is handed over by the kernel (`FUTEX_LOCK_PI`) inside the
    /// standard library, which is not built with ThreadSanitizer: it sees neither the release
    /// nor the acquire, and reports the accesses the lock orders as data races. Every `Mutex` of
    /// the store's concurrent paths is taken through this.
    package borrowing func withLockVisibleToTSan<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        // The mutex's own address (it never moves: a `Mutex` is only borrowed in place), taken
        // before the lock: an address taken from the value inside would be an access before the
        // acquire.
        let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
        return try withLock { (value: inout sending Value) throws(E) -> sending Result in
            ThreadSanitizerHooks.acquire?(address)
            defer { ThreadSanitizerHooks.release?(address) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's annotations, looked up in the running process: present only when it was
/// linked with ThreadSanitizer's runtime, which exports them (the Swift runtime finds them the
/// same way).
private enum ThreadSanitizerHooks {
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    static let acquire = lookUp("__tsan_acquire")
    static let release = lookUp("__tsan_release")

    private static func lookUp(_ name: String) -> Annotation? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, name).map { unsafeBitCast($0, to: Annotation.self) }
    }
}
