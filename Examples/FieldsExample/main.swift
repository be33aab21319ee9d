// The seed's Swift example flow for configurable fields, run against a fresh temporary store:
// `swift run grouplog-example-fields`. It prints each step's result and exits non-zero with a
// message on the first error.
import Foundation
import GroupLog
import GroupTestSupport

/// Why the example stopped.
struct ExampleFailure: Error, CustomStringConvertible {
    let description: String
}

/// One line per inbox, its user field values as `NAME = value`.
func describe(_ profiles: [InboxID: [UserFieldValue]]) -> [String] {
    profiles.keys.sorted().map { inbox in
        let values = profiles[inbox] ?? []
        let text = values.isEmpty ? "(none)" : values.map { "\(label($0.descriptor)) = \(describe($0.value))" }.joined(separator: ", ")
        return "  \(inbox.rawValue): \(text)"
    }
}

/// A field's name, or its component ID when the configuration gave it none.
func label(_ descriptor: FieldDescriptor) -> String {
    descriptor.name ?? "\(descriptor.id)"
}

/// A field value as a reader would write it.
func describe(_ value: FieldValue?) -> String {
    guard let value else { return "(unset)" }
    if case let .string(text) = value { return text.debugDescription }
    return "\(value)"
}

/// The seed's flow, step by step.
func run(in directory: URL) async throws {
    let configFile = directory.appendingPathComponent("operator.toml")
    // The seed's GROUP_CATEGORY (a string only admins write) and USER_PRONOUNS (each inbox's own
    // entry): the TOML of the ConfigurableFields article, shared with the field tests.
    try Data(ConfigurationSample.seedFields.utf8).write(to: configFile)
    let store = try GroupLogStore(
        path: directory.appendingPathComponent("store").path,
        options: .init(create: true, configurationFile: configFile.path))
    defer { store.close() }
    print("opened a store at \(store.path) with \(configFile.lastPathComponent)")

    let alix = try InboxID("alix"), bo = try InboxID("bo"), caro = try InboxID("caro")
    let group = try await store.conversations(as: alix).newGroup(with: [bo, caro], options: CreateGroupOptions(groupId: try GroupID("team"), name: "Team"))
    let members = try await group.members().map { "\($0.inbox.rawValue) (\($0.role))" }
    print("created group \(group.groupId.rawValue) as alix: members \(members.joined(separator: ", "))")
    print("registered fields: \(try await group.metadataFields().map(label).joined(separator: ", "))")

    guard let category = try await group.metadataField(name: "GROUP_CATEGORY")?.field else {
        throw ExampleFailure(description: "GROUP_CATEGORY is not registered")
    }
    let categorySet = try await group.updateMetadataField(field: category, operation: .replace(.string("engineering")))
    guard case let .scalar(value)? = try await group.metadataValue(field: category) else {
        throw ExampleFailure(description: "GROUP_CATEGORY is not a scalar field")
    }
    print("set GROUP_CATEGORY (commit \(categorySet.sequence)): \(describe(value))")

    let displayName = metadataFieldRef(field: .userDisplayName)
    guard let pronouns = try await group.metadataField(name: "USER_PRONOUNS")?.field else {
        throw ExampleFailure(description: "USER_PRONOUNS is not registered")
    }
    let profileSet = try await group.updateUserData(values: [
        UserFieldUpdate(field: displayName, value: .string("Alix")),
        UserFieldUpdate(field: pronouns, value: .string("they/them")),
    ])
    print("set alix's display name and pronouns (commit \(profileSet.sequence))")

    let profiles = try await group.userData(fields: [displayName, pronouns], inboxIds: nil)
    print("user data of the members:")
    describe(profiles).forEach { print($0) }

    let cleared = try await group.updateUserData(values: [UserFieldUpdate(field: pronouns, value: nil)])
    print("cleared alix's pronouns (commit \(cleared.sequence))")

    let after = try await group.userData(fields: [displayName, pronouns], inboxIds: nil)
    print("user data of the members:")
    describe(after).forEach { print($0) }

    // A member may not write an admin-only field: the write throws and nothing is written.
    do {
        try await group.acting(as: bo).updateMetadataField(field: category, operation: .replace(.string("sales")))
        throw ExampleFailure(description: "bo could set GROUP_CATEGORY, which only admins may")
    } catch let error as GroupLogError {
        print("bo sets GROUP_CATEGORY: \(error)")
    }
    print("head: commit \(try await group.state().sequence)")
}

let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("grouplog-example-\(UUID().uuidString)", isDirectory: true)
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await run(in: directory)
} catch {
    FileHandle.standardError.write(Data("grouplog-example-fields: \(error)\n".utf8))
    exit(1)
}
