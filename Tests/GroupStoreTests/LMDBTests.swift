import Foundation
import GroupTestSupport
import Testing
@testable import GroupStore

/// The LMDB wrapper: each test opens a fresh environment in its own temporary directory and
/// deletes the directory afterwards.
///
/// Closures whose only `try` sits inside `#expect(...)` are marked `throws`: the compiler does
/// not look inside a macro's arguments when it infers whether a closure throws.
struct LMDBTests {
    // MARK: Round trips

    @Test func putGetDeleteRoundTrip() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in
                try txn.put(db, key: bytes("apple"), value: bytes("red"))
                try txn.put(db, key: bytes("pear"), value: bytes("green"))
                try txn.put(db, key: bytes("apple"), value: bytes("crimson"))
                try txn.put(db, key: bytes("empty"), value: [UInt8]())
            }
            try environment.read { txn throws(LMDBError) in
                #expect(try text(txn.get(db, key: bytes("apple"))) == "crimson")
                #expect(try text(txn.get(db, key: bytes("pear"))) == "green")
                #expect(try txn.get(db, key: bytes("empty"))?.count == 0)
                #expect(try txn.get(db, key: bytes("plum")) == nil)
                #expect(try txn.entryCount(db) == 3)
            }
            let deleted = try environment.write { txn throws(LMDBError) in
                (try txn.delete(db, key: bytes("apple")), try txn.delete(db, key: bytes("plum")))
            }
            #expect(deleted == (true, false))
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.get(db, key: bytes("apple")) == nil)
                #expect(try txn.entryCount(db) == 2)
            }
        }
    }

    @Test func buffersAndUnsafePointersAreKeysToo() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("numbers")
            try environment.write { txn throws(LMDBError) in
                for number: UInt64 in 1...3 {
                    try withUnsafeBytes(of: number.bigEndian) { key throws(LMDBError) in
                        try txn.put(db, key: key, value: bytes("n\(number)")[...])
                    }
                }
            }
            let value = try environment.read { txn throws(LMDBError) in
                try withUnsafeBytes(of: UInt64(2).bigEndian) { key throws(LMDBError) in try text(txn.get(db, key: key)) }
            }
            #expect(value == "n2")
        }
    }

    @Test func emptyKeyIsAnErrorNotACrash() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            let error = #expect(throws: LMDBError.self) {
                try environment.write { txn throws(LMDBError) in try txn.put(db, key: [UInt8](), value: bytes("x")) }
            }
            #expect(error?.isBadValueSize == true)
        }
    }

    @Test func databasesAreSeparateAndCached() throws {
        try withEnvironment { environment, _ throws in
            let first = try environment.database("first")
            let second = try environment.database("second")
            #expect(try environment.database("first") == first)
            #expect(first != second)
            try environment.write { txn throws(LMDBError) in
                try txn.put(first, key: bytes("k"), value: bytes("one"))
                try txn.put(second, key: bytes("k"), value: bytes("two"))
            }
            try environment.read { txn throws(LMDBError) in
                #expect(try text(txn.get(first, key: bytes("k"))) == "one")
                #expect(try text(txn.get(second, key: bytes("k"))) == "two")
            }
        }
    }

    @Test func dataSurvivesReopening() throws {
        try withDirectory { path throws in
            do {
                let environment = try LMDBEnvironment(path: path)
                let db = try environment.database("things")
                try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("kept"), value: bytes("yes")) }
            }
            let environment = try LMDBEnvironment(path: path)
            let db = try environment.database("things")
            #expect(try environment.read { txn throws(LMDBError) in try text(txn.get(db, key: bytes("kept"))) } == "yes")
        }
    }

    // MARK: Transactions

    @Test func readSeesCommittedDataOnly() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("old")) }
            let committedID = try environment.read { txn throws(LMDBError) in txn.transactionID }
            try environment.write { txn throws(LMDBError) in
                try txn.put(db, key: bytes("k"), value: bytes("new"))
                try txn.put(db, key: bytes("added"), value: bytes("x"))
                #expect(try text(txn.get(db, key: bytes("k"))) == "new")
                #expect(txn.transactionID == committedID + 1)
                // A read begun inside the write sees the last commit, not these writes.
                try environment.read { snapshot throws(LMDBError) in
                    #expect(try text(snapshot.get(db, key: bytes("k"))) == "old")
                    #expect(try snapshot.get(db, key: bytes("added")) == nil)
                    #expect(snapshot.transactionID == committedID)
                }
            }
            try environment.read { txn throws(LMDBError) in
                #expect(try text(txn.get(db, key: bytes("k"))) == "new")
                #expect(txn.transactionID == committedID + 1)
            }
        }
    }

    @Test func readOnAnotherThreadKeepsItsSnapshot() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("before")) }
            // The read waits for a write, which is only safe because this small write cannot need
            // to grow the 64 MiB map (growth waits for open reads).
            let reading = DispatchSemaphore(value: 0)
            let written = DispatchSemaphore(value: 0)
            let seen = Recorder<String?>()
            let reader = Thread {
                do {
                    try environment.read { txn throws(LMDBError) in
                        seen.append(try text(txn.get(db, key: bytes("k"))))
                        reading.signal()
                        written.wait()
                        seen.append(try text(txn.get(db, key: bytes("k"))))
                    }
                } catch {
                    seen.append("error: \(error)")
                }
                reading.signal()
            }
            reader.start()
            reading.wait()
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("after")) }
            written.signal()
            reading.wait()
            #expect(seen.values == ["before", "before"])
            #expect(try environment.read { txn throws(LMDBError) in try text(txn.get(db, key: bytes("k"))) } == "after")
        }
    }

    @Test func throwingWriteBodyWritesNothing() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("kept")) }
            #expect(throws: BodyError.refused) {
                try environment.write { txn throws(BodyError) in
                    try txn.put(db, key: bytes("k"), value: bytes("overwritten"))
                    try txn.put(db, key: bytes("other"), value: bytes("added"))
                    throw .refused
                }
            }
            try environment.read { txn throws(LMDBError) in
                #expect(try text(txn.get(db, key: bytes("k"))) == "kept")
                #expect(try txn.get(db, key: bytes("other")) == nil)
                #expect(try txn.entryCount(db) == 1)
            }
            // The environment is still usable after the abort.
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("other"), value: bytes("added")) }
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(db) } == 2)
        }
    }

    @Test func aBodysOwnErrorTypeCarriesLMDBFailuresToo() throws {
        try withEnvironment { environment, path throws in
            let db = try environment.database("things")
            let inWrite = #expect(throws: BodyError.self) {
                try environment.write { txn throws(BodyError) in try txn.put(db, key: [UInt8](), value: bytes("x")) }
            }
            guard case let .lmdb(failure)? = inWrite else {
                Issue.record("expected an LMDB failure, got \(String(describing: inWrite))")
                return
            }
            #expect(failure.isBadValueSize)
            #expect(failure.operation == "mdb_put things")
            // The environment's own refusal (a write inside a read) arrives as the body's type too.
            let nested = #expect(throws: BodyError.self) {
                try environment.read { _ throws(BodyError) in
                    try environment.write { txn throws(BodyError) in try txn.put(db, key: bytes("k"), value: bytes("v")) }
                }
            }
            guard case let .lmdb(refusal)? = nested else {
                Issue.record("expected an LMDB failure, got \(String(describing: nested))")
                return
            }
            #expect(refusal.code == EDEADLK)
            #expect(refusal.operation.hasPrefix("write \(path)"))
        }
    }

    @Test func writingInsideAReadOrAWriteIsRefusedNotADeadlock() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            let insideRead = #expect(throws: LMDBError.self) {
                try environment.read { _ throws(LMDBError) in
                    try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("v")) }
                }
            }
            #expect(insideRead?.code == EDEADLK)
            #expect(insideRead?.description.contains("read transaction") == true)
            let insideWrite = #expect(throws: LMDBError.self) {
                try environment.write { _ throws(LMDBError) in
                    try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("v")) }
                }
            }
            #expect(insideWrite?.code == EDEADLK)
            let openingInsideWrite = #expect(throws: LMDBError.self) {
                try environment.write { _ throws(LMDBError) in _ = try environment.database("late") }
            }
            #expect(openingInsideWrite?.code == EDEADLK)
            // A cached database is handed out anywhere.
            try environment.read { _ throws(LMDBError) in #expect(try environment.database("things") == db) }
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(db) } == 0)
        }
    }

    @Test func helpersCanTakeEitherTransaction() throws {
        func count(_ db: LMDBDatabase, in txn: borrowing some ReadableTransaction<LMDBError> & ~Copyable) throws(LMDBError) -> Int {
            try txn.entryCount(db)
        }
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            let inside = try environment.write { txn throws(LMDBError) in
                try txn.put(db, key: bytes("k"), value: bytes("v"))
                return try count(db, in: txn)
            }
            #expect(inside == 1)
            #expect(try environment.read { txn throws(LMDBError) in try count(db, in: txn) } == 1)
        }
    }

    // MARK: Cursors

    @Test func cursorOrderIsByteOrder() throws {
        var generator = SeededGenerator(seed: 0x1D8B)
        let keys = (0..<300).map { _ in
            (0..<Int.random(in: 1...6, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        let expected = Set(keys).sorted { $0.lexicographicallyPrecedes($1) }
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in
                for key in keys { try txn.put(db, key: key, value: key) }
            }
            let forward = try environment.read { txn throws(LMDBError) in
                try txn.withCursor(db) { cursor throws(LMDBError) in
                    var seen: [[UInt8]] = []
                    try cursor.forEach { entry throws(LMDBError) in
                        #expect(Array(entry.key) == Array(entry.value))
                        seen.append(Array(entry.key))
                        return .next
                    }
                    return seen
                }
            }
            #expect(forward == expected, "seed \(generator.seed)")
            let backward = try environment.read { txn throws(LMDBError) in
                try txn.withCursor(db) { cursor throws(LMDBError) in
                    var seen: [[UInt8]] = []
                    var entry = try cursor.last()
                    while let current = entry {
                        seen.append(Array(current.key))
                        entry = try cursor.previous()
                    }
                    return seen
                }
            }
            #expect(backward == expected.reversed(), "seed \(generator.seed)")
        }
    }

    @Test func seekAndRanges() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("log")
            // Keys are group + big-endian sequence, as the commit log writes them.
            try environment.write { txn throws(LMDBError) in
                for group in ["a", "b", "c"] {
                    for sequence: UInt32 in [1, 2, 3, 255, 256] {
                        try txn.put(db, key: logKey(group, sequence), value: bytes("\(group)\(sequence)"))
                    }
                }
            }
            try environment.read { txn throws(LMDBError) in
                try txn.withCursor(db) { cursor throws(LMDBError) in
                    #expect(try cursor.current() == nil)
                    #expect(try text(cursor.first()?.value) == "a1")
                    #expect(try text(cursor.current()?.value) == "a1")
                    #expect(try text(cursor.last()?.value) == "c256")
                    #expect(try cursor.next() == nil)
                    #expect(try text(cursor.seek(atOrAfter: logKey("b", 4))?.value) == "b255")
                    #expect(try text(cursor.seek(atOrAfter: bytes("b"))?.value) == "b1")
                    #expect(try text(cursor.previous()?.value) == "a256")
                    #expect(try cursor.seek(atOrAfter: bytes("d")) == nil)
                    #expect(try text(cursor.seek(exactly: logKey("c", 2))?.value) == "c2")
                    #expect(try cursor.seek(exactly: logKey("c", 4)) == nil)
                    #expect(try text(cursor.last(withPrefix: bytes("a"))?.value) == "a256")
                    #expect(try text(cursor.last(withPrefix: bytes("c"))?.value) == "c256")
                    #expect(try text(cursor.last(withPrefix: logKey("b", 2))?.value) == "b2")
                    #expect(try cursor.last(withPrefix: bytes("bb")) == nil)
                    #expect(try cursor.last(withPrefix: bytes("d")) == nil)
                    #expect(try cursor.last(withPrefix: [0xFF]) == nil)
                    #expect(try text(cursor.last(withPrefix: [UInt8]())?.value) == "c256")
                }
                let prefixed = try values(txn, db) { (cursor, body) throws(LMDBError) in try cursor.forEach(withPrefix: bytes("b"), body) }
                #expect(prefixed == ["b1", "b2", "b3", "b255", "b256"])
                let ranged = try values(txn, db) { (cursor, body) throws(LMDBError) in
                    try cursor.forEach(from: logKey("a", 3), upTo: logKey("b", 3), body)
                }
                #expect(ranged == ["a3", "a255", "a256", "b1", "b2"])
                let limited = try values(txn, db, limit: 2) { (cursor, body) throws(LMDBError) in
                    try cursor.forEach(withPrefix: bytes("c"), body)
                }
                #expect(limited == ["c1", "c2"])
            }
        }
    }

    @Test func lastWithPrefixSkipsPastTrailingFFBytes() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("edges")
            try environment.write { txn throws(LMDBError) in
                for key: [UInt8] in [[0x01, 0xFF], [0x01, 0xFF, 0x07], [0x01, 0xFF, 0xFF, 0x01], [0x02], [0xFF, 0xFF, 0x01]] {
                    try txn.put(db, key: key, value: key)
                }
            }
            try environment.read { txn throws(LMDBError) in
                try txn.withCursor(db) { cursor throws(LMDBError) in
                    #expect(try cursor.last(withPrefix: [0x01, 0xFF]).map { Array($0.key) } == [0x01, 0xFF, 0xFF, 0x01])
                    #expect(try cursor.last(withPrefix: [0x01]).map { Array($0.key) } == [0x01, 0xFF, 0xFF, 0x01])
                    #expect(try cursor.last(withPrefix: [0xFF, 0xFF]).map { Array($0.key) } == [0xFF, 0xFF, 0x01])
                    #expect(try cursor.last(withPrefix: [0x00]) == nil)
                }
            }
        }
    }

    // MARK: Put options

    @Test func appendInOrderWorksAndOutOfOrderIsKeyExists() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("log")
            try environment.write { txn throws(LMDBError) in
                for sequence: UInt32 in 1...1000 {
                    try txn.put(db, key: logKey("g", sequence), value: bytes("commit \(sequence)"), options: .append)
                }
            }
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(db) } == 1000)
            try environment.write { txn throws(LMDBError) in
                let backwards = #expect(throws: LMDBError.self) {
                    try txn.put(db, key: logKey("g", 500), value: bytes("late"), options: .append)
                }
                #expect(backwards?.isKeyExists == true)
                let repeated = #expect(throws: LMDBError.self) {
                    try txn.put(db, key: logKey("g", 1000), value: bytes("again"), options: .append)
                }
                #expect(repeated?.isKeyExists == true)
                // The transaction is still good: the next key in order goes in.
                try txn.put(db, key: logKey("g", 1001), value: bytes("commit 1001"), options: .append)
            }
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.entryCount(db) == 1001)
                #expect(try text(txn.get(db, key: logKey("g", 500))) == "commit 500")
                #expect(try text(txn.get(db, key: logKey("g", 1001))) == "commit 1001")
            }
        }
    }

    @Test func noOverwriteDuplicateIsKeyExistsAndKeepsTheValue() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in
                try txn.put(db, key: bytes("k"), value: bytes("first"), options: .noOverwrite)
                let duplicate = #expect(throws: LMDBError.self) {
                    try txn.put(db, key: bytes("k"), value: bytes("second"), options: .noOverwrite)
                }
                #expect(duplicate?.isKeyExists == true)
                #expect(duplicate?.isNotFound == false)
            }
            #expect(try environment.read { txn throws(LMDBError) in try text(txn.get(db, key: bytes("k"))) } == "first")
        }
    }

    @Test func reserveWritesStraightIntoTheMap() throws {
        try withEnvironment { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in
                let space = try txn.reserve(db, key: bytes("k"), count: 5)
                #expect(space.count == 5)
                space.copyBytes(from: bytes("hello"))
                let duplicate = #expect(throws: LMDBError.self) {
                    _ = try txn.reserve(db, key: bytes("k"), count: 3, options: .noOverwrite)
                }
                #expect(duplicate?.isKeyExists == true)
            }
            #expect(try environment.read { txn throws(LMDBError) in try text(txn.get(db, key: bytes("k"))) } == "hello")
        }
    }

    @Test func dropEmptiesOneDatabase() throws {
        try withEnvironment { environment, _ throws in
            let dropped = try environment.database("dropped")
            let kept = try environment.database("kept")
            try environment.write { txn throws(LMDBError) in
                for index in 0..<100 {
                    try txn.put(dropped, key: bytes("k\(index)"), value: bytes("v"))
                    try txn.put(kept, key: bytes("k\(index)"), value: bytes("v"))
                }
            }
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(dropped) } == 100)
            try environment.write { txn throws(LMDBError) in
                try txn.drop(dropped)
                #expect(try txn.entryCount(dropped) == 0)
            }
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.entryCount(dropped) == 0)
                #expect(try txn.entryCount(kept) == 100)
                #expect(try txn.withCursor(dropped) { cursor throws(LMDBError) in try cursor.first() } == nil)
            }
            // The database itself is still there.
            try environment.write { txn throws(LMDBError) in try txn.put(dropped, key: bytes("again"), value: bytes("v")) }
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(dropped) } == 1)
        }
    }

    // MARK: Map growth

    @Test func mapGrowsInsideOneLargeTransaction() throws {
        try withEnvironment(LMDBEnvironment.Options(mapSize: 64 << 10)) { environment, _ throws in
            let db = try environment.database("log")
            #expect(environment.mapSize == 64 << 10)
            let value = [UInt8](repeating: 0xAB, count: 1000)
            var runs = 0
            try environment.write { txn throws(LMDBError) in
                runs += 1
                for sequence: UInt32 in 0..<5000 {
                    try txn.put(db, key: logKey("g", sequence), value: value, options: .append)
                }
            }
            #expect(runs > 1)
            #expect(environment.mapSize >= 5_000_000)
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.entryCount(db) == 5000)
                #expect(try txn.get(db, key: logKey("g", 4999)).map(Array.init) == value)
            }
        }
    }

    @Test func mapGrowsAcrossManyTransactions() throws {
        try withEnvironment(LMDBEnvironment.Options(mapSize: 64 << 10)) { environment, _ throws in
            let db = try environment.database("things")
            for batch: UInt32 in 0..<100 {
                try environment.write { txn throws(LMDBError) in
                    for index: UInt32 in 0..<50 {
                        try txn.put(db, key: logKey("k", batch * 50 + index), value: [UInt8](repeating: UInt8(batch), count: 600))
                    }
                }
            }
            #expect(environment.mapSize > 2_000_000)
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.entryCount(db) == 5000)
                for sequence: UInt32 in stride(from: 0, to: 5000, by: 97) {
                    #expect(try txn.get(db, key: logKey("k", sequence))?.first == UInt8(sequence / 50))
                }
            }
        }
    }

    @Test func mapFullIsRetriedEvenIfTheBodySwallowsIt() throws {
        try withEnvironment(LMDBEnvironment.Options(mapSize: 64 << 10)) { environment, _ throws in
            let db = try environment.database("things")
            var swallowed = 0
            try environment.write { txn throws(LMDBError) in
                for index in 0..<400 {
                    do throws(LMDBError) {
                        try txn.put(db, key: bytes("key \(index)"), value: [UInt8](repeating: 1, count: 500))
                    } catch where error.isMapFull {
                        swallowed += 1
                        return
                    }
                }
            }
            #expect(swallowed >= 1)
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(db) } == 400)
        }
    }

    @Test func growthStopsAtMaxMapSizeWithMapFull() throws {
        let options = LMDBEnvironment.Options(mapSize: 64 << 10, maxMapSize: 256 << 10)
        try withEnvironment(options) { environment, _ throws in
            let db = try environment.database("things")
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("kept"), value: bytes("yes")) }
            let error = #expect(throws: LMDBError.self) {
                try environment.write { txn throws(LMDBError) in
                    for index in 0..<1000 {
                        try txn.put(db, key: bytes("key \(index)"), value: [UInt8](repeating: 1, count: 1000))
                    }
                }
            }
            #expect(error?.isMapFull == true)
            #expect(error?.description.contains("maxMapSize") == true)
            #expect(environment.mapSize == 256 << 10)
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.entryCount(db) == 1)
                #expect(try text(txn.get(db, key: bytes("kept"))) == "yes")
            }
        }
    }

    @Test func growthWaitsForOpenReadsWhoseBuffersStayValid() throws {
        try withEnvironment(LMDBEnvironment.Options(mapSize: 64 << 10)) { environment, _ throws in
            let db = try environment.database("things")
            let original = [UInt8](repeating: 0x5A, count: 3000)
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("held"), value: original) }
            let reading = DispatchSemaphore(value: 0)
            let events = Recorder<String>()
            let reader = Thread {
                try? environment.read { txn throws(LMDBError) in
                    guard let value = try txn.get(db, key: bytes("held")) else { return }
                    reading.signal()
                    // Give the writer time to fill the map and wait for this read; then the buffer
                    // must still point at mapped memory holding the same bytes.
                    Thread.sleep(forTimeInterval: 0.3)
                    events.append(Array(value) == original ? "read intact" : "read changed")
                }
                events.append("read ended")
                reading.signal()
            }
            reader.start()
            reading.wait()
            try environment.write { txn throws(LMDBError) in
                for index in 0..<2000 {
                    try txn.put(db, key: bytes("key \(index)"), value: [UInt8](repeating: 1, count: 1000))
                }
            }
            events.append("write done")
            reading.wait()
            // 2 MB cannot fit in 64 KiB, so the write had to grow the map, which waited for the read.
            #expect(events.values == ["read intact", "read ended", "write done"])
            #expect(environment.mapSize >= 2_000_000)
            #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(db) } == 2001)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: mdbLoad), "needs mdb_load (lmdb-utils)"),
          arguments: [false, true])
    func mapGrownByAnotherProcessIsAdopted(writeFirst: Bool) throws {
        try withEnvironment(LMDBEnvironment.Options(mapSize: 64 << 10)) { environment, path throws in
            let mine = try environment.database("mine")
            try environment.write { txn throws(LMDBError) in try txn.put(mine, key: bytes("k"), value: bytes("v")) }
            // Another process loads 3000 entries (about 700 KB) with a 16 MiB map.
            var dump = "VERSION=3\nformat=bytevalue\ntype=btree\nmapsize=\(16 << 20)\nHEADER=END\n"
            let value = String(repeating: "ab", count: 200)
            for index in 0..<3000 { dump += " " + String(format: "6b%08x", index) + "\n " + value + "\n" }
            dump += "DATA=END\n"
            let dumpFile = path + "-dump.txt"
            try Data(dump.utf8).write(to: URL(fileURLWithPath: dumpFile))
            defer { try? FileManager.default.removeItem(atPath: dumpFile) }
            let load = try runTool(mdbLoad, ["-s", "loaded", "-f", dumpFile, path])
            #expect(load.status == 0, "\(load.stderr)")

            if writeFirst {
                try environment.write { txn throws(LMDBError) in try txn.put(mine, key: bytes("k2"), value: bytes("v2")) }
            } else {
                #expect(try environment.read { txn throws(LMDBError) in try txn.entryCount(mine) } == 1)
            }
            #expect(environment.mapSize == 16 << 20)
            let loaded = try environment.database("loaded")
            try environment.read { txn throws(LMDBError) in
                #expect(try txn.entryCount(loaded) == 3000)
                #expect(try txn.get(loaded, key: [0x6B, 0, 0, 0x0B, 0xB7])?.count == 200)
            }
        }
    }

    // MARK: Opening

    @Test func missingDirectoryIsAClearError() throws {
        try withDirectory { path throws in
            let missing = path + "/not-there"
            let error = #expect(throws: LMDBError.self) { try LMDBEnvironment(path: missing) }
            #expect(error?.code == ENOENT)
            #expect(error?.description.contains("No such file or directory") == true)
            #expect(error?.description.contains(missing) == true)
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    @Test func garbageDataFileIsAClearError() throws {
        try withDirectory { path throws in
            var generator = SeededGenerator(seed: 42)
            let garbage = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(garbage).write(to: URL(fileURLWithPath: path + "/data.mdb"))
            let error = #expect(throws: LMDBError.self) { try LMDBEnvironment(path: path) }
            #expect(error?.isInvalidFile == true)
            #expect(error?.description.contains("not an LMDB file") == true)
            // The failed open left nothing claimed: fixing the directory makes it openable.
            try FileManager.default.removeItem(atPath: path + "/data.mdb")
            _ = try LMDBEnvironment(path: path)
        }
    }

    @Test func aFileInsteadOfADirectoryIsAClearError() throws {
        try withDirectory { path throws in
            let file = path + "/plain"
            try Data("hello".utf8).write(to: URL(fileURLWithPath: file))
            let error = #expect(throws: LMDBError.self) { try LMDBEnvironment(path: file) }
            #expect(error?.code == ENOTDIR)
        }
    }

    @Test func optionsOutOfRangeAreRefused() throws {
        try withDirectory { path throws in
            let negative = #expect(throws: LMDBError.self) {
                try LMDBEnvironment(path: path, options: .init(maxReaders: -1))
            }
            #expect(negative?.code == EINVAL)
            let inverted = #expect(throws: LMDBError.self) {
                try LMDBEnvironment(path: path, options: .init(mapSize: 1 << 20, maxMapSize: 1 << 16))
            }
            #expect(inverted?.code == EINVAL)
        }
    }

    @Test func aSecondEnvironmentOnTheSamePathIsRefused() throws {
        try withEnvironment { environment, path throws in
            let error = #expect(throws: LMDBError.self) { try LMDBEnvironment(path: path + "/.") }
            #expect(error?.code == EBUSY)
            #expect(error?.description.contains("already open in this process") == true)
            _ = environment
        }
        try withDirectory { path throws in
            _ = try LMDBEnvironment(path: path)
            // The first one is closed by now, so the path can be opened again.
            _ = try LMDBEnvironment(path: path)
        }
    }

    @Test func tooManyDatabasesIsDBSFull() throws {
        try withEnvironment(LMDBEnvironment.Options(maxDatabases: 2)) { environment, _ throws in
            _ = try environment.database("one")
            _ = try environment.database("two")
            let error = #expect(throws: LMDBError.self) { try environment.database("three") }
            #expect(error?.isDatabasesFull == true)
        }
    }

    @Test func readOnlyEnvironmentReadsButRefusesWrites() throws {
        try withDirectory { path throws in
            do {
                let environment = try LMDBEnvironment(path: path)
                let db = try environment.database("things")
                try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("v")) }
            }
            let environment = try LMDBEnvironment(path: path, options: .init(readOnly: true))
            let db = try environment.database("things")
            #expect(try environment.read { txn throws(LMDBError) in try text(txn.get(db, key: bytes("k"))) } == "v")
            let write = #expect(throws: LMDBError.self) {
                try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("w")) }
            }
            #expect(write?.code == EACCES)
            let missing = #expect(throws: LMDBError.self) { try environment.database("absent") }
            #expect(missing?.isNotFound == true)
        }
    }

    // MARK: Readers, sync and info

    @Test func readerCheckRunsAtOpen() throws {
        try withEnvironment { environment, _ throws in
            #expect(environment.staleReadersCleared == 0)
            #expect(try environment.clearStaleReaders() == 0)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: mdbDump), "needs mdb_dump (lmdb-utils)"))
    func readersOfKilledProcessesAreCleared() throws {
        try withDirectory { path throws in
            do {
                let environment = try LMDBEnvironment(path: path)
                let db = try environment.database("things")
                try environment.write { txn throws(LMDBError) in
                    for index in 0..<2000 { try txn.put(db, key: bytes("key \(index)"), value: [UInt8](repeating: 7, count: 500)) }
                }
            }
            // Two processes each hold a read transaction. `survivor` keeps the lock file in use
            // (the last process to close it would reset the reader table); `victim` is killed, leaving
            // its reader slot behind for the next open to clear.
            let survivor = try BlockedDump(path: path, database: "things")
            defer { survivor.kill() }
            let victim = try BlockedDump(path: path, database: "things")
            victim.kill()

            let environment = try LMDBEnvironment(path: path)
            #expect(environment.staleReadersCleared == 1)
            #expect(try environment.clearStaleReaders() == 0)
            survivor.kill()
            #expect(try environment.clearStaleReaders() == 1)
            #expect(environment.info().readersInUse >= 1)
        }
    }

    @Test func syncAndInfo() throws {
        try withEnvironment(LMDBEnvironment.Options(noMetaSync: true, noSync: true)) { environment, _ throws in
            let db = try environment.database("things")
            let before = environment.info()
            try environment.write { txn throws(LMDBError) in try txn.put(db, key: bytes("k"), value: bytes("v")) }
            try environment.sync(force: true)
            let after = environment.info()
            #expect(after.mapSize == 64 << 20)
            #expect(after.pageSize >= 4096)
            #expect(after.maxReaders == 126)
            #expect(after.lastTransactionID == before.lastTransactionID + 1)
            #expect(after.lastPageNumber >= before.lastPageNumber)
        }
    }
}

// MARK: - Helpers

private let mdbLoad = "/usr/bin/mdb_load"
private let mdbDump = "/usr/bin/mdb_dump"

/// Runs `body` with the path of a fresh temporary directory, deleted afterwards.
private func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-lmdb-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
}

/// Runs `body` with an environment open in a fresh temporary directory, deleted afterwards.
private func withEnvironment<T>(
    _ options: LMDBEnvironment.Options = .init(), _ body: (LMDBEnvironment, String) throws -> T
) throws -> T {
    try withDirectory { path throws in
        let environment = try LMDBEnvironment(path: path, options: options)
        return try body(environment, path)
    }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A body's own error, as a caller of the wrapper would have one: it carries LMDB's failures too.
private enum BodyError: LMDBErrorConvertible, Equatable {
    case lmdb(LMDBError)
    case refused

    init(_ failure: LMDBError) { self = .lmdb(failure) }
}

private func text(_ buffer: UnsafeRawBufferPointer?) -> String? {
    buffer.map { String(decoding: $0, as: UTF8.self) }
}

/// A log key: the group's name, then the sequence as four big-endian bytes.
private func logKey(_ group: String, _ sequence: UInt32) -> [UInt8] {
    bytes(group) + withUnsafeBytes(of: sequence.bigEndian) { Array($0) }
}

/// The values a `forEach` variant visits, stopping after `limit`.
private func values(
    _ txn: borrowing ReadTransaction<LMDBError>,
    _ db: LMDBDatabase,
    limit: Int = .max,
    _ iterate: (LMDBCursor<LMDBError>, (LMDBCursor<LMDBError>.Entry) throws(LMDBError) -> LMDBCursor<LMDBError>.Step) throws(LMDBError) -> Void
) throws(LMDBError) -> [String] {
    try txn.withCursor(db) { cursor throws(LMDBError) in
        var seen: [String] = []
        try iterate(cursor) { entry in
            seen.append(String(decoding: entry.value, as: UTF8.self))
            return seen.count < limit ? .next : .stop
        }
        return seen
    }
}

private func runTool(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
}

/// An `mdb_dump` process stuck inside its read transaction: it writes megabytes into a pipe
/// nobody drains, so it blocks there until it is killed.
private final class BlockedDump {
    private let process = Process()
    private let output = Pipe()

    init(path: String, database: String) throws {
        process.executableURL = URL(fileURLWithPath: mdbDump)
        process.arguments = ["-s", database, path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // mdb_dump begins its transaction before it prints anything, so one byte means it is open.
        _ = try output.fileHandleForReading.read(upToCount: 1)
    }

    /// Kills the process with SIGKILL, as a crash would, and waits for it to be gone.
    func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Values appended from other threads, read back on the test's own.
private final class Recorder<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `stored` is only touched with `lock` held.
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
