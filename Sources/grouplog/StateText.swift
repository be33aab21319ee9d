import GroupCore
import GroupFixtures

/// The text form of a conversation's state, as `replay` prints it.
enum StateText {
    /// - Parameter sequence: the last commit folded, applied or not.
    static func lines(_ state: GroupState, after sequence: UInt64, directory: IdentityDirectory) -> [String] {
        var lines: [String] = []
        let settings = state.settings
        lines.append("\(state.kind.rawValue) \(state.groupID) after commit \(sequence) (last applied: \(state.lastAppliedSequence)), created by \(state.creator) at \(state.createdAt)")
        lines.append("settings: memberLimit \(settings.memberLimit), leaveRule \(settings.leaveRule.rawValue), joinRule \(settings.joinRule.rawValue), invitesNeedConsent \(settings.invitesNeedConsent), admission \(settings.admission.rawValue)")
        lines.append("members (\(state.memberCount)):")
        for member in state.allMembers { lines.append("  " + memberLine(member, directory: directory)) }
        lines.append("super admins: \(list(state.listSuperAdmins()))")
        lines.append("admins: \(list(state.listAdmins()))")
        if state.kind == .group {
            lines.append("policy set: \(state.policies.kind.rawValue)")
            for (slot, policy) in state.policies.slots {
                lines.append("  \(slot.rawValue.padding(28))\(policy)")
            }
        }
        let metadata = state.metadata
        lines.append("metadata:")
        lines.append("  name         \(shown(metadata.name))")
        lines.append("  description  \(shown(metadata.description))")
        lines.append("  imageURL     \(shown(metadata.imageURL))")
        lines.append("  appData      \(shown(metadata.appData))")
        let disappearing = metadata.disappearingMessages.map { "from \($0.fromNs) ns, in \($0.inNs) ns" } ?? "off"
        lines.append("  disappearing \(disappearing)")
        if !state.links.isEmpty {
            lines.append("links: " + state.links.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        if !state.bans.isEmpty { lines.append("banned: \(list(state.bans.sorted()))") }
        let requests = state.pendingJoinRequests(), invitations = state.openInvitations(), blockers = state.groupBlockers()
        if !requests.isEmpty { lines.append("join requests: \(list(requests))") }
        if !invitations.isEmpty { lines.append("open invitations: \(list(invitations))") }
        if !blockers.isEmpty { lines.append("blocked by: \(list(blockers))") }
        let mutes = state.mutes(at: state.lastAppliedTime)
        if !mutes.isEmpty { lines.append("muted: " + mutes.map { "\($0.inbox) until \($0.until)" }.joined(separator: ", ")) }
        if state.muteAll { lines.append("mute-all on; allow list: \(list(state.allowList.sorted()))") }
        if state.isDeleted { lines.append("deleted") }
        let former = state.formerMembers
        lines.append("former members (\(former.count)):")
        for member in former {
            guard case let .former(departure) = member.state else { continue }
            // A former member keeps the adder it had.
            let adder = member.addedBy.map { ", added by \($0)" } ?? ""
            lines.append("  \(member.inbox.rawValue.padding(16))\(departure.reason.rawValue) at \(departure.at)\(adder)")
        }
        return lines
    }

    private static func memberLine(_ member: MemberRecord, directory: IdentityDirectory) -> String {
        var line = member.inbox.rawValue.padding(16) + member.role.name.padding(12) + member.state.name.padding(16)
        if let adder = member.addedBy { line += "added by \(adder)  " }
        if member.blockedForAll { line += "blocked for all  " }
        if let until = member.mutedUntil { line += "muted until \(until)  " }
        if member.blocksGroup { line += "blocks the group  " }
        let handles = directory.handles(of: member.inbox)
        if let handle = handles.handle {
            line += "handle \(handle)"
            if !handles.otherHandles.isEmpty { line += " (also \(handles.otherHandles.joined(separator: ", ")))" }
        }
        return line.trimmingTrailingSpaces()
    }

    /// Text quoted, and cut to its first 80 characters when longer.
    private static func shown(_ text: String) -> String {
        text.count <= 80 ? text.quoted : String(text.prefix(80)).quoted + "... (\(text.utf8.count) bytes)"
    }

    private static func list(_ inboxes: [InboxID]) -> String {
        inboxes.isEmpty ? "none" : inboxes.map(\.rawValue).joined(separator: ", ")
    }
}
