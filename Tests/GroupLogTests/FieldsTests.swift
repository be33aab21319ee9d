import Foundation
import GroupLog
import GroupTestSupport
import Testing

/// The operator configuration the field tests open their stores with: the seed's GROUP_CATEGORY
/// and USER_PRONOUNS, a set, and a field in the immutable application range.
enum FieldsConfiguration {
    static let toml = """
    \(ConfigurationSample.seedFields)

    [[application_components]]
    id = 0xC003
    name = "TOPICS"
    type = "set"
    insert = "allowAll"
    update = "allowAll"
    delete = "adminOnly"

    [[application_components]]
    id = 0xFD01
    name = "GROUP_ORIGIN"
    type = "string"
    insert = "allowAll"
    update = "allowAll"
    delete = "allowAll"
    """
}

/// Runs `body` with a store opened under `FieldsConfiguration`, in a fresh temporary directory.
func withConfiguredStore<T>(_ body: (GroupLogStore) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("grouplog-fields-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    let config = url.appendingPathComponent("operator.toml")
    try Data(FieldsConfiguration.toml.utf8).write(to: config)
    let clock = CountingClock()
    let store = try GroupLogStore(
        path: url.appendingPathComponent("store").path,
        options: .init(create: true, configurationFile: config.path, now: clock.now))
    defer { store.close() }
    return try await body(store)
}

/// Configurable fields and user data over a real store.
struct FieldsTests {
    let named = GroupID.named("fields")

    func team(_ store: GroupLogStore) async throws -> Group {
        try await store.conversations(as: .alix).newGroup(with: [.bo, .caro], options: CreateGroupOptions(groupId: named))
    }

    /// The seed's Swift example, line for line (without `sync()`: the store is local).
    @Test func seedSwiftExample() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let category = try #require(try await group.metadataField(name: "GROUP_CATEGORY")?.field)
            try await group.updateMetadataField(field: category, operation: .replace(.string("engineering")))

            let displayName = metadataFieldRef(field: .userDisplayName)
            let pronouns = try #require(try await group.metadataField(name: "USER_PRONOUNS")?.field)
            try await group.updateUserData(values: [
                UserFieldUpdate(field: displayName, value: .string("Alix")),
                UserFieldUpdate(field: pronouns, value: .string("they/them")),
            ])
            let profiles = try await group.userData(fields: [displayName, pronouns], inboxIds: nil)
            #expect(profiles.keys.sorted() == [.alix, .bo, .caro])
            #expect(profiles[.alix]?.map(\.value) == [.string("Alix"), .string("they/them")])
            #expect(profiles[.alix]?.map(\.field) == [displayName, pronouns])
            #expect(profiles[.bo] == [])

            let cleared = try await group.updateUserData(values: [UserFieldUpdate(field: pronouns, value: nil)])
            #expect(cleared.sequence == 3)
            let after = try await group.userData(fields: nil, inboxIds: [.alix])
            #expect(after[.alix]?.map(\.descriptor.name) == ["USER_DISPLAY_NAME"])
            #expect(try await group.metadataValue(field: category) == .scalar(.string("engineering")))
        }
    }

    @Test func descriptorsListTheRegistry() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let fields = try await group.metadataFields()
            #expect(fields.map(\.name) == [
                "USER_DISPLAY_NAME", "GROUP_IMAGE", "ANNOUNCEMENT", "WELCOME_MESSAGE", "GROUP_PREFERENCES",
                "SHARED_FILES", "GROUP_CATEGORY", "USER_PRONOUNS", "TOPICS", "GROUP_ORIGIN",
            ])
            #expect(fields.filter(\.isUserField).map(\.name) == ["USER_DISPLAY_NAME", "USER_PRONOUNS"])
            #expect(try await group.metadataField(name: "USER_DISPLAY_NAME")?.field == metadataFieldRef(field: .userDisplayName))
            #expect(try await group.metadataField(name: "NOPE") == nil)
            for known in WellKnownMetadataField.allCases {
                #expect(try await group.metadataField(name: known.name)?.id == known.componentId)
            }
        }
    }

    @Test func memberCannotWriteAnAdminOnlyFieldAndNothingIsWritten() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let denied = await error { () async throws(GroupLogError) in
                try await group.acting(as: .bo).updateMetadataField(field: .name("GROUP_CATEGORY"), operation: .replace(.string("x")))
            }
            #expect(denied?.code == "permissionDenied")
            #expect(try await group.state().sequence == 0)
            #expect(try await group.metadataValue(field: .name("GROUP_CATEGORY")) == .scalar(nil))
        }
    }

    @Test func updateMetadataFieldRejections() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            func code(_ field: MetadataFieldRef, _ operation: ComponentMutation) async -> String? {
                await error { () async throws(GroupLogError) in
                    try await group.updateMetadataField(field: field, operation: operation)
                }?.code
            }
            #expect(await code(.name("NOPE"), .replace(.string("x"))) == "unknownField")
            #expect(await code(.name("GROUP_CATEGORY"), .replace(.bytes([1]))) == "wrongType")
            #expect(await code(.name("GROUP_CATEGORY"), .setDelta(.insert(key: .string("x")))) == "wrongType")
            #expect(await code(.name("GROUP_PREFERENCES"), .mapDelta(.delete(key: .string("absent")))) == "keyNotFound")
            #expect(try await group.state().sequence == 0)
        }
    }

    @Test func mapAndSetDeltas() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let preferences = metadataFieldRef(field: .groupPreferences)
            let voice = FieldValue.string("voice")
            try await group.updateMetadataField(field: preferences, operation: .mapDelta(.insert(key: voice, value: .string("off"))))
            let again = await error { () async throws(GroupLogError) in
                try await group.updateMetadataField(field: preferences, operation: .mapDelta(.insert(key: voice, value: .string("on"))))
            }
            #expect(again?.code == "keyExists")
            try await group.updateMetadataField(field: preferences, operation: .mapDelta(.update(key: voice, value: .string("on"))))
            #expect(try await group.mapValue(field: preferences, key: voice) == .string("on"))
            #expect(try await group.mapValue(field: preferences, key: .string("absent")) == nil)

            let topics = MetadataFieldRef.name("TOPICS")
            try await group.acting(as: .bo).updateMetadataField(field: topics, operation: .setDelta(.insert(key: .string("swift"))))
            let memberDelete = await error { () async throws(GroupLogError) in
                try await group.acting(as: .bo).updateMetadataField(field: topics, operation: .setDelta(.delete(key: .string("swift"))))
            }
            #expect(memberDelete?.code == "permissionDenied")

            let values = try await group.metadataValues(fields: [topics, .name("NOPE"), preferences])
            #expect(values.map(\.field) == [topics, .name("NOPE"), preferences])
            #expect(values[0].value == .set([.string("swift")]))
            #expect(values[1].value == nil)
            guard case let .map(entries)? = values[2].value else { Issue.record("not a map"); return }
            #expect(entries.map(\.value) == [.string("on")])

            try await group.updateMetadataField(field: preferences, operation: .mapDelta(.delete(key: voice)))
            try await group.updateMetadataField(field: topics, operation: .setDelta(.delete(key: .string("swift"))))
            #expect(try await group.metadataValue(field: preferences) == .map([]))
            #expect(try await group.metadataValue(field: topics) == .set([]))
        }
    }

    @Test func updateUserDataRejections() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            func failure(_ values: [UserFieldUpdate]) async -> GroupLogError? {
                await error { () async throws(GroupLogError) in try await group.updateUserData(values: values) }
            }
            let pronouns = MetadataFieldRef.name("USER_PRONOUNS")
            #expect(await failure([]) == .invalidArgument("updateUserData needs at least one value"))
            #expect(await failure([UserFieldUpdate(field: .name("GROUP_CATEGORY"), value: .string("x"))])?.code == "notUserField")
            #expect(await failure([
                UserFieldUpdate(field: pronouns, value: .string("a")), UserFieldUpdate(field: pronouns, value: .string("b")),
            ])?.code == "duplicateField")
            #expect(await failure([UserFieldUpdate(field: pronouns, value: .bytes([1]))])?.code == "wrongType")
            #expect(await failure([UserFieldUpdate(field: .name("NOPE"), value: .string("x"))])?.code == "unknownField")
            #expect(try await group.state().sequence == 0)
        }
    }

    @Test func userDataFilters() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let displayName = metadataFieldRef(field: .userDisplayName)
            try await group.acting(as: .caro).updateUserData(values: [UserFieldUpdate(field: displayName, value: .string("Caro"))])
            #expect(try await group.userData(fields: [], inboxIds: nil) == [.alix: [], .bo: [], .caro: []])
            #expect(try await group.userData(fields: nil, inboxIds: []) == [:])
            try await group.removeMembers(members: [.caro])
            #expect(try await group.userData(fields: nil, inboxIds: nil).keys.sorted() == [.alix, .bo])
            let former = try await group.userData(fields: [displayName], inboxIds: [.caro])
            #expect(former[.caro]?.map(\.value) == [.string("Caro")])
            // The default delete policy lets a member clear an entry left by a former member.
            try await group.acting(as: .bo).updateMetadataField(
                field: displayName, operation: .mapDelta(.delete(key: .string(InboxID.caro.rawValue))))
            #expect(try await group.userData(fields: [displayName], inboxIds: [.caro]) == [.caro: []])
        }
    }

    @Test func immutableFieldIsSetOnce() async throws {
        try await withConfiguredStore { store in
            let group = try await team(store)
            let origin = try #require(try await group.metadataField(name: "GROUP_ORIGIN"))
            #expect(origin.id.isImmutable)
            try await group.acting(as: .bo).updateMetadataField(field: origin.field, operation: .replace(.string("import")))
            let twice = await error { () async throws(GroupLogError) in
                try await group.updateMetadataField(field: origin.field, operation: .replace(.string("other")))
            }
            #expect(twice?.code == "immutableField")
            #expect(try await group.metadataValue(field: origin.field) == .scalar(.string("import")))
        }
    }

    @Test func dmUserDataCoversBothParticipants() async throws {
        try await withConfiguredStore { store in
            let dm = try await store.conversations(as: .alix).newConversation(with: .bo, groupId: .named("dm"))
            #expect(try await dm.metadataFields().map(\.name) == ["USER_DISPLAY_NAME"])
            try await dm.acting(as: .bo).updateUserData(values: [
                UserFieldUpdate(field: metadataFieldRef(field: .userDisplayName), value: .string("Bo")),
            ])
            let profiles = try await dm.userData(fields: nil, inboxIds: nil)
            #expect(profiles == [.alix: [], .bo: [UserFieldValue(descriptor: try #require(try await dm.metadataFields().first), value: .string("Bo"))]])
        }
    }
}

extension FieldsTests {
    /// A group made before its fields were configured registers them by name, from the
    /// configuration of the store it is opened with.
    @Test func fieldsConfiguredLaterAreRegisteredByName() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grouplog-register-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let path = url.appendingPathComponent("store").path
        do {
            let plain = try GroupLogStore(path: path, options: .init(create: true, now: CountingClock().now))
            _ = try await plain.conversations(as: .alix).newGroup(with: [.bo], options: CreateGroupOptions(groupId: named))
            plain.close()
        }
        let config = url.appendingPathComponent("operator.toml")
        try Data(FieldsConfiguration.toml.utf8).write(to: config)
        let configured = try GroupLogStore(path: path, options: .init(configurationFile: config.path, now: { 10_000 }))
        defer { configured.close() }
        let group = try #require(try await configured.conversations(as: .alix).findGroup(groupId: named))
        #expect(try await group.metadataField(name: "GROUP_CATEGORY") == nil)
        let byMember = await error { () async throws(GroupLogError) in
            try await group.acting(as: .bo).registerFields(names: ["GROUP_CATEGORY"])
        }
        #expect(byMember?.code == "permissionDenied")
        try await group.registerFields(names: ["GROUP_CATEGORY", "USER_PRONOUNS"])
        #expect(try await group.metadataField(name: "GROUP_CATEGORY") != nil)
        let empty = await error { () async throws(GroupLogError) in try await group.registerFields(names: []) }
        #expect(empty == .invalidArgument("registerFields needs at least one field name"))
    }
}
