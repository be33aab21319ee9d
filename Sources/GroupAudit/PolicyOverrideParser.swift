import GroupCore
import GroupFixtures

/// Reads the overrides of `grouplog whatif` from their command-line form: `SLOT=POLICY` for a
/// group slot and `FIELD.OPERATION=POLICY` for a field's policy.
///
/// SLOT is a slot name as fixtures spell it (`addMember`, `updateName`, ...), or
/// `updateMetadata.FIELD` as `updatePermission` names the metadata slots (`updateMetadata.name`).
/// POLICY is a base name, a combinator in the compact form (`any(self, formerMember)`) or JSON
/// (`{"any": ["self", "formerMember"]}`); see ``PolicyText``. FIELD is a field's registered
/// name (checked against the log later, by ``WhatIf``) and OPERATION one of `insert`, `update`,
/// `delete`.
public enum PolicyOverrideParser {
    /// Every slot name the parser takes, for messages.
    public static let slotChoices = PolicySlot.allCases.map(\.rawValue).joined(separator: ", ")
        + ", or updateMetadata.FIELD (FIELD: \(metadataFields.joined(separator: ", ")))"

    private static let metadataFields = ["name", "description", "imageURL", "appData", "disappearingMessages"]

    /// The overrides the options give, checked as the reducer would check the policies.
    /// - Parameters:
    ///   - slotArguments: the `--policy` values, `SLOT=POLICY`.
    ///   - fieldArguments: the `--field-policy` values, `FIELD.OPERATION=POLICY`.
    /// - Throws: ``PolicyOverrideError`` naming the option, its value and what is wrong.
    public static func overrides(slotArguments: [String], fieldArguments: [String]) throws(PolicyOverrideError) -> PolicyOverrides {
        var overrides = PolicyOverrides()
        for argument in slotArguments {
            let (slot, policy) = try slotOverride(argument)
            guard overrides.slots.updateValue(policy, forKey: slot) == nil else {
                throw PolicyOverrideError("--policy \(argument.debugDescription): slot \(slot) is pinned twice")
            }
        }
        for argument in fieldArguments {
            let (key, policy) = try fieldOverride(argument)
            guard overrides.fields.updateValue(policy, forKey: key) == nil else {
                throw PolicyOverrideError("--field-policy \(argument.debugDescription): \(key) is pinned twice")
            }
        }
        do throws(Rejection) {
            try overrides.validate()
        } catch {
            throw PolicyOverrideError("invalid policy: \(error.detail)")
        }
        return overrides
    }

    /// One `SLOT=POLICY`.
    static func slotOverride(_ argument: String) throws(PolicyOverrideError) -> (PolicySlot, Policy) {
        let option = "--policy \(argument.debugDescription)"
        let (name, policyText) = try split(argument, option: option, form: "SLOT=POLICY")
        let slot: PolicySlot
        if let field = name.dropPrefix("updateMetadata.") {
            guard let metadataSlot = PolicySlot(metadataField: field) else {
                throw PolicyOverrideError("\(option): unknown metadata field \(field.debugDescription); expected one of \(metadataFields.joined(separator: ", "))")
            }
            slot = metadataSlot
        } else {
            guard let named = PolicySlot(rawValue: name) else {
                throw PolicyOverrideError("\(option): unknown slot \(name.debugDescription); expected one of \(slotChoices)")
            }
            slot = named
        }
        return (slot, try policy(policyText, option: option))
    }

    /// One `FIELD.OPERATION=POLICY`.
    static func fieldOverride(_ argument: String) throws(PolicyOverrideError) -> (PolicyOverrides.FieldPolicy, Policy) {
        let option = "--field-policy \(argument.debugDescription)"
        let (name, policyText) = try split(argument, option: option, form: "FIELD.OPERATION=POLICY")
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            throw PolicyOverrideError("\(option): expected FIELD.OPERATION=POLICY, such as ANNOUNCEMENT.update=allowAll")
        }
        let field = String(name[..<dot]), operationName = String(name[name.index(after: dot)...])
        guard let operation = FieldOperation(rawValue: operationName) else {
            let choices = FieldOperation.allCases.map(\.rawValue).joined(separator: ", ")
            throw PolicyOverrideError("\(option): unknown operation \(operationName.debugDescription); expected one of \(choices)")
        }
        return (PolicyOverrides.FieldPolicy(field: field, operation: operation), try policy(policyText, option: option))
    }

    private static func split(_ argument: String, option: String, form: String) throws(PolicyOverrideError) -> (String, String) {
        guard let equals = argument.firstIndex(of: "=") else { throw PolicyOverrideError("\(option): expected \(form)") }
        let name = String(argument[..<equals]), policy = String(argument[argument.index(after: equals)...])
        guard !name.isEmpty else { throw PolicyOverrideError("\(option): expected \(form), with a name before \"=\"") }
        guard !policy.isEmpty else { throw PolicyOverrideError("\(option): expected \(form), with a policy after \"=\"") }
        return (name, policy)
    }

    private static func policy(_ text: String, option: String) throws(PolicyOverrideError) -> Policy {
        do throws(PolicyTextError) {
            return try PolicyText.parse(text)
        } catch {
            throw PolicyOverrideError("\(option): \(error.message)")
        }
    }
}

extension String {
    /// The rest of the string after `prefix`; nil when it does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

/// An override of `grouplog whatif` that cannot be used: malformed, naming an unknown slot,
/// operation, policy or field, or a policy the reducer would refuse.
public struct PolicyOverrideError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
