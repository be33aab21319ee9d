import GroupCore

/// The commits a generated log makes to be rejected: each breaks one rule of the SPEC, so a
/// reader of the log sees the reducer refuse what it must.
extension SyntheticLog {
    mutating func rejectedPlan() -> Plan {
        switch random.below(5) {
        case 0:
            // alreadyMember
            if let member = cast.plain.random(using: &random) {
                return Plan(actor: owner, changes: [.addMembers(inboxes: [inbox(member)], identities: [])])
            }
        case 1:
            // permissionDenied: a plain member may not make admins.
            if let actor = cast.plain.random(using: &random), let subject = cast.plain.random(using: &random) {
                return Plan(actor: inbox(actor), changes: [.addAdmin(inbox(subject))])
            }
        case 2:
            // tooLong
            return Plan(actor: speaker(), changes: [.updateName(String(repeating: "n", count: MetadataField.name.limit + 1))])
        case 3:
            // timeWentBackwards
            return Plan(actor: speaker(), changes: [.updateDescription("late")], time: lastAppliedTime - 1)
        default:
            break
        }
        // memberNotFound: an inbox number past any the log hands out.
        return Plan(actor: owner, changes: [.removeMembers(inboxes: [inbox(Int.max - random.below(1_000))], withMessages: false)])
    }
}
