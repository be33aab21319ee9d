/// Who holds which part in a generated group, by inbox number, as the generator believes it:
/// kept beside the reducer's state because it picks at random in constant time from sets of
/// millions, where the state offers lookups by ID. It changes only by a commit the reducer
/// applied, so it never drifts from the state.
struct Cast {
    /// The next inbox number never named.
    var fresh = 0
    /// Active members with the role member, not muted.
    var plain = IndexedInboxes()
    var moderators = IndexedInboxes()
    var observers = IndexedInboxes()
    var admins = IndexedInboxes()
    /// Plain members under a mute, who cannot send.
    var muted = IndexedInboxes()
    /// Recent former members, for re-adds; at most `formerKept`.
    var former = IndexedInboxes()
    /// The invite links, oldest first.
    var links: [String] = []
    var linksMade = 0
    /// The app data as the last applied update left it.
    var appData = ""
    /// The keys GROUP_PREFERENCES holds.
    var preferenceKeys = Set<Int>()
    /// The bytes each inbox's USER_DISPLAY_NAME entry takes, as the reducer counts them: an
    /// entry stays when its member goes, so a group of thousands fills the field's 64 KiB.
    var displayNames: [Int: Int] = [:]
    var displayNameBytes = 0
    /// Current members with a display name, who may delete their own to make room.
    var namedMembers = IndexedInboxes()

    static let formerKept = 4_096

    /// Members now, the owner included.
    var headcount: Int { 1 + plain.count + moderators.count + observers.count + admins.count + muted.count }

    /// A number never handed out before.
    mutating func newInbox() -> Int {
        defer { fresh += 1 }
        return fresh
    }

    /// What an applied commit did to the cast.
    enum Effect {
        case none
        case added([Int])
        case removed([Int])
        case moved(Int, from: Part, to: Part)
        case linkCreated(String)
        case appData(String)
        case preference(key: Int, present: Bool)
        /// The member's display name set, taking `bytes`, or deleted (nil).
        case displayName(Int, bytes: Int?)
    }

    /// The sets a member below the owner can be in.
    enum Part { case plain, moderator, observer, admin, muted }

    mutating func apply(_ effect: Effect, random: inout SplitMix64) {
        switch effect {
        case .none: break
        case let .added(inboxes):
            for inbox in inboxes {
                former.remove(inbox)
                plain.insert(inbox)
                if displayNames[inbox] != nil { namedMembers.insert(inbox) }
            }
        case let .removed(inboxes):
            for inbox in inboxes {
                for part in [Part.plain, .moderator, .observer, .admin, .muted] { remove(inbox, from: part) }
                namedMembers.remove(inbox)
                if former.count >= Self.formerKept, let old = former.random(using: &random) { former.remove(old) }
                former.insert(inbox)
            }
        case let .moved(inbox, from, to):
            remove(inbox, from: from)
            insert(inbox, into: to)
        case let .linkCreated(link): links.append(link)
        case let .appData(text): appData = text
        case let .preference(key, present):
            if present { preferenceKeys.insert(key) } else { preferenceKeys.remove(key) }
        case let .displayName(inbox, bytes):
            displayNameBytes += (bytes ?? 0) - (displayNames[inbox] ?? 0)
            displayNames[inbox] = bytes
            if bytes == nil { namedMembers.remove(inbox) } else { namedMembers.insert(inbox) }
        }
    }

    // Switches rather than a subscript: a subscript's get-then-set would copy a set of millions.
    private mutating func remove(_ inbox: Int, from part: Part) {
        switch part {
        case .plain: plain.remove(inbox)
        case .moderator: moderators.remove(inbox)
        case .observer: observers.remove(inbox)
        case .admin: admins.remove(inbox)
        case .muted: muted.remove(inbox)
        }
    }

    private mutating func insert(_ inbox: Int, into part: Part) {
        switch part {
        case .plain: plain.insert(inbox)
        case .moderator: moderators.insert(inbox)
        case .observer: observers.insert(inbox)
        case .admin: admins.insert(inbox)
        case .muted: muted.insert(inbox)
        }
    }
}
