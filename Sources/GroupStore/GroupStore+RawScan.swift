import GroupCore

extension GroupStore {
    /// The yardstick of `grouplog bench`: hands the stored bytes of each commit of the group's
    /// log to `body` in order, zero-copy (the buffer points into the map and is valid only until
    /// `body` returns), with nothing on top: no decoding, no chain check, no fold. A replay can
    /// go no faster than this scan of the same bytes.
    /// - Returns: the number of commits scanned.
    /// - Throws: `groupNotFound`; `corrupt` when a commit of the log is missing.
    @discardableResult
    package func rawScan(of group: GroupID, _ body: (UnsafeRawBufferPointer) -> Void) throws(StoreError) -> UInt64 {
        try reading { txn throws(StoreError) in
            let head = try existingHead(of: group, in: txn)
            return try txn.withCursor(databases.commits) { cursor throws(StoreError) in
                var entry = try cursor.seek(exactly: StoreKeys.entry(head.number, 0))
                var scanned: UInt64 = 0
                // The log's keys are consecutive: counting to the head stays inside the group
                // without parsing a key.
                while scanned <= head.sequence {
                    guard let (_, bytes) = entry else {
                        throw .corrupt(group, sequence: scanned, reason: "the commit is missing from the log")
                    }
                    body(bytes)
                    scanned += 1
                    entry = try cursor.next()
                }
                return scanned
            }
        }
    }
}
