#if canImport(Glibc)
import Glibc
#endif

/// Real threads, one per task: `DispatchQueue.concurrentPerform` runs only as many tasks at once
/// as there are cores, and concurrent submitters must outnumber the cores to be concurrent at all.
enum Threads {
    /// Runs `body(0)` ... `body(count - 1)` each on a thread of its own, and returns when all have.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        var threads: [pthread_t] = []
        for index in 0..<count {
            let task = Unmanaged.passRetained(Task { body(index) }).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { context in
                let task = Unmanaged<Task>.fromOpaque(context!).takeRetainedValue()
                task.body()
                return nil
            }, task)
            guard created == 0 else { exitWithMessage("cannot start thread \(index): \(String(cString: strerror(created)))") }
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    /// A closure boxed to cross into a C thread's start routine.
    private final class Task {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
