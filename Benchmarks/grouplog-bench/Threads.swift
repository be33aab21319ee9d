#if canImport(Glibc)
import Glibc
#endif

/// Runs `body(0)` ... `body(count - 1)` each on a thread of its own and waits for them all.
///
/// Real threads rather than Dispatch's pool, which on a 2-core machine runs about two blocks at
/// a time: 16 submitters each waiting for an fsync must all be waiting at once.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Work {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    var threads: [pthread_t] = []
    for index in 0..<count {
        let work = Unmanaged.passRetained(Work { body(index) }).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, work)
        guard code == 0 else { exitWithMessage("cannot start thread \(index): \(String(cString: strerror(code)))") }
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
}
