/// What a successful write appended: the durable commit's position and time.
public struct CommitReceipt: Equatable, Sendable {
    /// The commit's sequence in its conversation's log.
    public let sequence: UInt64
    /// The commit's time, from the store's clock.
    public let time: Milliseconds

    /// A receipt for the commit at `sequence`.
    public init(sequence: UInt64, time: Milliseconds) {
        self.sequence = sequence
        self.time = time
    }
}
