/// Metadata updates (XMTP's `updateName(name)` and the rest).
extension Group {
    /// Sets the name (up to 100 bytes).
    @discardableResult
    public func updateName(name: String) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateName(name))
    }

    /// Sets the description (up to 1,000 bytes).
    @discardableResult
    public func updateDescription(description: String) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateDescription(description))
    }

    /// Sets the image URL (up to 2,048 bytes).
    @discardableResult
    public func updateImageUrl(url: String) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateImageURL(url))
    }

    /// Sets the app data (up to 8,192 bytes).
    /// - Parameters:
    ///   - data: the new app data.
    ///   - expected: the value the caller last saw; the write is rejected with
    ///     `appDataSuperseded` when the stored value differs. Nil skips the check.
    @discardableResult
    public func updateAppData(_ data: String, expected: String? = nil) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateAppData(data: data, expected: expected))
    }

    /// Sets the disappearing-message settings; nil turns them off.
    @discardableResult
    public func updateDisappearingMessageSettings(_ settings: DisappearingMessages?) async throws(GroupLogError) -> CommitReceipt {
        try submit(.updateDisappearingMessages(settings))
    }
}
