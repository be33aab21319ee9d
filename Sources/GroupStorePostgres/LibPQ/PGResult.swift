internal import CPostgres

/// The rows of a statement, owning libpq's `PGresult` (cleared in deinit). Results are asked
/// for in binary, so a bytea column reads back as its raw bytes and an int8 as 8 big-endian bytes.
package final class PGResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    var rowCount: Int { Int(PQntuples(handle)) }

    /// The number of rows an INSERT, UPDATE or DELETE touched.
    var affectedRows: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) == 1 }

    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard length > 0, let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return [] }
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    func text(_ row: Int, _ column: Int) -> String { String(decoding: bytes(row, column), as: UTF8.self) }

    /// A boolean column (binary: one byte, 1 for true).
    func bool(_ row: Int, _ column: Int) -> Bool { bytes(row, column) == [1] }

    /// An int8 column (binary, big-endian); an int4 (4 bytes) reads too.
    func int64(_ row: Int, _ column: Int) -> Int64 {
        bytes(row, column).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
}
