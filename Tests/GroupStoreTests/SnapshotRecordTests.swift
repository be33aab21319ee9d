import GroupCodec
import GroupCore
import GroupTestSupport
import Testing
@testable import GroupStore

/// The stored snapshot record (issue 18): version 2 holds the snapshot encoding; version 1,
/// which stores written before it hold, still reads to the same state.
struct SnapshotRecordTests {
    func decoded(_ bytes: [UInt8]) throws -> GroupState? {
        try bytes.withUnsafeBytes { try SnapshotRecord.decode($0) }
    }

    @Test func bothVersionsReadToTheSameState() throws {
        let log = randomChainedLog(seed: 7, count: 40)
        for state in Folded(log).states.compactMap({ $0 }) {
            let current = SnapshotRecord.encode(state)
            #expect(current.first == 2)
            #expect(try decoded(current) == state)
            let older = SnapshotRecord.encodeVersion1(state)
            #expect(older.first == 1)
            #expect(try decoded(older) == state)
        }
        #expect(try decoded(SnapshotRecord.encode(nil)) == nil)
    }

    /// The snapshot fuzzer's first finding (2026-12-02): a state without a single member record,
    /// which a version-1 record can hold, trapped the version-2 loader (a stride by a chunk of
    /// none) when written again, instead of reading back.
    @Test func aStateWithoutMemberRecordsReadsBackInEveryVersion() throws {
        let found: [UInt8] = [
            0x01, 0x01, 0x79, 0x1F, 0xF9, 0x6F, 0x26, 0xC7, 0x0E, 0x3D, 0xBD, 0xDC, 0x7C, 0xE0, 0xFE, 0x49,
            0xC9, 0xC5, 0xCA, 0x22, 0x04, 0xD4, 0xED, 0xA5, 0xFD, 0xC4, 0x6C, 0xDF, 0xD5, 0xC7, 0xCF, 0x08,
            0x9C, 0xC5, 0x01, 0x04, 0x66, 0x75, 0x7A, 0x7A, 0x01, 0x04, 0x61, 0x6C, 0x69, 0x78, 0x07, 0xF4,
            0x03, 0x00, 0x00, 0x00, 0x00, 0x0F, 0x00, 0x00, 0x01, 0x03, 0x02, 0x04, 0x03, 0x04, 0x04, 0x00,
            0x05, 0x00, 0x06, 0x00, 0x07, 0x00, 0x08, 0x03, 0x09, 0x03, 0x0A, 0x02, 0x0B, 0x03, 0x0C, 0x03,
            0x0D, 0x03, 0x0E, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0xE8, 0xFB, 0x05, 0x00, 0x00, 0x00,
        ]
        // As the fuzz target does: the checksum over the body put right, the version-1 record
        // read, its state written in the current version and read again.
        var record = found
        record.replaceSubrange(2..<34, with: SHA256.hash(Array(found[34...])).bytes)
        let state = try #require(try decoded(record))
        #expect(state.recordCount == 0)
        #expect(try decoded(SnapshotRecord.encode(state)) == state)
    }

    @Test func anUnknownVersionIsDamage() throws {
        let state = try #require(Folded(randomChainedLog(seed: 7, count: 5)).final)
        var record = SnapshotRecord.encode(state)
        record[0] = 3
        #expect(throws: SnapshotProblem.self) { try decoded(record) }
    }

    /// A version-2 record whose body holds the canonical encoding (or the other way round) is
    /// refused by the decoder of its version, not mistaken for a state.
    @Test func aBodyOfTheOtherVersionIsDamage() throws {
        let state = try #require(Folded(randomChainedLog(seed: 7, count: 5)).final)
        let canonical = StateCodec.encode(state)
        let mislabeled = [2, 1] + SHA256.hash(canonical).bytes + canonical
        #expect(throws: SnapshotProblem.self) { try decoded(mislabeled) }
    }

    /// How a record is damaged.
    enum Damage: CaseIterable {
        /// A byte of the state whose change the decoder alone takes for another state.
        case stillDecodes
        /// A byte of the state whose change the decoder refuses too.
        case undecodable
        case checksumByte

        /// `intact`, a full snapshot record, with one byte flipped as this damage says.
        func applied(to intact: [UInt8]) throws -> [UInt8] {
            func flipped(_ offset: Int) -> [UInt8] {
                var record = intact
                record[offset] ^= 0x01
                return record
            }
            func decodesAlone(_ record: [UInt8]) -> Bool {
                Array(record[34...]).withUnsafeBytes { (try? SnapshotCodec.decode($0)) != nil }
            }
            return switch self {
            case .stillDecodes: flipped(try #require((34..<intact.count).reversed().first { decodesAlone(flipped($0)) }))
            case .undecodable: flipped(try #require((34..<intact.count).first { !decodesAlone(flipped($0)) }))
            case .checksumByte: flipped(2)
            }
        }
    }

    /// A snapshot checked on a second thread while it decodes (a large one,
    /// ``BackgroundDigest``) is refused for its checksum exactly as one checked first is,
    /// whether or not its damaged bytes would decode.
    @Test(arguments: Damage.allCases, [0, Int.max])
    func aDamagedSnapshotIsRefusedByItsChecksumWhereverItIsChecked(_ damage: Damage, _ backgroundChecksum: Int) throws {
        let state = try #require(Folded(randomChainedLog(seed: 7, count: 40)).final)
        let intact = SnapshotRecord.encode(state)
        #expect(try intact.withUnsafeBytes { try SnapshotRecord.decode($0, backgroundChecksum: backgroundChecksum) } == state)
        let record = try damage.applied(to: intact)
        do {
            _ = try record.withUnsafeBytes { try SnapshotRecord.decode($0, backgroundChecksum: backgroundChecksum) }
            Issue.record("a damaged snapshot read")
        } catch let problem as SnapshotProblem {
            #expect(problem.reason.contains("checksum"), "\(problem.reason)")
        }
    }
}
