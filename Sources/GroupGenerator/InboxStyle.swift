import GroupCore

/// How the generated inbox IDs look: short names, or 64-character hex IDs as XMTP's are (each a
/// heap string, which is what makes large XMTP groups cost more).
public enum InboxStyle: String, CaseIterable, Sendable {
    /// `owner`, `m0`, `m1`, ...
    case short
    /// 64 lowercase hex digits.
    case xmtp

    /// The creator of the group.
    public var owner: InboxID { inbox(-1) }

    /// The `index`th inbox the log names (the owner is -1): the same ID for the same index in
    /// every log of this style. An XMTP-style ID is four SplitMix64 words of the index, as the
    /// benchmarks' growth logs make them.
    public func inbox(_ index: Int) -> InboxID {
        switch self {
        case .short:
            return InboxID(unchecked: index < 0 ? "owner" : "m\(index)")
        case .xmtp:
            var words = SplitMix64(seed: UInt64(bitPattern: Int64(index)))
            var text = ""
            text.reserveCapacity(64)
            for _ in 0..<4 {
                let word = String(words.next(), radix: 16)
                text += String(repeating: "0", count: 16 - word.count) + word
            }
            return InboxID(unchecked: text)
        }
    }
}
