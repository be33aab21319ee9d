import GroupCore

extension Change {
    /// The inboxes a change names as its subjects, resolved identities included; the actor is
    /// not among them unless the change names it.
    public var namedInboxes: [InboxID] {
        switch self {
        case let .create(request): request.members
        case let .addMembers(inboxes, identities): inboxes + identities.compactMap(\.inbox)
        case let .removeMembers(inboxes, _), let .setRole(inboxes, _), let .blockForAll(inboxes, _), let .mute(inboxes, _),
             let .unmute(inboxes), let .allowListAdd(inboxes), let .allowListRemove(inboxes), let .ban(inboxes), let .unban(inboxes):
            inboxes
        case let .approveJoin(inbox, _), let .rejectJoin(inbox), let .addAdmin(inbox), let .removeAdmin(inbox),
             let .addSuperAdmin(inbox), let .removeSuperAdmin(inbox), let .transferOwnership(inbox):
            [inbox]
        case .updatePermission, .requestRemoval, .leave, .updateName, .updateDescription, .updateImageURL,
             .updateAppData, .updateDisappearingMessages, .registerFields, .updateMetadataField, .updateUserData,
             .acceptInvitation, .declineInvitation, .join, .createLink, .updateLinkRole, .deleteLink, .muteAll,
             .blockGroup, .deleteGroup:
            []
        }
    }
}
