import Foundation
import SQLiteEventStore

/// Runs `body` with a store on a fresh database file in a temporary directory, deleted afterwards
/// (with its WAL and shared-memory files).
func withNewDatabase<T>(_ body: (String) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-sqlite-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.appendingPathComponent("events.sqlite").path)
}

/// Runs `body` with a store open on a fresh database file.
func withNewStore<T>(_ body: (SQLiteEventStore) throws -> T) throws -> T {
    try withNewDatabase { path in try body(SQLiteEventStore(path: path)) }
}
