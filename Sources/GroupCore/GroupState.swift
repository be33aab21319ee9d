/// The state of one conversation, folded from its log.
///
/// Mutated only by `apply(_:)`, which validates a whole commit before it changes anything.
/// A value type whose fields live in one copy-on-write box (`GroupStateStorage`): copying a state
/// of a million members costs one reference count, and the first write to a shared state copies
/// the box (its collections stay shared until they are written in turn).
public struct GroupState: Equatable, Sendable {
    private var storage: GroupStateStorage
    /// Settable inside the core only, for `relabeled(as:)`.
    public internal(set) var groupID: GroupID {
        get { storage.groupID }
        _modify {
            makeUnique()
            yield &storage.groupID
        }
    }

    public var kind: ConversationKind { storage.kind }

    public var creator: InboxID { storage.creator }

    public var createdAt: Milliseconds { storage.createdAt }

    public var settings: GroupSettings { storage.settings }

    /// For a DM, unused: a DM has no policy set.
    public internal(set) var policies: PolicySet {
        get { storage.policies }
        _modify {
            makeUnique()
            yield &storage.policies
        }
    }

    public internal(set) var metadata: GroupMetadata {
        get { storage.metadata }
        _modify {
            makeUnique()
            yield &storage.metadata
        }
    }

    var roster: Roster {
        get { storage.roster }
        _modify {
            makeUnique()
            yield &storage.roster
        }
    }

    /// The fields the conversation registered (SPEC section 11).
    public internal(set) var registry: FieldRegistry {
        get { storage.registry }
        _modify {
            makeUnique()
            yield &storage.registry
        }
    }

    /// The registered fields' values, by field.
    var fieldContents: [ComponentID: FieldContent] {
        get { storage.fieldContents }
        _modify {
            makeUnique()
            yield &storage.fieldContents
        }
    }

    /// Inboxes that may not be added, invited or join until unbanned (SPEC section 9).
    public internal(set) var bans: Set<InboxID> {
        get { storage.bans }
        _modify {
            makeUnique()
            yield &storage.bans
        }
    }

    /// Group links (SimpleX) by ID, with the role a join through each gives.
    public internal(set) var links: [String: Role] {
        get { storage.links }
        _modify {
            makeUnique()
            yield &storage.links
        }
    }

    /// While on, only admins and the allow list may send.
    public internal(set) var muteAll: Bool {
        get { storage.muteAll }
        _modify {
            makeUnique()
            yield &storage.muteAll
        }
    }

    /// Members exempt from mute-all.
    public internal(set) var allowList: Set<InboxID> {
        get { storage.allowList }
        _modify {
            makeUnique()
            yield &storage.allowList
        }
    }

    /// After `deleteGroup`, every later commit is `groupDeleted`; the state keeps its members.
    public internal(set) var isDeleted: Bool {
        get { storage.isDeleted }
        _modify {
            makeUnique()
            yield &storage.isDeleted
        }
    }

    /// The time of the last applied commit; no later commit may be earlier.
    public internal(set) var lastAppliedTime: Milliseconds {
        get { storage.lastAppliedTime }
        _modify {
            makeUnique()
            yield &storage.lastAppliedTime
        }
    }

    /// The sequence of the last applied commit.
    public internal(set) var lastAppliedSequence: UInt64 {
        get { storage.lastAppliedSequence }
        _modify {
            makeUnique()
            yield &storage.lastAppliedSequence
        }
    }

    init(
        groupID: GroupID, kind: ConversationKind, creator: InboxID, createdAt: Milliseconds,
        settings: GroupSettings, policies: PolicySet, metadata: GroupMetadata, sequence: UInt64
    ) {
        storage = GroupStateStorage(
            groupID: groupID, kind: kind, creator: creator, createdAt: createdAt, settings: settings,
            policies: policies, metadata: metadata, sequence: sequence)
    }

    public static func == (lhs: GroupState, rhs: GroupState) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.holdsSameFields(as: rhs.storage)
    }

    /// Gives this state a box of its own before a write, so that no other state sees the write.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }
}
