import GroupLog
import GroupTestSupport
import Testing

/// The SimpleX/Agora lifecycle through the conversation handle, over a real store.
struct LifecycleTests {
    let named = GroupID.named("lifecycle")

    @Test func linkJoinUnderReviewWaitsForApproval() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo], options: CreateGroupOptions(groupId: named, admission: .review))
            try await group.createLink("invite-1", role: .member)
            try await group.updateLinkRole("invite-1", role: .moderator)
            #expect(try await group.links() == [GroupLink(id: "invite-1", role: .moderator)])

            // Caro is not a member: she finds the group by its ID and joins through the link.
            let caro = try #require(try await store.conversations(as: .caro).findGroup(groupId: named))
            let joined = try await caro.join(link: "invite-1")
            #expect(joined.sequence == 3)
            #expect(try await caro.state().membershipState == .pendingApproval)
            #expect(try await group.pendingJoinRequests() == [.caro])
            #expect(try await !group.canSend(inboxId: .caro))

            let byMember = await error { () async throws(GroupLogError) in try await group.acting(as: .bo).approveJoin(inboxId: .caro) }
            #expect(byMember?.code == "permissionDenied")
            try await group.approveJoin(inboxId: .caro)
            #expect(try await group.pendingJoinRequests() == [])
            let members = try await group.members()
            #expect(members.map(\.inbox) == [.alix, .bo, .caro])
            #expect(members.last?.role == .moderator)
            #expect(try await group.canSend(inboxId: .caro))

            // Davon asks too, by acting(as:), and is turned away.
            let davon = group.acting(as: .davon)
            try await davon.join(link: "invite-1")
            try await group.rejectJoin(inboxId: .davon)
            #expect(try await departure(of: davon) == .removed)
            let notPending = await error { () async throws(GroupLogError) in try await group.rejectJoin(inboxId: .davon) }
            #expect(notPending?.code == "joinRequestNotFound")

            try await group.deleteLink("invite-1")
            #expect(try await group.links() == [])
            let gone = await error { () async throws(GroupLogError) in try await group.acting(as: .eri).join(link: "invite-1") }
            #expect(gone?.code == "linkNotFound")
        }
    }

    @Test func joinWithoutLinkFollowsTheJoinRule() async throws {
        try await withStore { store in
            let closed = try await store.conversations(as: .alix).newGroup(with: [], options: CreateGroupOptions(groupId: named))
            let refused = await error { () async throws(GroupLogError) in try await closed.acting(as: .bo).join() }
            #expect(refused?.code == "joinNotAllowed")
            let open = try await store.conversations(as: .alix)
                .newGroup(with: [], options: CreateGroupOptions(groupId: .named("open"), joinRule: .open))
            try await open.acting(as: .bo).join()
            #expect(try await open.acting(as: .bo).state().membershipState == .active)
            let again = await error { () async throws(GroupLogError) in try await open.acting(as: .bo).join() }
            #expect(again?.code == "alreadyMember")
        }
    }

    @Test func invitationsNeedConsent() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [], options: CreateGroupOptions(groupId: named, invitesNeedConsent: true))
            try await group.addMembers(members: [.bo, .caro])
            #expect(try await group.openInvitations() == [.bo, .caro])
            #expect(try await !group.canSend(inboxId: .bo))

            try await group.acting(as: .bo).acceptInvitation()
            try await group.acting(as: .caro).declineInvitation()
            #expect(try await group.openInvitations() == [])
            #expect(try await group.acting(as: .bo).state().membershipState == .active)
            #expect(try await departure(of: group.acting(as: .caro)) == .left)
            #expect(try await group.canSend(inboxId: .bo))

            let uninvited = await error { () async throws(GroupLogError) in try await group.acting(as: .davon).acceptInvitation() }
            #expect(uninvited?.code == "notInvited")
        }
    }

    @Test func muteStopsSendingUntilItsTime() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            let receipt = try await group.mute(inboxIds: [.bo], until: 5_000)
            #expect(try await !group.canSend(inboxId: .bo, at: receipt.time))
            #expect(try await !group.canSend(inboxId: .bo, at: 4_999))
            #expect(try await group.canSend(inboxId: .bo, at: 5_000))
            try await group.unmute(inboxIds: [.bo])
            #expect(try await group.canSend(inboxId: .bo, at: 4_999))
            let past = await error { () async throws(GroupLogError) in try await group.mute(inboxIds: [.caro], until: 1) }
            #expect(past?.code == "invalidArgument")

            try await group.muteAll(true)
            #expect(try await !group.canSend(inboxId: .caro))
            #expect(try await group.canSend(inboxId: .alix))
            try await group.addToAllowList(inboxIds: [.caro])
            #expect(try await group.canSend(inboxId: .caro))
            try await group.removeFromAllowList(inboxIds: [.caro])
            #expect(try await !group.canSend(inboxId: .caro))
            try await group.muteAll(false)
            #expect(try await group.canSend(inboxId: .caro))
        }
    }

    @Test func blockForAllHidesAndShowsAgain() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            try await group.blockForAll(inboxIds: [.bo])
            #expect(try await !group.canSend(inboxId: .bo))
            try await group.unblockForAll(inboxIds: [.bo])
            #expect(try await group.canSend(inboxId: .bo))
            let outsider = await error { () async throws(GroupLogError) in try await group.blockForAll(inboxIds: [.davon]) }
            #expect(outsider?.code == "memberNotFound")
            try await group.acting(as: .bo).blockGroup(true)
            try await group.acting(as: .bo).blockGroup(false)
        }
    }

    @Test func banRemovesAndBlocksAddingAgain() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named, joinRule: .open))
            try await group.ban(inboxIds: [.bo, .davon])
            #expect(try await group.bannedInboxIds() == [.bo, .davon])
            #expect(try await group.members().map(\.inbox) == [.alix, .caro])
            #expect(try await departure(of: group.acting(as: .bo)) == .removed)
            let readd = await error { () async throws(GroupLogError) in try await group.addMembers(members: [.bo]) }
            #expect(readd?.code == "banned")
            let rejoin = await error { () async throws(GroupLogError) in try await group.acting(as: .davon).join() }
            #expect(rejoin?.code == "banned")
            let owner = await error { () async throws(GroupLogError) in try await group.ban(inboxIds: [.alix]) }
            #expect(owner?.code == "superAdminCannotBeRemoved")

            try await group.unban(inboxIds: [.bo])
            #expect(try await group.bannedInboxIds() == [.davon])
            try await group.addMembers(members: [.bo])
            #expect(try await group.members().map(\.inbox) == [.alix, .caro, .bo])
        }
    }

    @Test func memberCannotBanAndNothingIsWritten() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            let denied = await error { () async throws(GroupLogError) in try await group.acting(as: .bo).ban(inboxIds: [.caro]) }
            #expect(denied?.code == "permissionDenied")
            let muteDenied = await error { () async throws(GroupLogError) in
                try await group.acting(as: .bo).mute(inboxIds: [.caro], until: 1_000_000)
            }
            #expect(muteDenied?.code == "permissionDenied")
            #expect(try await group.state().sequence == 0)
            #expect(try await group.bannedInboxIds() == [])
            #expect(try await group.members().map(\.inbox) == [.alix, .bo, .caro])
        }
    }

    @Test func emptyArgumentsAreRefusedBeforeTheStore() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let calls: [(String, () async throws(GroupLogError) -> CommitReceipt)] = [
                ("ban needs at least one inbox", { () async throws(GroupLogError) in try await group.ban(inboxIds: []) }),
                ("unban needs at least one inbox", { () async throws(GroupLogError) in try await group.unban(inboxIds: []) }),
                ("mute needs at least one inbox", { () async throws(GroupLogError) in try await group.mute(inboxIds: [], until: 9_999) }),
                ("unmute needs at least one inbox", { () async throws(GroupLogError) in try await group.unmute(inboxIds: []) }),
                ("blockForAll needs at least one inbox", { () async throws(GroupLogError) in try await group.blockForAll(inboxIds: []) }),
                ("unblockForAll needs at least one inbox", { () async throws(GroupLogError) in try await group.unblockForAll(inboxIds: []) }),
                ("addToAllowList needs at least one inbox", { () async throws(GroupLogError) in try await group.addToAllowList(inboxIds: []) }),
                ("removeFromAllowList needs at least one inbox", { () async throws(GroupLogError) in try await group.removeFromAllowList(inboxIds: []) }),
                ("updateRole needs at least one inbox", { () async throws(GroupLogError) in try await group.updateRole(inboxIds: [], role: .member) }),
                ("join needs a link ID", { () async throws(GroupLogError) in try await group.acting(as: .caro).join(link: "") }),
                ("createLink needs a link ID", { () async throws(GroupLogError) in try await group.createLink("") }),
                ("updateLinkRole needs a link ID", { () async throws(GroupLogError) in try await group.updateLinkRole("", role: .member) }),
                ("deleteLink needs a link ID", { () async throws(GroupLogError) in try await group.deleteLink("") }),
            ]
            for (reason, call) in calls {
                let refused = await error(of: call)
                #expect(refused == .invalidArgument(reason))
            }
            #expect(try await group.state().sequence == 0)
        }
    }

    @Test func rolesAndOwnershipTransfer() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
            try await group.updateRole(inboxIds: [.caro], role: .moderator)
            #expect(try await group.members().map(\.role) == [.superAdmin, .member, .moderator])
            let tooHigh = await error { () async throws(GroupLogError) in try await group.updateRole(inboxIds: [.caro], role: .admin) }
            #expect(tooHigh?.code == "invalidRole")
            let byMember = await error { () async throws(GroupLogError) in try await group.acting(as: .bo).transferOwnership(to: .bo) }
            #expect(byMember?.code == "permissionDenied")

            try await group.transferOwnership(to: .bo)
            #expect(try await group.superAdmins() == [.bo])
            #expect(try await group.members().first?.role == .member)
            let formerOwner = await error { () async throws(GroupLogError) in try await group.deleteGroup() }
            #expect(formerOwner?.code == "permissionDenied")
        }
    }

    @Test func leaveUnderTheDirectRule() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix)
                .newGroup(with: [.bo], options: CreateGroupOptions(groupId: named, leaveRule: .direct))
            let owner = await error { () async throws(GroupLogError) in try await group.leave() }
            #expect(owner?.code == "superAdminCannotLeave")
            try await group.acting(as: .bo).leave()
            #expect(try await group.members().map(\.inbox) == [.alix])
            #expect(try await departure(of: group.acting(as: .bo)) == .left)

            let requestOnly = try await store.conversations(as: .alix)
                .newGroup(with: [.bo], options: CreateGroupOptions(groupId: .named("request")))
            let wrong = await error { () async throws(GroupLogError) in try await requestOnly.acting(as: .bo).leave() }
            #expect(wrong?.code == "wrongLeaveRule")
        }
    }

    @Test func deletedGroupRefusesLaterWrites() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            let byMember = await error { () async throws(GroupLogError) in try await group.acting(as: .bo).deleteGroup() }
            #expect(byMember?.code == "permissionDenied")
            let deleted = try await group.deleteGroup()
            #expect(deleted.sequence == 1)
            #expect(try await group.state().isDeleted)
            #expect(try await group.members().map(\.inbox) == [.alix, .bo])
            #expect(try await !group.canSend(inboxId: .alix))
            let rename = await error { () async throws(GroupLogError) in try await group.updateName(name: "after") }
            #expect(rename?.code == "groupDeleted")
            let ban = await error { () async throws(GroupLogError) in try await group.ban(inboxIds: [.bo]) }
            #expect(ban?.code == "groupDeleted")
            #expect(try await group.state().sequence == 1)
        }
    }

    /// Why the handle's acting inbox is a former member; nil while it is current.
    private func departure(of group: Group) async throws -> Departure.Reason? {
        guard case let .former(departure)? = try await group.state().membershipState else { return nil }
        return departure.reason
    }
}

extension LifecycleTests {
    /// The moderation reads: who is muted until when, and who blocked the group for itself.
    @Test func mutesAndGroupBlockersAreRead() async throws {
        try await withStore { store in
            let group = try await store.conversations(as: .alix).newGroup(with: [.bo, .caro])
            try await group.mute(inboxIds: [.caro], until: 1_000_000)
            try await group.acting(as: .bo).blockGroup(true)
            let muted = try await group.mutes(at: 50_000)
            #expect(muted.map(\.inboxId) == [.caro] && muted.map(\.until) == [1_000_000])
            #expect(try await group.mutes(at: 1_000_000).isEmpty)
            #expect(try await group.groupBlockers() == [.bo])
        }
    }
}
