import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore

/// One fuzz target: a decoder or reader that must turn any bytes into a value or a thrown error,
/// never a trap, an overflow or an unbounded allocation.
///
/// Where a decode succeeds, the target also checks that the value survives a round trip through
/// its encoder: a value that decodes but encodes to something else is a finding too.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// `CommitCodec.decode` of one commit record.
    case commit
    /// `OutcomeCodec.decode` of one outcome record.
    case outcome
    /// `StateCodec.decode` of one state record.
    case state
    /// `SnapshotRecord.decode`, with the record's checksum as given and then made to match.
    case snapshot
    /// An incremental snapshot applied to the state before it (`StateDeltaCodec.apply`): the
    /// base's snapshot encoding as a length-prefixed byte string, then the delta.
    case delta
    /// Commits as one replica sends them to another: a varint length before each encoded commit,
    /// decoded and folded in order into a replica, as an ingest judges them.
    case ingest
    /// A fixture file: the JSON parser, the fixture reader, then the fixture's run.
    case fixture
    /// An operator configuration file in TOML: the TOML reader and the configuration reader.
    case config
    /// A `grouplog` command line: words separated by NUL or newline bytes, run by `CLI.run`
    /// in a scratch directory (``CLISandbox``).
    case cli

    /// The largest input libFuzzer makes for the target (`-max_len`).
    var maximumLength: Int {
        switch self {
        case .commit, .outcome, .cli: 4096
        case .state, .snapshot, .delta, .ingest, .config: 16384
        case .fixture: 32768
        }
    }

    /// Runs one input through the target; returns normally for any input a correct build takes
    /// or refuses.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .commit: Self.roundTrip(bytes, CommitCodec.self, encode: CommitCodec.encode)
        case .outcome: Self.roundTrip(bytes, OutcomeCodec.self, encode: OutcomeCodec.encode)
        case .state: Self.roundTrip(bytes, StateCodec.self, encode: StateCodec.encode)
        case .snapshot: Self.snapshot(bytes)
        case .delta: Self.delta(bytes)
        case .ingest: Self.ingest(bytes)
        case .fixture: Self.fixture(bytes)
        case .config: Self.config(bytes)
        case .cli: CLISandbox.shared.run(bytes)
        }
    }

    private static func roundTrip<Codec: BinaryRecordCodec>(
        _ bytes: [UInt8], _ codec: Codec.Type, encode: (Codec.Record) -> [UInt8]
    ) where Codec.Record: Equatable {
        guard let value = try? Codec.decode(bytes) else { return }
        let again: Codec.Record
        do {
            again = try Codec.decode(encode(value))
        } catch {
            fatalError("\(Codec.self): a decoded record does not decode after encoding: \(error)")
        }
        guard again == value else { fatalError("\(Codec.self): a decoded record changes in a round trip") }
    }

    private static func snapshot(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { try? SnapshotRecord.decode($0) }
        // Most mutations break the checksum; put the right one in so the state behind it is read.
        guard bytes.count >= 34, bytes[1] == 1 else { return }
        var fixed = bytes
        fixed.replaceSubrange(2..<34, with: SHA256.hash(Array(bytes[34...])).bytes)
        let state = fixed.withUnsafeBytes { try? SnapshotRecord.decode($0) }
        if bytes[0] == SnapshotRecord.version { withArenaIndex(Array(bytes[34...]), decodesTo: state) }
        guard let state else { return }
        let encoded = SnapshotRecord.encode(state)
        guard encoded.withUnsafeBytes({ try? SnapshotRecord.decode($0) }) == state else {
            fatalError("SnapshotRecord: a decoded snapshot changes in a round trip")
        }
    }

    /// The state read's second thread indexes a snapshot's roster from its bytes alone
    /// (`ArenaIndex`): with that index, the same bytes must decode to the same state, or be
    /// refused as they are without it.
    private static func withArenaIndex(_ body: [UInt8], decodesTo expected: GroupState?) {
        let indexed = body.withUnsafeBytes { body in
            try? SnapshotCodec.decode(body, spareRecords: 3, arenaIndex: { SnapshotCodec.arenaIndex(of: body, spareRecords: 3) })
        }
        guard indexed == expected else { fatalError("SnapshotCodec: a snapshot decodes otherwise with its arena index") }
    }

    private static func delta(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(buffer)
            guard let base = try? reader.readByteString("fuzz base"),
                  var state = base.withUnsafeBytes({ try? SnapshotCodec.decode($0) }) else { return }
            _ = try? StateDeltaCodec.apply(UnsafeRawBufferPointer(rebasing: buffer[reader.offset...]), to: &state)
        }
    }

    /// The input of the `delta` target: `base`'s snapshot encoding, then the delta of `state`.
    static func deltaInput(base: GroupState, _ state: GroupState) -> [UInt8]? {
        guard let delta = StateDeltaCodec.encode(changesOf: state) else { return nil }
        var writer = BinaryWriter()
        writer.writeByteString(SnapshotCodec.encode(base))
        return writer.bytes + delta.bytes
    }

    private static func ingest(_ bytes: [UInt8]) {
        var replica = Replica()
        bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(buffer)
            while !reader.isAtEnd {
                guard let record = try? reader.readByteString("fuzz record"),
                      let commit = try? CommitCodec.decode(record) else { return }
                let outcome = replica.fold(commit)
                guard (try? OutcomeCodec.decode(OutcomeCodec.encode(outcome))) == outcome else {
                    fatalError("OutcomeCodec: an outcome of a fold changes in a round trip")
                }
            }
        }
        if let state = replica.state {
            guard (try? StateCodec.decode(StateCodec.encode(state))) == state else {
                fatalError("StateCodec: a folded state changes in a round trip")
            }
        }
    }

    private static func fixture(_ bytes: [UInt8]) {
        guard let fixture = try? FixtureReader.read(bytes, file: "fuzz.json") else { return }
        _ = try? FixtureRunner.run(fixture, groupID: fuzzGroup)
    }

    private static func config(_ bytes: [UInt8]) {
        _ = try? ConfigurationReader.read(bytes, file: "fuzz.toml")
    }

    static let fuzzGroup = try! GroupID("fuzz")
}
