import GroupCore

/// What a commit changes in the cross-group indexes, the same for every backend: which inboxes'
/// memberships to file or unfile, the DM pair to file, and the group's directory entry.
package enum CommitIndexing {
    /// The inboxes whose membership a commit's changes can change.
    package static func membershipSubjects(of commit: Commit) -> [InboxID] {
        var inboxes: [InboxID] = []
        for change in commit.changes {
            switch change {
            case let .create(request): inboxes += [commit.actor] + request.allMembers
            case let .addMembers(list, identities, _), let .removeMembers(list, identities, _):
                inboxes += list + identities.compactMap(\.inbox)
            case .leave, .join, .acceptInvitation, .declineInvitation: inboxes.append(commit.actor)
            case let .approveJoin(inbox, _), let .rejectJoin(inbox): inboxes.append(inbox)
            case let .ban(list): inboxes += list
            default: break
            }
        }
        return inboxes
    }

    /// Each subject of an applied commit with whether it is a current member after it (filed)
    /// or not (unfiled).
    package static func memberships(after commit: Commit, _ state: GroupState) -> [(inbox: InboxID, isMember: Bool)] {
        membershipSubjects(of: commit).map { ($0, state.isCurrentMember($0)) }
    }

    /// The pair a DM created by `commit` is filed under, when it is one.
    package static func dmPair(created commit: Commit, _ state: GroupState) -> (InboxID, InboxID)? {
        guard commit.sequence == 0, state.kind == .dm else { return nil }
        let participants = state.allMembers.map(\.inbox)
        guard participants.count == 2 else { return nil }
        return (participants[0], participants[1])
    }

    /// The group's directory entry after the commit: nil when the directory does not list it.
    package static func directoryEntry(_ state: GroupState) -> DirectoryEntry? {
        DirectoryEntry.lists(state) ? DirectoryEntry(state) : nil
    }

    /// An outcome as verify reports it.
    package static func describe(_ outcome: CommitOutcome) -> String {
        switch outcome {
        case .applied: "applied"
        case let .rejected(rejection): "rejected \(rejection.reason.code)"
        }
    }
}
