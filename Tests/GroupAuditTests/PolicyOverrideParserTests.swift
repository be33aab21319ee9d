import GroupCore
import GroupFixtures
import Testing
@testable import GroupAudit

/// The command-line form of what-if overrides, and the compact policy text they use.
struct PolicyOverrideParserTests {
    static func parse(_ policies: [String], fields: [String] = []) throws(PolicyOverrideError) -> PolicyOverrides {
        try PolicyOverrideParser.overrides(slotArguments: policies, fieldArguments: fields)
    }

    static func message(_ policies: [String], fields: [String] = []) -> String? {
        do throws(PolicyOverrideError) {
            _ = try parse(policies, fields: fields)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: [
        ("adminOnly", Policy.adminOnly),
        ("self", .selfOnly),
        ("any(self, formerMember)", .any([.selfOnly, .formerMember])),
        (" all( adminOnly ,any(self,author) ) ", .all([.adminOnly, .any([.selfOnly, .author])])),
        (#"{"any": ["self", {"all": ["adminOnly", "moderatorOnly"]}]}"#, .any([.selfOnly, .all([.adminOnly, .moderatorOnly])])),
    ])
    func policyTextReadsNamesCombinatorsAndJSON(text: String, policy: Policy) throws {
        #expect(try PolicyText.parse(text) == policy)
    }

    @Test func policyTextReadsWhatPolicyDescriptionPrints() throws {
        let policies: [Policy] = [
            .allowAll, .denyAll, .moderatorOnly, .superAdminOnly, .formerMember, .author,
            .all([.adminOnly, .any([.selfOnly, .author, .all([.formerMember])])]),
        ]
        for policy in policies { #expect(try PolicyText.parse(policy.description) == policy) }
    }

    @Test(arguments: [
        ("admin", "unknown policy \"admin\"; expected one of allowAll, denyAll"),
        ("some(self)", "unknown combinator \"some\""),
        ("any(self", "any( is not closed"),
        ("any(self formerMember)", "expected \",\" or \")\""),
        ("self)", "unexpected \")\" after the policy"),
        ("", "expected a policy name, found the end"),
        (#"{"any": [7]}"#, "at $.any[0]: expected an object"),
        (#"{"any": "#, "not valid JSON"),
    ])
    func policyTextNamesWhatIsWrong(text: String, fragment: String) {
        #expect {
            try PolicyText.parse(text)
        } throws: { error in
            (error as? PolicyTextError)?.message.contains(fragment) == true
        }
    }

    @Test func slotsAndFieldPoliciesAreRead() throws {
        let overrides = try Self.parse(
            ["addMember=adminOnly", "updateMetadata.name=any(self, adminOnly)", "ban={\"all\": [\"adminOnly\"]}"],
            fields: ["ANNOUNCEMENT.update=allowAll", "MY.FIELD.delete=author"])
        #expect(overrides.slots == [.addMember: .adminOnly, .updateName: .any([.selfOnly, .adminOnly]), .ban: .all([.adminOnly])])
        #expect(overrides.fields == [
            PolicyOverrides.FieldPolicy(field: "ANNOUNCEMENT", operation: .update): .allowAll,
            PolicyOverrides.FieldPolicy(field: "MY.FIELD", operation: .delete): .author,
        ])
        #expect(overrides.fieldNames == ["ANNOUNCEMENT", "MY.FIELD"])
    }

    @Test(arguments: [
        (["addMembr=adminOnly"], [String](), "--policy \"addMembr=adminOnly\": unknown slot \"addMembr\"; expected one of addMember, removeMember"),
        (["updateMetadata.title=adminOnly"], [], "unknown metadata field \"title\"; expected one of name, description"),
        (["addMember"], [], "--policy \"addMember\": expected SLOT=POLICY"),
        (["=adminOnly"], [], "with a name before \"=\""),
        (["addMember="], [], "with a policy after \"=\""),
        (["addMember=admins"], [], "--policy \"addMember=admins\": unknown policy \"admins\""),
        (["addMember=adminOnly", "addMember=allowAll"], [], "slot addMember is pinned twice"),
        (["addAdmin=any(allowAll, adminOnly)"], [], "invalid policy: addAdmin: addAdmin can never be allowAll"),
        (["updateName=author"], [], "invalid policy: updateName: author applies to field entries only"),
        (["mute=any()"], [], "invalid policy: mute: an any or all combinator needs at least one policy"),
        ([], ["ANNOUNCEMENT.upsert=allowAll"], "unknown operation \"upsert\"; expected one of insert, update, delete"),
        ([], ["ANNOUNCEMENT=allowAll"], "expected FIELD.OPERATION=POLICY"),
        ([], [".update=allowAll"], "expected FIELD.OPERATION=POLICY"),
        ([], ["ANNOUNCEMENT.update=all()"], "ANNOUNCEMENT.update: an any or all combinator needs at least one policy"),
        ([], ["ANNOUNCEMENT.update=self", "ANNOUNCEMENT.update=author"], "ANNOUNCEMENT.update is pinned twice"),
    ])
    func badOverridesAreRefusedNamingTheBadPart(policies: [String], fields: [String], fragment: String) {
        let message = Self.message(policies, fields: fields)
        #expect(message?.contains(fragment) == true, "\(message ?? "accepted")")
    }
}
