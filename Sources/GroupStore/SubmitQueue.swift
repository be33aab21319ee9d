/// Group commit: submitters on many threads hand in their requests, and one of them, the leader,
/// serves every request pending at that moment as one batch (for the store, one write
/// transaction and one fsync), then hands each submitter its own response.
///
/// There is no writer thread and no waiting for company. A submitter that finds no batch being
/// served leads at once, taking whatever is pending: alone, just its own request, so a lone
/// submitter pays two uncontended mutex round trips over serving its request itself. Submitters
/// that arrive while a batch is being served queue up, in arrival order, and the next leader (one
/// of them) serves them all together: under load, each fsync is shared by everyone who arrived
/// during the one before.
///
/// The batch runs on the leader's thread, so a `serve` that must begin and end a transaction on
/// one thread (LMDB's write transactions) may.
package final class SubmitQueue<Request, Response>: @unchecked Sendable {
    // @unchecked: `pending`, `isServing`, `counts` and every ticket's `response` are read and
    // written only with `lock` held.

    /// How many batches have been served, and how many requests they held.
    package struct Counts: Equatable, Sendable {
        package var batches = 0
        package var requests = 0
    }

    /// One submitter's request, and its response once a leader has served it.
    private final class Ticket {
        let request: Request
        var response: Response?

        init(_ request: Request) { self.request = request }
    }

    /// Guards the state below. Its condition is broadcast when a batch has been served: its
    /// submitters return, and one of the others leads.
    private let lock = ConditionLock()
    /// Requests handed in and not yet taken by a leader, in arrival order.
    private var pending: [Ticket] = []
    /// A leader is serving a batch.
    private var isServing = false
    private var counts = Counts()

    package init() {}

    /// Hands in `request` and returns its response once a batch holding it has been served: by
    /// this thread, as leader, or by another one.
    ///
    /// - Parameter serve: serves a batch, given its requests in arrival order, and returns one
    ///   response per request, in the same order. Every submitter of one queue must pass the same
    ///   serving; it runs on the leader's thread with no lock of the queue held, one batch at a time.
    package func submit(_ request: Request, servingBatchesWith serve: ([Request]) -> [Response]) -> Response {
        let ticket = Ticket(request)
        lock.lock()
        pending.append(ticket)
        while ticket.response == nil && isServing { lock.wait() }
        if let response = ticket.response {
            lock.unlock()
            return response
        }
        // Not served, and nobody serving: this thread leads. Its own ticket is still pending, since
        // a leader takes tickets out only to serve them.
        isServing = true
        let batch = pending
        pending = []
        lock.unlock()

        let responses = serve(batch.map(\.request))
        // Cannot fail from input: the one `serve` (GroupStore+GroupCommit) answers each request
        // of the batch in turn. A miscount would be a bug here, and handing submitters the wrong
        // responses would acknowledge commits that were never written.
        precondition(responses.count == batch.count, "a batch of \(batch.count) requests got \(responses.count) responses")

        lock.withLock {
            for (waiting, response) in zip(batch, responses) { waiting.response = response }
            isServing = false
            counts.batches += 1
            counts.requests += batch.count
            lock.broadcast()
        }
        // Set just above, for this thread's own ticket too.
        return ticket.response!
    }

    /// How many requests are waiting for a leader to take them.
    package var pendingCount: Int {
        lock.withLock { pending.count }
    }

    /// The batches served so far, and the requests they held.
    package var servedCounts: Counts {
        lock.withLock { counts }
    }
}
