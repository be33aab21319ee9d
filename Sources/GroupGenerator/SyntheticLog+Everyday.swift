import GroupCore

/// The everyday commits of a generated log, one builder per `Operation`; each falls back on
/// another when the group has no one to do it to (no admin to demote, no room to add).
extension SyntheticLog {
    mutating func everydayPlan(_ operation: Operation) -> Plan {
        switch operation {
        case .add: addition()
        case .remove: removal()
        case .role: roleChange()
        case .metadata: metadataUpdate()
        case .field: fieldWrite()
        case .userdata: userData()
        case .lifecycle: lifecycleStep()
        }
    }

    var owner: InboxID { recipe.style.owner }

    /// A plain member (now and then a moderator) who may send; the owner when there is none.
    mutating func speaker() -> InboxID {
        if !cast.moderators.isEmpty && random.chance(5), let moderator = cast.moderators.random(using: &random) {
            return inbox(moderator)
        }
        return cast.plain.random(using: &random).map(inbox) ?? owner
    }

    private var room: Int { recipe.effectiveMemberLimit - cast.headcount }

    /// Whether the group is below the size the recipe asks for: adds and joins keep it there,
    /// and turn into removals (or another step) once it is.
    private var belowSize: Bool { cast.headcount < recipe.members && room > 0 }

    private mutating func addition() -> Plan {
        guard belowSize else { return removal() }
        var added: [Int] = []
        for _ in 0..<Swift.min(room, random.int(1...3)) {
            if random.chance(30), let back = cast.former.random(using: &random), !added.contains(back) {
                added.append(back)
            } else {
                added.append(cast.newInbox())
            }
        }
        return Plan(actor: speaker(), changes: [.addMembers(inboxes: added.map(inbox), identities: [])], effect: .added(added))
    }

    private mutating func removal() -> Plan {
        var removed: [Int] = []
        for _ in 0..<random.int(1...3) {
            let candidate = switch random.below(10) {
            case 0: cast.moderators.random(using: &random)
            case 1: cast.observers.random(using: &random)
            default: cast.plain.random(using: &random)
            }
            guard let member = candidate ?? cast.plain.random(using: &random), !removed.contains(member) else { continue }
            removed.append(member)
        }
        guard !removed.isEmpty else { return belowSize ? addition() : metadataUpdate() }
        return Plan(actor: owner, changes: [.removeMembers(inboxes: removed.map(inbox), withMessages: random.chance(10))],
                    effect: .removed(removed))
    }

    private mutating func roleChange() -> Plan {
        switch random.below(4) {
        case 0:
            if let member = cast.plain.random(using: &random) {
                return Plan(actor: owner, changes: [.addAdmin(inbox(member))], effect: .moved(member, from: .plain, to: .admin))
            }
        case 1:
            if let admin = cast.admins.random(using: &random) {
                return Plan(actor: owner, changes: [.removeAdmin(inbox(admin))], effect: .moved(admin, from: .admin, to: .plain))
            }
        case 2:
            if let member = cast.plain.random(using: &random) {
                let moderator = random.chance(50)
                return Plan(actor: owner, changes: [.setRole(inboxes: [inbox(member)], role: moderator ? .moderator : .observer)],
                            effect: .moved(member, from: .plain, to: moderator ? .moderator : .observer))
            }
        default:
            let fromModerators = random.chance(50)
            if let member = (fromModerators ? cast.moderators : cast.observers).random(using: &random) {
                return Plan(actor: owner, changes: [.setRole(inboxes: [inbox(member)], role: .member)],
                            effect: .moved(member, from: fromModerators ? .moderator : .observer, to: .plain))
            }
        }
        return metadataUpdate()
    }

    mutating func metadataUpdate() -> Plan {
        let actor = speaker()
        let text = "t\(random.below(1_000_000))"
        switch random.below(4) {
        case 0: return Plan(actor: actor, changes: [.updateName(text)])
        case 1: return Plan(actor: actor, changes: [.updateDescription(text)])
        case 2: return Plan(actor: actor, changes: [.updateImageURL("https://img.example/" + text)])
        default:
            let expected = random.chance(50) ? cast.appData : nil
            return Plan(actor: actor, changes: [.updateAppData(data: text, expected: expected)], effect: .appData(text))
        }
    }

    /// The owner writes a well-known field every group registers (SPEC section 11).
    private mutating func fieldWrite() -> Plan {
        let text = "f\(random.below(1_000_000))"
        switch random.below(3) {
        case 0:
            return Plan(actor: owner, changes: [.updateMetadataField(field: .id(WellKnownFields.announcement), mutation: .replace(.string(text)))])
        case 1:
            return Plan(actor: owner, changes: [.updateMetadataField(field: .id(WellKnownFields.welcomeMessage), mutation: .replace(.string(text)))])
        default:
            // One of 16 keys: inserted when absent, else updated or, now and then, deleted.
            let key = random.below(16)
            let present = cast.preferenceKeys.contains(key)
            let operation: FieldOperation = !present ? .insert : random.chance(25) ? .delete : .update
            let mutation = FieldMutation.mapDelta(operation, key: .string("k\(key)"), value: operation == .delete ? nil : .string(text))
            return Plan(actor: owner, changes: [.updateMetadataField(field: .id(WellKnownFields.groupPreferences), mutation: mutation)],
                        effect: .preference(key: key, present: operation != .delete))
        }
    }

    /// A plain member sets its display name; when the field has no room left for it (its 64 KiB
    /// hold every name ever set, former members' too), a member deletes its own instead.
    private mutating func userData() -> Plan {
        guard let member = cast.plain.random(using: &random) else { return metadataUpdate() }
        let actor = inbox(member)
        let name = "Member \(member) \(random.below(1_000))"
        // As the reducer counts an entry: its key (the inbox), its value and 8.
        let bytes = actor.rawValue.utf8.count + name.utf8.count + 8
        if cast.displayNameBytes - (cast.displayNames[member] ?? 0) + bytes <= FieldLimits.collection {
            let update = UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: .string(name))
            return Plan(actor: actor, changes: [.updateUserData([update])], effect: .displayName(member, bytes: bytes))
        }
        guard let named = cast.namedMembers.random(using: &random), cast.plain.contains(named) else { return metadataUpdate() }
        let deletion = UserFieldUpdate(field: .id(WellKnownFields.userDisplayName), value: nil)
        return Plan(actor: inbox(named), changes: [.updateUserData([deletion])], effect: .displayName(named, bytes: nil))
    }

    /// A link made, someone joining through one, a member muted for an hour or a mute lifted.
    private mutating func lifecycleStep() -> Plan {
        let time = recipe.start + UInt64(made)
        switch random.below(4) {
        case 0:
            if !cast.links.isEmpty, belowSize {
                let joiner = cast.newInbox()
                return Plan(actor: inbox(joiner), changes: [.join(link: cast.links[random.below(cast.links.count)])], effect: .added([joiner]))
            }
        case 1:
            if let member = cast.plain.random(using: &random) {
                return Plan(actor: owner, changes: [.mute(inboxes: [inbox(member)], until: time + 3_600_000)],
                            effect: .moved(member, from: .plain, to: .muted))
            }
        case 2:
            if let member = cast.muted.random(using: &random) {
                return Plan(actor: owner, changes: [.unmute([inbox(member)])], effect: .moved(member, from: .muted, to: .plain))
            }
        default:
            break
        }
        let link = "invite-\(cast.linksMade)"
        cast.linksMade += 1
        return Plan(actor: owner, changes: [.createLink(link, role: .member)], effect: .linkCreated(link))
    }
}
