import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore
@testable import GroupStorePostgres

/// The libpq wrapper's bulk paths, against the test server: rows sent with binary COPY and
/// `text[]` parameters read back exactly as sent, and a COPY the server refuses in the middle of
/// an ingest leaves nothing of the batch.
struct PostgresCopyTests {
    /// A connection whose tables go in the place's schema.
    private static func connection(in place: StorePlace) throws -> PGConnection {
        try PGConnection(url: TestBackend.url(try #require(TestBackend.postgresURL), schema: place.root))
    }

    @Test func copiedRowsReadBackAsSent() throws {
        try TestBackend.postgres.withPlace { place throws in
            let connection = try Self.connection(in: place)
            try connection.execute("CREATE TABLE copied (id bigint PRIMARY KEY, name text NOT NULL, data bytea NOT NULL, tags text[] NOT NULL, note text)",
                                   operation: "create a table")
            let rows: [(id: Int64, name: String, data: [UInt8], tags: [String], note: String?)] = [
                (Int64.min, "", [], [], nil),
                (-5, "ünïcode ✓ and a \"quote\", a \\ and a\ttab", [0, 1, 2, 0xFF, 0x0A], ["one"], "a note"),
                (7, "plain", Array(0...255), ["a", "", "{braces}", "comma, quote \" backslash \\"], nil),
                (Int64.max, "last", [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59], ["x", "y"], "🙂"),
            ]
            var copy = PGCopyRows(columns: 5)
            for row in rows { copy.append(.int64(row.id), .text(row.name), .bytes(row.data), .textArray(row.tags), row.note.map(PGParameter.text) ?? .null) }
            #expect(copy.count == rows.count)
            try connection.transaction { connection throws(StoreError) in
                try connection.copy("COPY copied (id, name, data, tags, note) FROM STDIN (FORMAT binary)", copy, operation: "copy the rows")
            }
            let read = try connection.execute(
                "SELECT id, name, data, cardinality(tags), array_to_string(tags, '|'), note IS NULL, coalesce(note, '') FROM copied ORDER BY id",
                operation: "read the rows back")
            #expect(read.rowCount == rows.count)
            for (index, row) in rows.enumerated() {
                #expect(read.int64(index, 0) == row.id)
                #expect(read.text(index, 1) == row.name)
                #expect(read.bytes(index, 2) == row.data)
                #expect(read.int64(index, 3) == Int64(row.tags.count))
                #expect(read.text(index, 4) == row.tags.joined(separator: "|"))
                #expect(read.int64(index, 5) == (row.note == nil ? 1 : 0))
                #expect(read.text(index, 6) == (row.note ?? ""))
            }
        }
    }

    @Test func aTextArrayParameterArrivesWholeAndInOrder() throws {
        try TestBackend.postgres.withPlace { place throws in
            let connection = try Self.connection(in: place)
            let elements = ["zeta", "", "älpha", "with, comma", "{not an array}", "NULL", "\"quoted\""]
            let read = try connection.execute("SELECT element FROM unnest($1::text[]) WITH ORDINALITY AS u(element, position) ORDER BY position",
                                              [.textArray(elements)], operation: "unnest an array")
            #expect((0..<read.rowCount).map { read.text($0, 0) } == elements)
            let empty = try connection.execute("SELECT coalesce(cardinality($1::text[]), -1)", [.textArray([])], operation: "an empty array")
            #expect(empty.int64(0, 0) == 0)
        }
    }

    /// `int8[]` and `bytea[]` parameters, as a batch sends its rows, column by column, through
    /// a pipeline: every value back in order, extremes and empty bytes included.
    @Test func integerAndByteArrayParametersArriveWholeAndInOrder() throws {
        try TestBackend.postgres.withPlace { place throws in
            let connection = try Self.connection(in: place)
            let numbers: [Int64] = [0, -1, 1, .max, .min, 42]
            let blobs: [[UInt8]] = [[], [0], [0xFF, 0x00, 0x7F], Array(repeating: 0xAB, count: 70_000), [1, 2, 3], Array("\\x00".utf8)]
            let read = try connection.execute(pipelined: [PGStatement(
                "SELECT number, blob FROM unnest($1::bigint[], $2::bytea[]) WITH ORDINALITY AS u(number, blob, position) ORDER BY position",
                [.int64Array(numbers), .bytesArray(blobs)], operation: "unnest two arrays")])[0]
            #expect((0..<read.rowCount).map { read.int64($0, 0) } == numbers)
            #expect((0..<read.rowCount).map { read.bytes($0, 1) } == blobs)
            let empty = try connection.execute("SELECT coalesce(cardinality($1::bigint[]), -1) + coalesce(cardinality($2::bytea[]), -1)",
                                               [.int64Array([]), .bytesArray([])], operation: "empty arrays")
            #expect(empty.int64(0, 0) == 0)
        }
    }

    /// An outcome already where the batch's fourth commit's goes: the ingest's COPY of the
    /// commits succeeds, the COPY of their outcomes is refused with the server's unique violation,
    /// and nothing of the batch is left, not the commits, nor the group's head, nor its
    /// memberships; with the row gone the same batch goes in whole.
    @Test func aCopyTheServerRefusesWritesNothingOfTheBatch() throws {
        try TestBackend.postgres.withPlace { place throws in
            let store = try place.open()
            let log = chained([
                Commit(groupID: .test, sequence: 0, actor: .alix, time: 1, changes: [.create(CreateConversation(members: [.bo, .caro]))]),
                Commit(groupID: .test, sequence: 1, actor: .alix, time: 2, changes: [.updateName("one")]),
                Commit(groupID: .test, sequence: 2, actor: .alix, time: 3, changes: [.add(.davon)]),
                Commit(groupID: .test, sequence: 3, actor: .alix, time: 4, changes: [.updateName("three")]),
                Commit(groupID: .test, sequence: 4, actor: .bo, time: 5, changes: [.updateName("four")]),
            ])
            let connection = try Self.connection(in: place)
            try connection.execute("INSERT INTO grouplog_outcomes (group_id, sequence, outcome) VALUES ($1, 3, $2)",
                                   [.text(GroupID.test.rawValue), .bytes([1, 2, 3])], operation: "plant a row")
            #expect {
                try store.ingest(log)
            } throws: { error in
                PGConnection.sqlState(of: error as? StoreError ?? .groupNotFound(.test)) == PGError.uniqueViolation
            }
            #expect(try store.groups().isEmpty)
            for inbox in [InboxID.alix, .bo, .caro, .davon] { #expect(try store.groups(containing: inbox).isEmpty) }
            #expect(try store.directory(limit: 10).items.isEmpty)
            let left = try connection.execute("SELECT (SELECT count(*) FROM grouplog_commits), (SELECT count(*) FROM grouplog_outcomes)",
                                              operation: "count the rows")
            #expect(left.int64(0, 0) == 0 && left.int64(0, 1) == 1)

            try connection.execute("DELETE FROM grouplog_outcomes", operation: "take the planted row away")
            #expect(try store.ingest(log) == Array(repeating: .applied, count: 5))
            #expect(try store.commits(of: .test).map(\.commit) == log)
            #expect(try store.groups(containing: .davon) == [.test])
            #expect(try store.verify() == [])
        }
    }
}
