import Dispatch
import GroupCore
import Synchronization

/// The tasks and threads of this process waiting for a group's next commit, woken by the
/// backend after a write that touched their group commits.
///
/// A waiter registers before it reads the group's head and waits after, so a commit that lands
/// in between wakes it (the wake finds it registered and marks it woken) instead of being missed.
/// Waiters are kept under a `Synchronization.Mutex`; continuations are resumed and threads
/// released after the lock is let go.
package final class CommitWaiters: Sendable {
    /// One registered waiter.
    package struct Ticket: Sendable {
        let group: GroupID
        let id: UInt64
    }

    private enum Waiter {
        /// Registered; not yet suspended or blocked.
        case registered
        case suspended(CheckedContinuation<Void, Never>)
        case blocked(DispatchSemaphore)
        /// Woken before it suspended or blocked: it will not wait.
        case woken
    }

    private struct Registry {
        var nextID: UInt64 = 0
        var waiters: [GroupID: [UInt64: Waiter]] = [:]

        /// Marks the waiter woken, and returns what must be resumed for it.
        mutating func wake(_ group: GroupID, _ id: UInt64) -> Waiter? {
            guard let waiter = waiters[group]?[id] else { return nil }
            waiters[group]?[id] = .woken
            return waiter
        }
    }

    private let registry = Mutex(Registry())
    /// The store-wide feed every wake is recorded in, for readers of any group's commits.
    package let journal: ChangeJournal

    /// - Parameter hearsOtherWriters: whether the backend hears commits made by other processes
    ///   (see `ChangeJournal`).
    package init(hearsOtherWriters: Bool) {
        journal = ChangeJournal(hearsOtherWriters: hearsOtherWriters)
    }

    /// Registers a waiter for `group`'s next commit; read the head after this, then wait.
    package func register(_ group: GroupID) -> Ticket {
        registry.withLockVisibleToTSan { registry in
            let id = registry.nextID
            registry.nextID += 1
            registry.waiters[group, default: [:]][id] = .registered
            return Ticket(group: group, id: id)
        }
    }

    /// Forgets a waiter, woken or not.
    package func unregister(_ ticket: Ticket) {
        registry.withLockVisibleToTSan { registry in
            registry.waiters[ticket.group]?[ticket.id] = nil
            if registry.waiters[ticket.group]?.isEmpty == true { registry.waiters[ticket.group] = nil }
        }
    }

    /// Wakes every waiter of `groups`. Call it after the write that touched them committed.
    package func wake(_ groups: some Collection<GroupID>) {
        journal.committed(groups)
        let woken: [Waiter] = registry.withLockVisibleToTSan { registry in
            var woken: [Waiter] = []
            for group in groups {
                guard let ids = registry.waiters[group]?.keys else { continue }
                for id in ids {
                    if let waiter = registry.wake(group, id) { woken.append(waiter) }
                }
            }
            return woken
        }
        woken.forEach(Self.release)
    }

    /// Wakes every waiter of every group: for a backend that may have missed commits (a
    /// listener that lost its connection), so that each waiter reads its head again.
    package func wakeAll() {
        journal.missedSome()
        wake(registry.withLockVisibleToTSan { Array($0.waiters.keys) })
    }

    /// How many waiters of `group` are suspended or blocked now: tests wait for a waiter to be
    /// waiting before they commit, so that the commit has to wake it.
    package func waitingCount(of group: GroupID) -> Int {
        registry.withLockVisibleToTSan { registry in
            (registry.waiters[group] ?? [:]).values.count { waiter in
                switch waiter {
                case .suspended, .blocked: true
                case .registered, .woken: false
                }
            }
        }
    }

    /// Suspends until the ticket is woken, `timeout` passes or the task is cancelled.
    package func wait(_ ticket: Ticket, timeout: Duration) async {
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await self.suspend(ticket) }
            tasks.addTask { try? await Task.sleep(for: timeout) }
            await tasks.next()
            tasks.cancelAll()
        }
    }

    /// Blocks the calling thread until the ticket is woken or `timeout` passes.
    package func block(_ ticket: Ticket, timeout: Duration) {
        let semaphore = DispatchSemaphore(value: 0)
        let wait = registry.withLockVisibleToTSan { registry in
            guard case .registered? = registry.waiters[ticket.group]?[ticket.id] else { return false }
            registry.waiters[ticket.group]?[ticket.id] = .blocked(semaphore)
            return true
        }
        guard wait else { return }
        _ = semaphore.wait(timeout: Self.deadline(after: timeout))
    }

    package static func deadline(after timeout: Duration) -> DispatchTime {
        let (seconds, attoseconds) = timeout.components
        guard seconds < Int64.max / 1_000_000_000 else { return .distantFuture }
        return .now() + .nanoseconds(Int(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)))
    }

    /// Suspends until the ticket is woken; cancelling the task wakes it.
    private func suspend(_ ticket: Ticket) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let suspended = registry.withLockVisibleToTSan { registry in
                    guard case .registered? = registry.waiters[ticket.group]?[ticket.id] else { return false }
                    registry.waiters[ticket.group]?[ticket.id] = .suspended(continuation)
                    return true
                }
                if !suspended { continuation.resume() }
            }
        } onCancel: {
            let waiter = registry.withLockVisibleToTSan { registry in registry.wake(ticket.group, ticket.id) }
            waiter.map(Self.release)
        }
    }

    private static func release(_ waiter: Waiter) {
        switch waiter {
        case let .suspended(continuation): continuation.resume()
        case let .blocked(semaphore): semaphore.signal()
        case .registered, .woken: break
        }
    }
}
