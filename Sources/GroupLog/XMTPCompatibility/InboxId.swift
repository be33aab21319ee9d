/// An inbox ID as text, as XMTPiOS's calls take and return it (XMTPiOS's `InboxId`).
///
/// Every call of the XMTP surface validates the text it is given: it must be an inbox ID
/// (SPEC section 1) and, as XMTPiOS checks, not an address beginning with `0x`; anything else
/// is `GroupLogError.invalidArgument`, with nothing written.
public typealias InboxId = String

extension InboxID {
    /// Validates inbox ID text given to an XMTP-shaped call.
    /// - Throws: `GroupLogError.invalidArgument` for text that is no inbox ID, or an address.
    init(xmtp text: InboxId) throws(GroupLogError) {
        if text.lowercased().hasPrefix("0x") {
            throw .invalidArgument("inbox ID \(text.debugDescription) is an address, not an inbox ID")
        }
        try self.init(checking: text)
    }

    /// Validates a list of inbox ID texts, in order.
    static func xmtp(_ texts: [InboxId]) throws(GroupLogError) -> [InboxID] {
        var inboxes: [InboxID] = []
        inboxes.reserveCapacity(texts.count)
        for text in texts { inboxes.append(try InboxID(xmtp: text)) }
        return inboxes
    }
}
