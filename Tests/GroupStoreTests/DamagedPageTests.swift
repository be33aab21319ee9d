import CLMDB
import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// Damage below the records, in LMDB's own pages, as the corruption campaign
/// (scripts/corrupt-campaign.sh) made it with random byte flips: never a crash of `grouplog`,
/// always a report of a damaged store (exit 5).
struct DamagedPageTests {
    /// A value LMDB hands back without a pointer but with a size (a failed cursor move over a
    /// damaged page left one, and reading it trapped before the failure was seen) reads as no
    /// bytes: the call's error, or the record's decoder, reports the damage.
    @Test func valueWithoutAPointerReadsAsNoBytes() {
        let value = MDB_val(mv_size: 53, mv_data: nil)
        #expect(UnsafeRawBufferPointer(value).count == 0)
    }

    /// A leaf node whose flags say "duplicates" (F_DUPDATA) in a database that has none sends
    /// LMDB 0.9 through a null pointer inside `mdb_cursor_get`: `grouplog` reports a damaged
    /// store with exit 5 instead of crashing with SIGSEGV.
    @Test func lmdbFaultOnADamagedLeafIsExitFive() throws {
        guard let binary = GrouplogBinary.path else {
            Issue.record(Comment(rawValue: GrouplogBinary.missing))
            return
        }
        let log = randomChainedLog(seed: 5, count: 40)
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating())
                try store.ingest(log)
            }
            var bytes = try #require(fileBytes(path + "/data.mdb"))
            let record = CommitCodec.encode(log[20])
            let place = try #require(offsets(of: record, in: bytes).first, "commit 20 is not in data.mdb")
            let page = place / 4_096 * 4_096
            // The page header: pgno (8), pad (2), flags (2; P_LEAF is 0x02), lower (2), upper
            // (2), then each node's offset; a node's flags are its bytes 4 and 5.
            try #require(bytes[page + 10] & 0x02 != 0, "commit 20's page is not a leaf")
            let lower = Int(UInt16(bytes[page + 12]) | UInt16(bytes[page + 13]) << 8)
            for pointer in stride(from: page + 16, to: page + lower, by: 2) {
                let node = page + Int(UInt16(bytes[pointer]) | UInt16(bytes[pointer + 1]) << 8)
                bytes[node + 4] |= 0x04
            }
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/data.mdb"))
            for arguments in [["verify"], ["log", GroupID.test.rawValue], ["replay", GroupID.test.rawValue], ["rebuild"]] {
                let result = try Child(binary, ["--store", path] + arguments).finish()
                #expect(result.status == 5, "grouplog \(arguments.joined(separator: " ")): exit \(result.status): \(result.stderr.prefix(600))")
                #expect(result.stderr.contains("corrupt"), "grouplog \(arguments.joined(separator: " ")): \(result.stderr.prefix(600))")
            }
        }
    }

    /// A data file cut short under a store that says it is longer: reads through the map past
    /// its end raise SIGBUS (in LMDB, or in whatever code reads a value that runs off the end:
    /// libcrypto hashing it, in the campaign). `grouplog` reports a damaged store, exit 5.
    @Test func dataFileCutShortIsExitFive() throws {
        guard let binary = GrouplogBinary.path else {
            Issue.record(Comment(rawValue: GrouplogBinary.missing))
            return
        }
        let log = randomChainedLog(seed: 6, count: 300)
        try withScratchDirectory { root throws in
            let path = root + "/store"
            do {
                let store = try GroupStore(path: path, options: creating())
                try store.ingest(log)
            }
            let bytes = try #require(fileBytes(path + "/data.mdb"))
            // The meta pages and a few more, not the tree they point into.
            try Data(bytes.prefix(4 * 4_096)).write(to: URL(fileURLWithPath: path + "/data.mdb"))
            for arguments in [["verify"], ["state", GroupID.test.rawValue], ["rebuild"]] {
                let result = try Child(binary, ["--store", path] + arguments).finish()
                #expect(result.status == 5, "grouplog \(arguments.joined(separator: " ")): exit \(result.status): \(result.stderr.prefix(600))")
            }
        }
    }
}
