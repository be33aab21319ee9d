import GroupCodec
import GroupCore

/// One call of `submit`, as a backend's submit queue hands it to the batch that serves it.
package struct SubmitRequest: Sendable {
    package let group: GroupID
    package let actor: InboxID
    package let time: Milliseconds
    package let changes: [Change]
    package let expectedSequence: UInt64?
    /// The key that signs the commit once its sequence and previous hash are known; nil leaves
    /// it unsigned.
    package let signingKey: Ed25519.PrivateKey?

    package init(
        group: GroupID, actor: InboxID, time: Milliseconds, changes: [Change], expectedSequence: UInt64?,
        signingKey: Ed25519.PrivateKey? = nil
    ) {
        self.group = group
        self.actor = actor
        self.time = time
        self.changes = changes
        self.expectedSequence = expectedSequence
        self.signingKey = signingKey
    }

    /// Whether the request opens a log: a missing group may be submitted to only with a `create`.
    package var createsGroup: Bool {
        if case .create? = changes.first { return true }
        return false
    }
}
