import GroupCodec
import GroupCore

/// Where a fixture that starts mid-log begins: the state after commit `sequence` of the log it
/// was recorded from. The fixture's commits are numbered from `sequence + 1` and fold from it.
///
/// In JSON (the top-level `start` key): `{"sequence": N, "stateHash": HEX, "state": BASE64}`,
/// the state in its canonical encoding (``StateCodec``) and its hash (``StateCodec/hash(_:)``),
/// so that another implementation can check the bytes before it trusts them. Both are null
/// when the log had no group after commit N (its commit 0 was rejected). An optional
/// `"previousHash": HEX` gives the hash of commit N, which the fixture's first commit chains to:
/// a signature of that commit covers it.
public struct FixtureStart: Equatable, Sendable {
    /// The last commit before the fixture's first.
    public let sequence: UInt64
    /// The state after commit `sequence`, under the group ID it was recorded with; nil when the
    /// log had no group then.
    public let state: GroupState?
    /// The hash of commit `sequence`, the previous hash of the fixture's first commit; nil when
    /// not known.
    public let previousHash: Digest?

    /// - Parameters:
    ///   - sequence: at least the state's last applied sequence (later when the commits after
    ///     it were rejected).
    public init(sequence: UInt64, state: GroupState?, previousHash: Digest? = nil) {
        self.sequence = sequence
        self.state = state
        self.previousHash = previousHash
    }

    /// The hash written beside the state: that of the state's canonical encoding.
    public var stateHash: Digest? { state.map(StateCodec.hash) }

    /// The sequence of the fixture's first commit.
    public var firstSequence: UInt64 { sequence + 1 }
}
