/// What the changes of one commit would do, kept beside the state instead of in it: the reducer
/// judges every change against the state seen through this overlay and touches the state only
/// once the whole commit passed, so a rejected commit costs no copy of a large state.
struct CommitDraft {
    /// Member records the commit's earlier changes wrote.
    private(set) var changed = DraftRecords()
    var headcount: Int
    var superAdminCount: Int
    var nextOrdinal: UInt64
    /// The policy set as earlier changes left it; nil while none changed it, so that a commit
    /// that does not touch it neither copies nor writes it back.
    var changedPolicies: PolicySet?
    /// The metadata as earlier changes left it; nil while none changed it.
    var changedMetadata: GroupMetadata?
    /// Bans, links, the allow list and key holders changed by earlier changes, and their field
    /// changes: tables that most commits never touch, so each group of them stays nil until a
    /// change writes one, and an everyday commit creates and destroys none of them (issue 18).
    private(set) var fieldParts: FieldDraft?
    private var lifecycleParts: LifecycleDraft?
    var muteAll: Bool?
    var isDeleted = false
    /// Whether the state before the commit has an allow list. Without one, a departing member
    /// has no place on it to clear unless an earlier change of the commit gave it one: a
    /// removal then writes no allow-list table (issue 18: it made one, and merged it, on every
    /// removal).
    private let stateHasAllowList: Bool
    /// What the commit's changes did, in order, for audits and subscribers.
    var events: EventLog

    /// The tables of ``lifecycleParts``.
    struct LifecycleDraft {
        /// Bans set (true) or lifted (false) by earlier changes.
        var bans: [InboxID: Bool] = [:]
        /// Links created or updated (a role) or deleted (nil) by earlier changes.
        var links: [String: Role?] = [:]
        var allowList: [InboxID: Bool] = [:]
        /// Keys whose current holder earlier changes set (an inbox) or cleared (nil), over the
        /// roster's index.
        var keyOwners: [PublicKey: InboxID?] = [:]
    }

    var fields: FieldDraft {
        get { fieldParts ?? FieldDraft() }
        _modify {
            if case nil = fieldParts { fieldParts = FieldDraft() }
            yield &fieldParts!
        }
    }

    var bans: [InboxID: Bool] {
        get { lifecycleParts?.bans ?? [:] }
        _modify { yield &lifecycle.bans }
    }

    var links: [String: Role?] {
        get { lifecycleParts?.links ?? [:] }
        _modify { yield &lifecycle.links }
    }

    var allowList: [InboxID: Bool] {
        get { lifecycleParts?.allowList ?? [:] }
        _modify { yield &lifecycle.allowList }
    }

    var keyOwners: [PublicKey: InboxID?] {
        get { lifecycleParts?.keyOwners ?? [:] }
        _modify { yield &lifecycle.keyOwners }
    }

    /// The lifecycle tables, made on the first write.
    private var lifecycle: LifecycleDraft {
        get { lifecycleParts ?? LifecycleDraft() }
        _modify {
            if case nil = lifecycleParts { lifecycleParts = LifecycleDraft() }
            yield &lifecycleParts!
        }
    }

    /// Inlined so that the draft is built where it lives, not built aside and copied in.
    @inline(__always)
    init(over state: GroupState, recordingEvents: Bool) {
        events = EventLog(recording: recordingEvents)
        headcount = state.roster.headcount
        superAdminCount = state.roster.superAdmins.count
        nextOrdinal = state.roster.nextOrdinal
        stateHasAllowList = !state.allowList.isEmpty
    }

    /// Whether earlier changes touched the bans, links, allow list, mute-all or deletion.
    var changesLifecycle: Bool {
        let tables = lifecycleParts.map { !$0.bans.isEmpty || !$0.links.isEmpty || !$0.allowList.isEmpty } ?? false
        return tables || muteAll != nil || isDeleted
    }

    /// Writes `record` into the overlay, keeping the counts the rules consult in step.
    /// - Parameter previous: the inbox's record as the overlay saw it before this write.
    mutating func put(_ record: MemberRecord, replacing previous: MemberRecord?) {
        if let previous, previous.isCurrent {
            headcount -= 1
            if previous.role == .superAdmin { superAdminCount -= 1 }
            for key in previous.keys { keyOwners[key] = .some(nil) }
        }
        if record.isCurrent {
            for key in record.keys { keyOwners[key] = .some(record.inbox) }
        }
        if record.isCurrent {
            headcount += 1
            if record.role == .superAdmin { superAdminCount += 1 }
        } else if previous?.isCurrent == true, stateHasAllowList || !allowList.isEmpty {
            // A departing member's flags are cleared, and so is its place on the allow list.
            allowList[record.inbox] = false
        }
        changed.put(record)
    }

    /// Hands `body` the records the commit wrote, in ordinal order, moving them out.
    mutating func drainRecords(_ body: (__owned MemberRecord) -> Void) {
        changed.drainInOrdinalOrder(body)
    }

    /// Hands out the next position in the join order.
    mutating func takeOrdinal() -> UInt64 {
        defer { nextOrdinal += 1 }
        return nextOrdinal
    }
}
