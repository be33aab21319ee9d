import GroupCodec
import GroupCore

/// The load of the concurrent submit benchmarks: `threads` threads, each submitting
/// `submitsPerThread` renames durably, one after the other, to its own group or all to one group;
/// signed or not. Spelled out as a value so that a rival store can be put under the very same load.
struct ConcurrentSubmitLoad {
    enum Layout: String {
        /// Thread `t` submits to group `t`: no two submitters touch one log.
        case ownGroups
        /// Every thread submits to the same group: one log, its commits interleaved.
        case oneGroup
    }

    let threads: Int
    let submitsPerThread: Int
    let layout: Layout
    /// Whether the groups require signatures, every rename signed with the owner's key (the
    /// members' and the owner's keys claimed in the directory first, as a signed create needs).
    var isSigned = false

    var submits: Int { threads * submitsPerThread }

    /// The groups the load submits to, each made beforehand with `creation`.
    var groups: [GroupID] {
        switch layout {
        case .ownGroups: (0..<threads).map { GroupID(unchecked: "submitter-\($0)") }
        case .oneGroup: [GroupID(unchecked: "shared")]
        }
    }

    /// The group thread `thread` submits to.
    func group(ofThread thread: Int) -> GroupID {
        layout == .ownGroups ? groups[thread] : groups[0]
    }

    /// Who creates every group and submits every rename.
    static let owner = InboxID(unchecked: "owner")

    /// The members besides the owner of every group.
    static let members = (0..<10).map { InboxID(unchecked: "m\($0)") }

    /// A group of 10 members with room for more, as the single-threaded submit benchmark makes.
    static let creation = Change.create(CreateConversation(members: members, name: "submits", memberLimit: 100))

    /// The same group, requiring signatures.
    static let signedCreation = Change.create(CreateConversation(
        members: members, name: "submits", memberLimit: 100, requireSignatures: true))

    /// The signing keys of the owner and the members, for a signed load.
    static let keys = Dictionary(uniqueKeysWithValues: ([owner] + members).map { ($0, BenchmarkKeys.key(of: $0)) })

    /// The `index`-th rename of thread `thread`.
    func changes(thread: Int, index: Int) -> [Change] {
        [.updateName("t\(thread) name \(index)")]
    }

    /// The time of every rename, after the creation's: one time for all, since the reducer
    /// rejects a time that goes backwards and interleaved threads would otherwise make some.
    static let time: Milliseconds = 2_000
}
