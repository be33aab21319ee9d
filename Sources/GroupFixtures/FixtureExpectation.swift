import GroupCore

/// What a fixture's final state must show; each key checks only what it names (SPEC section 13).
public struct FixtureExpectation: Equatable, Sendable {
    /// Every current member, in any state, to its role.
    public var members: [InboxID: Role]?
    /// The listed inboxes' states: a state name, `former`, or nil for an inbox the group never had.
    public var states: [InboxID: String?]?
    public var former: Set<InboxID>?
    public var left: Set<InboxID>?
    public var removed: Set<InboxID>?
    public var policySet: ExpectedPolicySet?
    public var name: String?
    public var description: String?
    public var imageURL: String?
    public var appData: String?
    /// Set when the fixture checks disappearing messages; the inner nil means off.
    public var disappearingMessages: DisappearingMessages??
    /// The SHA-256 of the final state's canonical encoding. The state holds the group ID, which
    /// for a fixture is its file's name without `.json`.
    public var stateHash: Digest?
    /// Field name to its expected value, in the form of `FieldReadingJSON`.
    public var fields: [String: JSONValue]?
    /// The ban list, exactly.
    public var banned: Set<InboxID>?
    public var deleted: Bool?
    /// Inbox to whether it may send, at the last applied commit's time.
    public var canSend: [InboxID: Bool]?
    /// The names of the last applied commit's events, in any order.
    public var events: [String]?
    /// The inbox that committed `create`; the inner nil means the log created no group.
    public var creator: InboxID??
    /// The listed inboxes' adders (XMTP's `addedByInboxId`): nil for the creator, for an inbox
    /// that joined on its own and for one the group never had.
    public var addedBy: [InboxID: InboxID?]?
    /// Whether the conversation requires signed commits (SPEC section 14).
    public var requireSignatures: Bool?
    /// The listed inboxes' signing keys in the conversation, in the order recorded: an empty list
    /// for an inbox with none or that the group never had; a former member keeps its keys.
    public var memberKeys: [InboxID: [PublicKey]]?

    public init() {}

    /// The keys this version checks, in the order the runner compares them.
    public static let supportedKeys = [
        "members", "states", "former", "left", "removed", "policySet", "name", "description", "imageURL",
        "appData", "disappearingMessages", "stateHash", "fields", "banned", "deleted", "canSend", "events",
        "creator", "addedBy", "requireSignatures", "memberKeys",
    ]
}

/// A policy set as a fixture expects it.
public enum ExpectedPolicySet: Equatable, Sendable {
    /// `allMembers`, `adminOnly` or `custom`.
    case kind(PolicySet.Kind)
    /// Every slot's policy.
    case slots([PolicySlot: Policy])
}
