/// XMTPiOS's `DisappearingMessageSettings`: GroupCore's `DisappearingMessages` under XMTP's
/// names, so either spelling reaches the same calls.
public typealias DisappearingMessageSettings = DisappearingMessages

extension DisappearingMessages {
    /// Settings under which messages disappear `retentionDurationInNs` after
    /// `disappearStartingAtNs` (XMTPiOS's `DisappearingMessageSettings.init`).
    public init(disappearStartingAtNs: Int64, retentionDurationInNs: Int64) {
        self.init(fromNs: disappearStartingAtNs, inNs: retentionDurationInNs)
    }

    /// When disappearing starts, in nanoseconds since the Unix epoch (`fromNs`).
    public var disappearStartingAtNs: Int64 { fromNs }

    /// How long a message lives, in nanoseconds (`inNs`).
    public var retentionDurationInNs: Int64 { inNs }
}
