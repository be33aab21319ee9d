import Foundation
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The store-wide feed of changes (`changeCursor`, `blockUntilChanges`) that a replica follows:
/// commits and claims made through the store are listed, each once, after the cursor taken
/// before them; a backend that hears other processes reports a quiet wait as complete and
/// empty, one that does not (LMDB) as incomplete. Part of the seam's suite.
struct ChangeFeedTests {
    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func commitsAndClaimsAfterTheCursorAreListedOnce(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let before = store.changeCursor()
            try store.submit(to: .named("one"), actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo]))])
            try store.submit(to: .named("two"), actor: .bo, time: 2, changes: [.create(CreateConversation())])
            try store.submit(to: .named("one"), actor: .alix, time: 3, changes: [.updateName("again")])
            try store.claim(.handle("caro.eth"), for: .caro)
            let changes = store.blockUntilChanges(after: before, timeout: .seconds(30))
            // On PostgreSQL the feed also hears other tests' commits (same names, other schemas).
            let one = try #require(changes.groups.firstIndex(of: .named("one"))), two = try #require(changes.groups.firstIndex(of: .named("two")))
            #expect(one < two && Set(changes.groups).count == changes.groups.count)
            #expect(changes.inboxes.contains(.caro))
            #expect(changes.complete)
            #expect(changes.cursor > before)
        }
    }

    /// One short wait (a loop until nothing is heard would never end on PostgreSQL while other
    /// tests commit: the channel is the database's, so their commits are heard here too).
    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func aQuietWaitIsCompleteOnlyWhereOtherWritersAreHeard(backend: TestBackend) throws {
        try backend.withNewStore { store throws in
            let changes = store.blockUntilChanges(after: store.changeCursor(), timeout: .milliseconds(20))
            switch backend {
            case .lmdb: #expect(!changes.complete, "LMDB cannot hear other processes, so a quiet wait may have missed some")
            case .postgres: #expect(changes.complete)
            }
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: TestBackend.all)
    func aBlockedThreadWakesAtTheNextCommit(backend: TestBackend) async throws {
        let place = try backend.makePlace()
        defer { place.remove() }
        let store = try place.open()
        let start = store.changeCursor()
        let heard = Collected<StoreChanges>()
        // On PostgreSQL other tests' commits may wake it first: it waits again until it hears this one.
        let thread = Thread {
            var cursor = start
            while true {
                let changes = store.blockUntilChanges(after: cursor, timeout: .seconds(3_600))
                cursor = changes.cursor
                if changes.groups.contains(.named("woken")) || !changes.complete { return heard.append(changes) }
            }
        }
        thread.start()
        try await Task.sleep(for: .milliseconds(20))
        try store.submit(to: .named("woken"), actor: .alix, time: 1, changes: [.create(CreateConversation())])
        let deadline = ContinuousClock.now + .seconds(30)
        while heard.values.isEmpty && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(heard.values.first?.groups.contains(.named("woken")) == true, "the blocked thread was not woken")
    }

    /// A commit made through another store object (another connection, as another host's would
    /// be) reaches this one's feed through LISTEN/NOTIFY.
    @Test(.timeLimit(.minutes(1)), .enabled(if: TestBackend.postgresURL != nil))
    func aPostgresCommitElsewhereIsHeard() async throws {
        let place = try TestBackend.postgres.makePlace()
        defer { place.remove() }
        let follower = try place.open()
        let writer = try place.open()
        let start = follower.changeCursor()
        try writer.submit(to: .named("elsewhere"), actor: .alix, time: 1, changes: [.create(CreateConversation())])
        try writer.claim(.handle("far.eth"), for: .gus)
        // The waits block a thread: off the concurrency pool, which the other tests run on.
        let heard = await OffPool.run { () -> Bool in
            var cursor = start
            var groups: Set<GroupID> = [], inboxes: Set<InboxID> = []
            let deadline = ContinuousClock.now + .seconds(30)
            while !(groups.contains(.named("elsewhere")) && inboxes.contains(.gus)) && ContinuousClock.now < deadline {
                let changes = follower.blockUntilChanges(after: cursor, timeout: .seconds(1))
                groups.formUnion(changes.groups)
                inboxes.formUnion(changes.inboxes)
                cursor = changes.cursor
            }
            return groups.contains(.named("elsewhere")) && inboxes.contains(.gus)
        }
        #expect(heard)
    }
}

/// The feed's bookkeeping on its own: old entries are let go, and a cursor that fell out of
/// the kept entries, or belongs to another feed, is told its changes are incomplete.
struct ChangeJournalTests {
    @Test func aCursorOlderThanTheKeptEntriesGetsIncompleteChanges() {
        let journal = ChangeJournal(hearsOtherWriters: true, capacity: 4)
        let start = journal.cursor
        journal.committed((0..<3).map { GroupID.named("g\($0)") })
        let recent = journal.cursor
        #expect(journal.changes(after: start) == StoreChanges(cursor: recent, groups: [.named("g0"), .named("g1"), .named("g2")], inboxes: [], complete: true))
        journal.committed((3..<6).map { GroupID.named("g\($0)") })
        #expect(!journal.changes(after: start).complete)
        #expect(journal.changes(after: recent).groups == [.named("g3"), .named("g4"), .named("g5")])
        #expect(journal.changes(after: recent).complete)
    }

    @Test func aForeignCursorIsAnsweredAtOnceAsIncomplete() {
        let journal = ChangeJournal(hearsOtherWriters: true)
        let foreign = ChangeCursor(position: 99)
        let changes = journal.block(after: foreign, timeout: .seconds(3_600))
        #expect(!changes.complete && changes.cursor == journal.cursor)
    }

    @Test func aMissedNotificationMakesTheChangesIncomplete() {
        let journal = ChangeJournal(hearsOtherWriters: true)
        let start = journal.cursor
        journal.claimed([.bo, .bo])
        #expect(journal.changes(after: start) == StoreChanges(cursor: journal.cursor, groups: [], inboxes: [.bo], complete: true))
        journal.missedSome()
        #expect(!journal.changes(after: start).complete)
    }
}
