import GroupCore

// The canonical binary encoding of a commit's outcome, as the store keeps it beside the commit.
// Primitives as in BinaryWriter.swift, shared values as in BinaryWriter+Values.swift.
//
//   byte      format version: 1
//   byte      0 applied | 1 rejected
//   rejected: optional zigzag change index (none when the commit failed as a whole),
//             rejection tag, then the rejection's details:
//
// Rejection tags are a stored format: never renumber one, never reuse one; a new code takes the
// next free number.
//
// | tag | code                      | details                                                |
// |-----|---------------------------|--------------------------------------------------------|
// |  1  | groupNotFound             | none                                                   |
// |  2  | groupDeleted              | none                                                   |
// |  3  | invalidCommit             | reason string                                          |
// |  4  | timeWentBackwards         | varint time, varint last applied time                  |
// |  5  | dmForbidden               | op string                                              |
// |  6  | notAMember                | inbox                                                  |
// |  7  | notActive                 | inbox, state string                                    |
// |  8  | permissionDenied          | actor inbox, actor role tag, rule (below)              |
// |  9  | invalidPolicy             | optional slot tag, reason string                       |
// | 10  | invalidRole               | role tag                                               |
// | 11  | invalidArgument           | reason string                                          |
// | 12  | tooLong                   | field string, zigzag bytes, zigzag limit               |
// | 13  | identityNotFound          | public identity                                        |
// | 14  | duplicateInbox            | inbox                                                  |
// | 15  | memberNotFound            | inbox                                                  |
// | 16  | alreadyMember             | inbox                                                  |
// | 17  | alreadyHasRole            | inbox, role tag                                        |
// | 18  | notAnAdmin                | inbox                                                  |
// | 19  | notASuperAdmin            | inbox                                                  |
// | 20  | superAdminCannotBeRemoved | inbox                                                  |
// | 21  | lastSuperAdmin            | inbox                                                  |
// | 22  | banned                    | inbox                                                  |
// | 23  | memberLimitExceeded       | zigzag limit                                           |
// | 24  | appDataSuperseded         | expected string, actual string                         |
// | 25  | onlyMemberCannotLeave     | none                                                   |
// | 26  | dmCannotLeave             | none                                                   |
// | 27  | superAdminCannotLeave     | none                                                   |
// | 28  | wrongLeaveRule            | leave rule tag                                         |
// | 29  | alreadyPendingRemoval     | none                                                   |
// | 30  | unknownField              | field string                                           |
// | 31  | notUserField              | field string                                           |
// | 32  | duplicateField            | field string                                           |
// | 33  | wrongType                 | field string, reason string                            |
// | 34  | unsupportedType           | field string, type string                              |
// | 35  | keyExists                 | field string, key string                               |
// | 36  | keyNotFound               | field string, key string                               |
// | 37  | immutableField            | field string                                           |
// | 38  | fieldAlreadyRegistered    | field string                                           |
// | 39  | notInvited                | inbox                                                  |
// | 40  | joinNotAllowed            | join rule tag                                          |
// | 41  | joinRequestNotFound       | inbox                                                  |
// | 42  | linkExists                | link string                                            |
// | 43  | linkNotFound              | link string                                            |
// | 44  | unsignedCommit            | none                                                   |
// | 45  | wrongSigningKey           | inbox, public key (32 bytes)                           |
//
// Permission denial rule: tag 0 policy (slot tag, policy), 1 superAdminRequired, 2 seniority
// (subject inbox, subject role tag, optional new role tag), 3 observerReadOnly.

/// The canonical, versioned binary encoding of commit outcomes.
public enum OutcomeCodec: BinaryRecordCodec {
    /// The format version this build writes and reads.
    public static let version: UInt8 = 1

    private static let appliedEncoding: [UInt8] = [version, OutcomeTag.applied.rawValue]

    /// The canonical encoding of `outcome`.
    public static func encode(_ outcome: CommitOutcome) -> [UInt8] {
        switch outcome {
        case .applied:
            // Most commits apply, and every commit written encodes its outcome: made once
            // rather than per commit (issue 18).
            return appliedEncoding
        case let .rejected(rejection):
            var writer = BinaryWriter(reservingCapacity: 64)
            writer.writeByte(version)
            writer.writeByte(OutcomeTag.rejected.rawValue)
            writer.writeOptional(rejection.changeIndex) { $0.writeInt($1) }
            writer.writeRejection(rejection.reason)
            return writer.bytes
        }
    }

    /// Reads one outcome from `reader`, which must hold exactly that outcome, in a version this build
    /// reads.
    public static func decode(from reader: inout BinaryReader) throws(BinaryDecodingError) -> CommitOutcome {
        try reader.readVersion("outcome format version", supported: version)
        let outcome: CommitOutcome
        switch try reader.readTag("outcome", OutcomeTag.init(rawValue:)) {
        case .applied:
            outcome = .applied
        case .rejected:
            let changeIndex = try reader.readOptional("outcome change index") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readInt("outcome change index")
            }
            outcome = .rejected(CommitRejection(changeIndex: changeIndex, reason: try reader.readRejection()))
        }
        try reader.expectEnd("outcome")
        return outcome
    }
}

private enum OutcomeTag: UInt8 {
    case applied = 0
    case rejected = 1
}

/// The rejection tags of the table above.
private enum RejectionTag: UInt8 {
    case groupNotFound = 1
    case groupDeleted = 2
    case invalidCommit = 3
    case timeWentBackwards = 4
    case dmForbidden = 5
    case notAMember = 6
    case notActive = 7
    case permissionDenied = 8
    case invalidPolicy = 9
    case invalidRole = 10
    case invalidArgument = 11
    case tooLong = 12
    case identityNotFound = 13
    case duplicateInbox = 14
    case memberNotFound = 15
    case alreadyMember = 16
    case alreadyHasRole = 17
    case notAnAdmin = 18
    case notASuperAdmin = 19
    case superAdminCannotBeRemoved = 20
    case lastSuperAdmin = 21
    case banned = 22
    case memberLimitExceeded = 23
    case appDataSuperseded = 24
    case onlyMemberCannotLeave = 25
    case dmCannotLeave = 26
    case superAdminCannotLeave = 27
    case wrongLeaveRule = 28
    case alreadyPendingRemoval = 29
    case unknownField = 30
    case notUserField = 31
    case duplicateField = 32
    case wrongType = 33
    case unsupportedType = 34
    case keyExists = 35
    case keyNotFound = 36
    case immutableField = 37
    case fieldAlreadyRegistered = 38
    case notInvited = 39
    case joinNotAllowed = 40
    case joinRequestNotFound = 41
    case linkExists = 42
    case linkNotFound = 43
    case unsignedCommit = 44
    case wrongSigningKey = 45
}

/// The tags of `PermissionDenial.Rule`.
private enum DenialRuleTag: UInt8 {
    case policy = 0
    case superAdminRequired = 1
    case seniority = 2
    case observerReadOnly = 3
    case fieldPolicy = 4
}

extension BinaryWriter {
    fileprivate mutating func writeRejection(_ rejection: Rejection) {
        switch rejection {
        case .groupNotFound:
            writeByte(RejectionTag.groupNotFound.rawValue)
        case .groupDeleted:
            writeByte(RejectionTag.groupDeleted.rawValue)
        case let .invalidCommit(reason):
            writeByte(RejectionTag.invalidCommit.rawValue)
            writeString(reason)
        case let .timeWentBackwards(time, lastApplied):
            writeByte(RejectionTag.timeWentBackwards.rawValue)
            writeVarint(time)
            writeVarint(lastApplied)
        case let .dmForbidden(op):
            writeByte(RejectionTag.dmForbidden.rawValue)
            writeString(op)
        case let .notAMember(inbox):
            writeByte(RejectionTag.notAMember.rawValue)
            writeInbox(inbox)
        case let .notActive(inbox, state):
            writeByte(RejectionTag.notActive.rawValue)
            writeInbox(inbox)
            writeString(state)
        case let .permissionDenied(denial):
            writeByte(RejectionTag.permissionDenied.rawValue)
            writeDenial(denial)
        case let .invalidPolicy(slot, reason):
            writeByte(RejectionTag.invalidPolicy.rawValue)
            writeOptional(slot) { $0.writeSlot($1) }
            writeString(reason)
        case let .invalidRole(role):
            writeByte(RejectionTag.invalidRole.rawValue)
            writeRole(role)
        case let .invalidArgument(reason):
            writeByte(RejectionTag.invalidArgument.rawValue)
            writeString(reason)
        case let .tooLong(field, bytes, limit):
            writeByte(RejectionTag.tooLong.rawValue)
            writeString(field)
            writeInt(bytes)
            writeInt(limit)
        case let .identityNotFound(identity):
            writeByte(RejectionTag.identityNotFound.rawValue)
            writeIdentity(identity)
        case let .duplicateInbox(inbox):
            writeByte(RejectionTag.duplicateInbox.rawValue)
            writeInbox(inbox)
        case let .memberNotFound(inbox):
            writeByte(RejectionTag.memberNotFound.rawValue)
            writeInbox(inbox)
        case let .alreadyMember(inbox):
            writeByte(RejectionTag.alreadyMember.rawValue)
            writeInbox(inbox)
        case let .alreadyHasRole(inbox, role):
            writeByte(RejectionTag.alreadyHasRole.rawValue)
            writeInbox(inbox)
            writeRole(role)
        case let .notAnAdmin(inbox):
            writeByte(RejectionTag.notAnAdmin.rawValue)
            writeInbox(inbox)
        case let .notASuperAdmin(inbox):
            writeByte(RejectionTag.notASuperAdmin.rawValue)
            writeInbox(inbox)
        case let .superAdminCannotBeRemoved(inbox):
            writeByte(RejectionTag.superAdminCannotBeRemoved.rawValue)
            writeInbox(inbox)
        case let .lastSuperAdmin(inbox):
            writeByte(RejectionTag.lastSuperAdmin.rawValue)
            writeInbox(inbox)
        case let .banned(inbox):
            writeByte(RejectionTag.banned.rawValue)
            writeInbox(inbox)
        case let .memberLimitExceeded(limit):
            writeByte(RejectionTag.memberLimitExceeded.rawValue)
            writeInt(limit)
        case let .appDataSuperseded(expected, actual):
            writeByte(RejectionTag.appDataSuperseded.rawValue)
            writeString(expected)
            writeString(actual)
        case .onlyMemberCannotLeave:
            writeByte(RejectionTag.onlyMemberCannotLeave.rawValue)
        case .dmCannotLeave:
            writeByte(RejectionTag.dmCannotLeave.rawValue)
        case .superAdminCannotLeave:
            writeByte(RejectionTag.superAdminCannotLeave.rawValue)
        case let .wrongLeaveRule(rule):
            writeByte(RejectionTag.wrongLeaveRule.rawValue)
            writeByte(rule.wireTag)
        case .alreadyPendingRemoval:
            writeByte(RejectionTag.alreadyPendingRemoval.rawValue)
        case let .unknownField(field):
            writeByte(RejectionTag.unknownField.rawValue)
            writeString(field)
        case let .notUserField(field):
            writeByte(RejectionTag.notUserField.rawValue)
            writeString(field)
        case let .duplicateField(field):
            writeByte(RejectionTag.duplicateField.rawValue)
            writeString(field)
        case let .wrongType(field, reason):
            writeByte(RejectionTag.wrongType.rawValue)
            writeString(field)
            writeString(reason)
        case let .unsupportedType(field, type):
            writeByte(RejectionTag.unsupportedType.rawValue)
            writeString(field)
            writeString(type)
        case let .keyExists(field, key):
            writeByte(RejectionTag.keyExists.rawValue)
            writeString(field)
            writeString(key)
        case let .keyNotFound(field, key):
            writeByte(RejectionTag.keyNotFound.rawValue)
            writeString(field)
            writeString(key)
        case let .immutableField(field):
            writeByte(RejectionTag.immutableField.rawValue)
            writeString(field)
        case let .fieldAlreadyRegistered(field):
            writeByte(RejectionTag.fieldAlreadyRegistered.rawValue)
            writeString(field)
        case let .notInvited(inbox):
            writeByte(RejectionTag.notInvited.rawValue)
            writeInbox(inbox)
        case let .joinNotAllowed(rule):
            writeByte(RejectionTag.joinNotAllowed.rawValue)
            writeByte(rule.wireTag)
        case let .joinRequestNotFound(inbox):
            writeByte(RejectionTag.joinRequestNotFound.rawValue)
            writeInbox(inbox)
        case let .linkExists(link):
            writeByte(RejectionTag.linkExists.rawValue)
            writeString(link)
        case let .linkNotFound(link):
            writeByte(RejectionTag.linkNotFound.rawValue)
            writeString(link)
        case .unsignedCommit:
            writeByte(RejectionTag.unsignedCommit.rawValue)
        case let .wrongSigningKey(inbox, key):
            writeByte(RejectionTag.wrongSigningKey.rawValue)
            writeInbox(inbox)
            writePublicKey(key)
        }
    }

    private mutating func writeDenial(_ denial: PermissionDenial) {
        writeInbox(denial.actor)
        writeRole(denial.actorRole)
        switch denial.rule {
        case let .policy(slot, policy):
            writeByte(DenialRuleTag.policy.rawValue)
            writeSlot(slot)
            writePolicy(policy)
        case .superAdminRequired:
            writeByte(DenialRuleTag.superAdminRequired.rawValue)
        case let .seniority(subject, subjectRole, newRole):
            writeByte(DenialRuleTag.seniority.rawValue)
            writeInbox(subject)
            writeRole(subjectRole)
            writeOptional(newRole) { $0.writeRole($1) }
        case .observerReadOnly:
            writeByte(DenialRuleTag.observerReadOnly.rawValue)
        case let .fieldPolicy(field, operation, policy):
            writeByte(DenialRuleTag.fieldPolicy.rawValue)
            writeString(field)
            writeFieldOperation(operation)
            writePolicy(policy)
        }
    }
}

extension BinaryReader {
    fileprivate mutating func readRejection() throws(BinaryDecodingError) -> Rejection {
        switch try readTag("rejection code", RejectionTag.init(rawValue:)) {
        case .groupNotFound:
            return .groupNotFound
        case .groupDeleted:
            return .groupDeleted
        case .invalidCommit:
            return .invalidCommit(reason: try readString("invalidCommit reason"))
        case .timeWentBackwards:
            let time = try readVarint("timeWentBackwards time")
            return .timeWentBackwards(time: time, lastApplied: try readVarint("timeWentBackwards last applied time"))
        case .dmForbidden:
            return .dmForbidden(op: try readString("dmForbidden op"))
        case .notAMember:
            return .notAMember(try readInbox("notAMember inbox"))
        case .notActive:
            let inbox = try readInbox("notActive inbox")
            return .notActive(inbox, state: try readString("notActive state"))
        case .permissionDenied:
            return .permissionDenied(try readDenial())
        case .invalidPolicy:
            let slot = try readOptional("invalidPolicy slot") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readSlot("invalidPolicy slot")
            }
            return .invalidPolicy(slot: slot, reason: try readString("invalidPolicy reason"))
        case .invalidRole:
            return .invalidRole(try readRole("invalidRole role"))
        case .invalidArgument:
            return .invalidArgument(reason: try readString("invalidArgument reason"))
        case .tooLong:
            let field = try readString("tooLong field")
            let bytes = try readInt("tooLong bytes")
            return .tooLong(field: field, bytes: bytes, limit: try readInt("tooLong limit"))
        case .identityNotFound:
            return .identityNotFound(try readIdentity("identityNotFound identity"))
        case .duplicateInbox:
            return .duplicateInbox(try readInbox("duplicateInbox inbox"))
        case .memberNotFound:
            return .memberNotFound(try readInbox("memberNotFound inbox"))
        case .alreadyMember:
            return .alreadyMember(try readInbox("alreadyMember inbox"))
        case .alreadyHasRole:
            let inbox = try readInbox("alreadyHasRole inbox")
            return .alreadyHasRole(inbox, role: try readRole("alreadyHasRole role"))
        case .notAnAdmin:
            return .notAnAdmin(try readInbox("notAnAdmin inbox"))
        case .notASuperAdmin:
            return .notASuperAdmin(try readInbox("notASuperAdmin inbox"))
        case .superAdminCannotBeRemoved:
            return .superAdminCannotBeRemoved(try readInbox("superAdminCannotBeRemoved inbox"))
        case .lastSuperAdmin:
            return .lastSuperAdmin(try readInbox("lastSuperAdmin inbox"))
        case .banned:
            return .banned(try readInbox("banned inbox"))
        case .memberLimitExceeded:
            return .memberLimitExceeded(limit: try readInt("memberLimitExceeded limit"))
        case .appDataSuperseded:
            let expected = try readString("appDataSuperseded expected")
            return .appDataSuperseded(expected: expected, actual: try readString("appDataSuperseded actual"))
        case .onlyMemberCannotLeave:
            return .onlyMemberCannotLeave
        case .dmCannotLeave:
            return .dmCannotLeave
        case .superAdminCannotLeave:
            return .superAdminCannotLeave
        case .wrongLeaveRule:
            return .wrongLeaveRule(try readTag("wrongLeaveRule rule", LeaveRule.init(wireTag:)))
        case .alreadyPendingRemoval:
            return .alreadyPendingRemoval
        case .unknownField:
            return .unknownField(try readString("unknownField field"))
        case .notUserField:
            return .notUserField(try readString("notUserField field"))
        case .duplicateField:
            return .duplicateField(try readString("duplicateField field"))
        case .wrongType:
            let field = try readString("wrongType field")
            return .wrongType(field: field, reason: try readString("wrongType reason"))
        case .unsupportedType:
            let field = try readString("unsupportedType field")
            return .unsupportedType(field: field, type: try readString("unsupportedType type"))
        case .keyExists:
            let field = try readString("keyExists field")
            return .keyExists(field: field, key: try readString("keyExists key"))
        case .keyNotFound:
            let field = try readString("keyNotFound field")
            return .keyNotFound(field: field, key: try readString("keyNotFound key"))
        case .immutableField:
            return .immutableField(field: try readString("immutableField field"))
        case .fieldAlreadyRegistered:
            return .fieldAlreadyRegistered(try readString("fieldAlreadyRegistered field"))
        case .notInvited:
            return .notInvited(try readInbox("notInvited inbox"))
        case .joinNotAllowed:
            return .joinNotAllowed(try readTag("joinNotAllowed rule", JoinRule.init(wireTag:)))
        case .joinRequestNotFound:
            return .joinRequestNotFound(try readInbox("joinRequestNotFound inbox"))
        case .linkExists:
            return .linkExists(try readString("linkExists link"))
        case .linkNotFound:
            return .linkNotFound(try readString("linkNotFound link"))
        case .unsignedCommit:
            return .unsignedCommit
        case .wrongSigningKey:
            let inbox = try readInbox("wrongSigningKey inbox")
            return .wrongSigningKey(inbox, key: try readPublicKey("wrongSigningKey key"))
        }
    }

    private mutating func readDenial() throws(BinaryDecodingError) -> PermissionDenial {
        let actor = try readInbox("permissionDenied actor")
        let actorRole = try readRole("permissionDenied actor role")
        let rule: PermissionDenial.Rule
        switch try readTag("permissionDenied rule", DenialRuleTag.init(rawValue:)) {
        case .policy:
            let slot = try readSlot("permissionDenied slot")
            rule = .policy(slot, try readPolicy("permissionDenied policy"))
        case .superAdminRequired:
            rule = .superAdminRequired
        case .seniority:
            let subject = try readInbox("permissionDenied subject")
            let subjectRole = try readRole("permissionDenied subject role")
            let newRole = try readOptional("permissionDenied new role") { (reader: inout BinaryReader) throws(BinaryDecodingError) in
                try reader.readRole("permissionDenied new role")
            }
            rule = .seniority(subject: subject, subjectRole: subjectRole, newRole: newRole)
        case .observerReadOnly:
            rule = .observerReadOnly
        case .fieldPolicy:
            let field = try readString("permissionDenied field")
            let operation = try readFieldOperation("permissionDenied field operation")
            rule = .fieldPolicy(field: field, operation: operation, policy: try readPolicy("permissionDenied field policy"))
        }
        return PermissionDenial(actor: actor, actorRole: actorRole, rule: rule)
    }
}
