import Foundation
import GroupCore

/// Reading a log back: every payload in sequence order, decoded by `JSONDecoder` and folded by
/// the same reducer GroupLog uses. With no snapshots, a state at any sequence is a replay from
/// commit 0.
extension SQLiteEventStore {
    /// The sequence of the group's last commit; nil when it has none.
    public func headSequence(of group: GroupID) throws(SQLiteEventStoreError) -> UInt64? {
        try wrap { () throws(SQLiteError) in
            try selectHead.reset(binding: .text(group.rawValue))
            defer { selectHead.finish() }
            guard try selectHead.step(), !selectHead.isNull(0) else { return nil }
            return UInt64(selectHead.integer(0))
        }
    }

    /// Folds the group's log, from commit 0 through `last` (or its end), into a replica.
    public func replay(_ group: GroupID, through last: UInt64? = nil) throws(SQLiteEventStoreError) -> Replica {
        try fold(group, through: last).replica
    }

    /// The group's state after commit `sequence` (after its last commit when nil); nil when the
    /// log holds no group by then.
    public func state(of group: GroupID, at sequence: UInt64? = nil) throws(SQLiteEventStoreError) -> GroupState? {
        try replay(group, through: sequence).state
    }

    /// The replica after the log through `last`, and the sequence the next commit would take.
    func fold(_ group: GroupID, through last: UInt64?) throws(SQLiteEventStoreError) -> Head {
        let statement = last == nil ? selectLog : selectLogThrough
        var head = Head(next: 0, replica: Replica(defaultMemberLimit: options.defaultMemberLimit))
        defer { statement.finish() }
        try wrap { () throws(SQLiteError) in
            if let last {
                try statement.reset(binding: .text(group.rawValue), .integer(Int64(clamping: last)))
            } else {
                try statement.reset(binding: .text(group.rawValue))
            }
        }
        while try wrap({ () throws(SQLiteError) in try statement.step() }) {
            let record: CommitRecord
            do {
                record = try statement.withText(0) { bytes in try decoder.decode(CommitRecord.self, from: Data(bytes)) }
            } catch {
                throw .corruptPayload(group, sequence: head.next, reason: "\(error)")
            }
            head.replica.fold(try record.commit())
            head.next += 1
        }
        return head
    }
}
