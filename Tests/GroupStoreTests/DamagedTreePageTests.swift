import Foundation
import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// A damaged page of LMDB's own tree, not a record: the branch page above the log's leaves points
/// one of them past the end of the file, so that LMDB fails to read it (`MDB_PAGE_NOTFOUND`) and
/// refuses everything else the reading transaction asks (`MDB_BAD_TXN`). Every commit on the
/// leaves before it is still handed over, then the page's damage is reported; `verify` lists it
/// rather than failing with the refusal that follows it (the corruption campaign's trial 37 of
/// seed 17, 2026-12-03).
struct DamagedTreePageTests {
    static let group = GroupID.named("long")

    /// A walk on one thread (2,000 commits) and one pipelined through the chain-check thread
    /// (6,000), each with the leaf page holding commit 1,500 made unreachable.
    @Test(arguments: [2_000, 6_000])
    func aDamagedTreePageIsReportedAfterEveryCommitBeforeIt(_ count: Int) throws {
        try withScratchDirectory { root throws in
            let log = renamingLog(of: Self.group, count: count)
            let path = root + "/store"
            let firstUnreachable = try Self.store(log, at: path, unreachableFrom: 1_500)
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 100_000))
            let last = UInt64(count - 1)
            #expect((last >= GroupStore.pipelinedRunLength) == (count == 6_000))

            let (walked, handed) = Self.walk(store, through: last)
            let damage = try #require(walked, "the walk over an unreachable page did not fail")
            #expect(Self.isDamagedPage(damage), "\(damage)")
            #expect(handed.count == firstUnreachable, "\(handed.count) commits handed; the unreachable page starts at \(firstUnreachable)")
            let intact = handed.elementsEqual(log.prefix(handed.count))
            #expect(intact, "the commits handed before the damage differ from the log's")

            let (replayed, folded) = Self.replay(store, through: last)
            #expect(replayed == damage)
            #expect(folded == firstUnreachable)

            // Verify reads each commit's stored outcome through the transaction the damage ended.
            let problems = try store.verify(nil, progress: nil)
            #expect(problems.contains { $0.group == Self.group && $0.message.contains("MDB_PAGE_NOTFOUND") }, "\(problems)")
        }
    }

    /// Stores `log` at `path`, then points the branch entry of the leaf page holding commit
    /// `damaged` past the end of the file. Returns the sequence of the first commit on that page.
    private static func store(_ log: [Commit], at path: String, unreachableFrom damaged: Int) throws -> Int {
        do {
            let store = try GroupStore(path: path, options: creating(snapshotInterval: 100_000))
            try store.ingest(log)
        }
        var file = try #require(fileBytes(path + "/data.mdb"))
        let places = offsets(of: CommitCodec.encode(log[damaged]), in: file)
        try #require(places.count == 1, "commit \(damaged)'s record is in data.mdb \(places.count) times")
        let leaf = places[0] / LMDBPage.size
        let firstOnLeaf = try #require(LMDBPage(file, number: leaf).firstLeafKey.flatMap { key in key.withUnsafeBytes(StoreKeys.parse) }?.sequence)
        var pointers = 0
        for number in 2..<(file.count / LMDBPage.size) where LMDBPage(file, number: number).isBranch {
            pointers += LMDBPage.repoint(&file, branch: number, from: leaf, to: 0xFF_FFFF)
        }
        try #require(pointers > 0, "no branch page points to leaf page \(leaf)")
        try Data(file).write(to: URL(fileURLWithPath: path + "/data.mdb"))
        return Int(firstOnLeaf)
    }

    private static func walk(_ store: GroupStore, through last: UInt64) -> (StoreError?, [Commit]) {
        var handed: [Commit] = []
        do {
            try store.forEachCommit(of: group, from: 0, through: last) { handed.append($0) }
            return (nil, handed)
        } catch {
            return (error, handed)
        }
    }

    private static func replay(_ store: GroupStore, through last: UInt64) -> (StoreError?, Int) {
        var folded = 0
        do {
            _ = try store.replay(group, through: last) { _, _, _ in folded += 1 }
            return (nil, folded)
        } catch {
            return (error, folded)
        }
    }

    private static func isDamagedPage(_ error: StoreError) -> Bool {
        if case let .corrupt(nil, nil, reason) = error { return reason.contains("MDB_PAGE_NOTFOUND") }
        return false
    }
}

/// Just enough of LMDB's page layout (lmdb.h 0.9, 64-bit, little-endian) to damage a branch
/// page: a 16-byte header (page number, padding, flags, lower and upper bounds), then 2-byte
/// offsets of the nodes; a node starts with its child's page number in three 2-byte parts (low,
/// high, then the part above 32 bits) and its key's size.
private struct LMDBPage {
    static let size = 4_096
    static let branchFlag: UInt16 = 0x01
    static let leafFlag: UInt16 = 0x02

    let bytes: ArraySlice<UInt8>

    init(_ file: [UInt8], number: Int) {
        bytes = file[(number * Self.size)..<((number + 1) * Self.size)]
    }

    var flags: UInt16 { half(at: 10) }
    var isBranch: Bool { flags & 0x0F == Self.branchFlag }
    private var nodeOffsets: [Int] {
        let lower = Int(half(at: 12))
        guard lower >= 16, lower <= Self.size else { return [] }
        return stride(from: 16, to: lower, by: 2).map { Int(half(at: $0)) }
    }

    /// The key of a leaf page's first node.
    var firstLeafKey: [UInt8]? {
        guard flags & 0x0F == Self.leafFlag, let node = nodeOffsets.first, node + 8 <= Self.size else { return nil }
        let keySize = Int(half(at: node + 6))
        guard node + 8 + keySize <= Self.size else { return nil }
        return Array(bytes[(bytes.startIndex + node + 8)..<(bytes.startIndex + node + 8 + keySize)])
    }

    /// Points every node of branch page `branch` that names page `old` at page `new` instead;
    /// returns how many did.
    static func repoint(_ file: inout [UInt8], branch: Int, from old: Int, to new: Int) -> Int {
        let page = LMDBPage(file, number: branch)
        var repointed = 0
        for node in page.nodeOffsets where node + 6 <= size {
            let child = Int(page.half(at: node)) | Int(page.half(at: node + 2)) << 16 | Int(page.half(at: node + 4)) << 32
            guard child == old else { continue }
            let at = branch * size + node
            for part in 0..<3 {
                let value = UInt16(truncatingIfNeeded: new >> (16 * part))
                file[at + 2 * part] = UInt8(value & 0xFF)
                file[at + 2 * part + 1] = UInt8(value >> 8)
            }
            repointed += 1
        }
        return repointed
    }

    private func half(at offset: Int) -> UInt16 {
        UInt16(bytes[bytes.startIndex + offset]) | UInt16(bytes[bytes.startIndex + offset + 1]) << 8
    }
}
