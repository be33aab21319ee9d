import GroupCore
import GroupFixtures
import GroupTestSupport
import Testing

/// A configuration the reader must refuse: where, and the words of the reason.
struct BadConfiguration: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let toml: String
    /// The exact JSON path the error must name; it names the entry.
    let path: String
    /// Pieces of text the message must contain.
    let message: [String]

    init(_ label: String, _ toml: String, at path: String, saying message: String...) {
        self.testDescription = label
        self.toml = toml
        self.path = path
        self.message = message
    }

    /// One `[[application_components]]` entry with `lines`, after a valid first entry, so the
    /// entry at fault is entry 1.
    static func second(_ lines: String) -> String {
        """
        member_limit = 100

        \(ConfigurationSample.groupCategory)

        [[application_components]]
        \(lines)
        """
    }

    /// An entry's lines with the defaults of a valid bytes field, and `replacing` changed.
    static func entry(_ replacing: [String: String] = [:], without: Set<String> = []) -> String {
        var keys: [(String, String)] = [
            ("id", "0xC002"), ("name", #""AVATAR""#), ("type", #""bytes""#),
            ("insert", #""allowAll""#), ("update", #""allowAll""#), ("delete", #""allowAll""#),
        ]
        for index in keys.indices { if let value = replacing[keys[index].0] { keys[index].1 = value } }
        for (key, value) in replacing.sorted(by: { $0.key < $1.key }) where !keys.contains(where: { $0.0 == key }) { keys.append((key, value)) }
        return keys.filter { !without.contains($0.0) }.map { "\($0.0) = \($0.1)" }.joined(separator: "\n")
    }

    static let all: [BadConfiguration] = [
        BadConfiguration("an ID in the well-known range", second(entry(["id": "0x8100"])),
                         at: "$.application_components[1].id", saying: "entry 1", "0x8100", "outside the application ranges"),
        BadConfiguration("an ID among the non-fields", second(entry(["id": "0xFF00"])),
                         at: "$.application_components[1].id", saying: "entry 1", "0xFF00", "outside the application ranges"),
        BadConfiguration("an ID below the fields", second(entry(["id": "0x7FFF"])),
                         at: "$.application_components[1].id", saying: "entry 1", "0x7FFF", "outside the application ranges"),
        BadConfiguration("an ID over 16 bits", second(entry(["id": "0x1C002"])),
                         at: "$.application_components[1].id", saying: "entry 1", "114690", "outside the application ranges"),
        BadConfiguration("an ID that is text", second(entry(["id": #""0xC002""#])),
                         at: "$.application_components[1].id", saying: "expected a whole number, found a string"),
        BadConfiguration("an unknown type", second(entry(["type": #""list""#])),
                         at: "$.application_components[1].type", saying: "entry 1", #"unknown type "list""#, "inboxMap"),
        BadConfiguration("an unknown key kind", second(entry(["type": #""set""#, "key": #""int""#])),
                         at: "$.application_components[1].key", saying: "entry 1", #"unknown key kind "int""#, "string or bytes"),
        BadConfiguration("an unknown value kind", second(entry(["type": #""map""#, "value": #""json""#])),
                         at: "$.application_components[1].value", saying: "entry 1", #"unknown value kind "json""#),
        BadConfiguration("an unknown policy", second(entry(["update": #""owner""#])),
                         at: "$.application_components[1].update", saying: #"unknown policy "owner""#, "adminOnly"),
        BadConfiguration("an unknown policy in a combinator", second(entry(["delete": #"{ any = ["self", "everyone"] }"#])),
                         at: "$.application_components[1].delete.any[1]", saying: #"unknown policy "everyone""#),
        BadConfiguration("an empty combinator", second(entry(["delete": "{ any = [] }"])),
                         at: "$.application_components[1].delete", saying: "entry 1", "at least one policy"),
        BadConfiguration("an empty combinator inside another", second(entry(["insert": #"{ all = ["allowAll", { any = [] }] }"#])),
                         at: "$.application_components[1].insert", saying: "entry 1", "at least one policy"),
        BadConfiguration("a duplicate ID", second(entry(["id": "0xC001"])),
                         at: "$.application_components[1]", saying: "entry 1", "0xC001", "already used by entry 0"),
        BadConfiguration("a duplicate name", second(entry(["name": #""GROUP_CATEGORY""#])),
                         at: "$.application_components[1]", saying: "entry 1", #""GROUP_CATEGORY""#, "already used by entry 0"),
        BadConfiguration("the name of a well-known field", second(entry(["name": #""SHARED_FILES""#])),
                         at: "$.application_components[1]", saying: "entry 1", #""SHARED_FILES""#, "well-known"),
        BadConfiguration("an empty name", second(entry(["name": #""""#])),
                         at: "$.application_components[1].name", saying: "entry 1", "empty"),
        BadConfiguration("a name that reads as a component ID", second(entry(["name": #""0xC009""#])),
                         at: "$.application_components[1].name", saying: "0xC009", "reads as a component ID"),
        BadConfiguration("a missing id", second(entry(without: ["id"])),
                         at: "$.application_components[1]", saying: #"missing required key "id""#),
        BadConfiguration("a missing type", second(entry(without: ["type"])),
                         at: "$.application_components[1]", saying: #"missing required key "type""#),
        BadConfiguration("a missing insert policy", second(entry(without: ["insert"])),
                         at: "$.application_components[1]", saying: #"missing required key "insert""#),
        BadConfiguration("a missing update policy", second(entry(without: ["update"])),
                         at: "$.application_components[1]", saying: #"missing required key "update""#),
        BadConfiguration("a missing delete policy", second(entry(without: ["delete"])),
                         at: "$.application_components[1]", saying: #"missing required key "delete""#),
        BadConfiguration("a key for a scalar", second(entry(["key": #""string""#])),
                         at: "$.application_components[1].key", saying: "entry 1", #"a bytes field takes no "key""#),
        BadConfiguration("a value for a set", second(entry(["type": #""set""#, "value": #""bytes""#])),
                         at: "$.application_components[1].value", saying: "entry 1", #"a set field takes no "value""#),
        BadConfiguration("a key for an inboxMap", second(entry(["type": #""inboxMap""#, "key": #""string""#])),
                         at: "$.application_components[1].key", saying: "entry 1", #"inboxMap field takes no "key""#),
        BadConfiguration("a misspelt key", second(entry(["in_group": "true"])),
                         at: "$.application_components[1].in_group", saying: #"unknown key "in_group""#, "in_groups"),
        BadConfiguration("in_dms that is not a boolean", second(entry(["in_dms": #""yes""#])),
                         at: "$.application_components[1].in_dms", saying: "expected a boolean, found a string"),
        BadConfiguration("member_limit 0", "member_limit = 0\n", at: "$.member_limit", saying: "member_limit must be at least 1"),
        BadConfiguration("a negative member_limit", "member_limit = -5\n", at: "$.member_limit", saying: "member_limit must be at least 1"),
        BadConfiguration("an unknown top-level key", "member_limit = 10\nmax_groups = 3\n",
                         at: "$.max_groups", saying: #"unknown key "max_groups""#, "application_components"),
        BadConfiguration("components that are a table", "[application_components]\nid = 0xC001\n",
                         at: "$.application_components", saying: "expected an array, found an object"),
    ]
}

/// The operator configuration of SPEC section 11, in TOML and in JSON.
struct ConfigurationReaderTests {
    /// The example of SPEC section 11.
    static let specExampleTOML = ConfigurationSample.specExample()

    static let specExampleJSON = """
    {"member_limit": 250,
     "application_components": [
       {"id": 49153, "name": "GROUP_CATEGORY", "type": "string", "insert": "adminOnly", "update": "adminOnly",
        "delete": "adminOnly", "in_groups": true, "in_dms": false}
     ]}
    """

    static let category = FieldDescriptor(
        id: ComponentID(0xC001), name: "GROUP_CATEGORY", type: .string, insert: .adminOnly, update: .adminOnly, delete: .adminOnly)

    /// Every type and kind, combinators, optional names, and where each field goes.
    static let richTOML = """
    # The fields of a chat operator.
    member_limit = 1_000

    \(ConfigurationSample.groupCategory)

    [[application_components]]
    id = 0xC002
    type = "bytes"
    insert = "allowAll"
    update = { all = ["moderatorOnly", { any = ["author", "superAdminOnly"] }] }
    delete = "denyAll"
    in_dms = true

    [[application_components]]
    id = 49155
    name = "TOPICS"
    type = "set"
    insert = "allowAll"
    update = "allowAll"
    delete = { any = ["author", "adminOnly"] }

    [[application_components]]
    id = 0xC004
    name = "LINKS"
    type = "map"
    key = "bytes"
    value = "string"
    insert = "allowAll"
    update = "author"
    delete = "author"
    in_groups = false

    [[application_components]]
    id = 0xFD00
    name = "PRONOUNS"
    type = "inboxMap"
    value = "string"
    insert = "self"
    update = "self"
    delete = { any = ["self", "formerMember"] }
    in_groups = true
    in_dms = true
    """

    static let rich = OperatorConfiguration(memberLimit: 1_000, components: [
        .init(descriptor: category),
        .init(descriptor: FieldDescriptor(
            id: ComponentID(0xC002), name: nil, type: .bytes, insert: .allowAll,
            update: .all([.moderatorOnly, .any([.author, .superAdminOnly])]), delete: .denyAll), inGroups: true, inDMs: true),
        .init(descriptor: FieldDescriptor(
            id: ComponentID(0xC003), name: "TOPICS", type: .set(key: .string), insert: .allowAll, update: .allowAll,
            delete: .any([.author, .adminOnly]))),
        .init(descriptor: FieldDescriptor(
            id: ComponentID(0xC004), name: "LINKS", type: .map(key: .bytes, value: .string), insert: .allowAll, update: .author,
            delete: .author), inGroups: false, inDMs: false),
        .init(descriptor: FieldDescriptor(
            id: ComponentID(0xFD00), name: "PRONOUNS", type: .inboxMap(value: .string), insert: .selfOnly, update: .selfOnly,
            delete: .any([.selfOnly, .formerMember])), inGroups: true, inDMs: true),
    ])

    func read(_ text: String, file: String = "operator.toml") throws(FixtureError) -> OperatorConfiguration {
        try ConfigurationReader.read(Array(text.utf8), file: file)
    }

    // MARK: Reading

    @Test func theSpecExampleReadsTheSameInTOMLAndJSON() throws {
        let toml = try read(Self.specExampleTOML)
        let json = try read(Self.specExampleJSON, file: "operator.json")
        #expect(toml == json)
        #expect(toml == OperatorConfiguration(memberLimit: 250, components: [.init(descriptor: Self.category, inGroups: true, inDMs: false)]))
    }

    @Test func everyTypeKindAndPolicyReads() throws {
        #expect(try read(Self.richTOML) == Self.rich)
        // The JSON the writer makes reads back to the same configuration.
        let json = JSONWriter.write(ConfigurationWriter.json(Self.rich), pretty: true)
        #expect(try read(json, file: "operator.json") == Self.rich)
    }

    @Test func keyAndValueKindsDefaultToString() throws {
        let configuration = try read("""
        [[application_components]]
        id = 0xC010
        type = "map"
        insert = "allowAll"
        update = "allowAll"
        delete = "allowAll"

        [[application_components]]
        id = 0xC011
        type = "set"
        insert = "allowAll"
        update = "allowAll"
        delete = "allowAll"

        [[application_components]]
        id = 0xC012
        type = "inboxMap"
        insert = "self"
        update = "self"
        delete = "self"
        """)
        #expect(configuration.components.map(\.descriptor.type) == [.map(key: .string, value: .string), .set(key: .string), .inboxMap(value: .string)])
        #expect(configuration.components.allSatisfy { $0.descriptor.name == nil })
    }

    @Test func inGroupsDefaultsToTrueAndInDMsToFalse() throws {
        let configuration = try read(Self.richTOML)
        #expect(configuration.components.map(\.inGroups) == [true, true, true, false, true])
        #expect(configuration.components.map(\.inDMs) == [false, true, false, false, true])
        #expect(configuration.fields(for: .group).map(\.id.rawValue) == [0xC001, 0xC002, 0xC003, 0xFD00])
        #expect(configuration.fields(for: .dm).map(\.id.rawValue) == [0xC002, 0xFD00])
    }

    @Test func anEmptyConfigurationTakesTheDefaults() throws {
        #expect(try read("") == OperatorConfiguration())
        #expect(try read("# nothing configured\n") == OperatorConfiguration(memberLimit: 250, components: []))
        #expect(try read("{}", file: "operator.json") == OperatorConfiguration())
        #expect(try read("member_limit = 12") == OperatorConfiguration(memberLimit: 12))
    }

    // MARK: Errors

    @Test(arguments: BadConfiguration.all)
    func aSemanticErrorNamesTheFileTheEntryAndTheReason(_ bad: BadConfiguration) throws {
        let error = try #require(throws: FixtureError.self) { try read(bad.toml, file: "conf/operator.toml") }
        #expect(error.file == "conf/operator.toml")
        #expect(error.path == bad.path)
        #expect(error.line == nil && error.column == nil)
        for fragment in bad.message {
            #expect(error.message.contains(fragment), "message \(error.message.quoted) should contain \(fragment.quoted)")
        }
        #expect(error.description == "conf/operator.toml at \(bad.path): \(error.message)")
    }

    @Test func jsonConfigurationsGiveTheSameErrors() throws {
        let json = #"{"application_components": [{"id": 33024, "type": "string", "insert": "adminOnly", "update": "adminOnly", "delete": "adminOnly"}]}"#
        let error = try #require(throws: FixtureError.self) { try read(json, file: "operator.json") }
        #expect(error.file == "operator.json")
        #expect(error.path == "$.application_components[0].id")
        #expect(error.message == "entry 0: component ID 0x8100 is outside the application ranges 0xC000-0xFCFF and 0xFD00-0xFEFF")
    }

    @Test(arguments: [
        // An unterminated string, at its opening quote.
        ("member_limit = 250\n\n[[application_components]]\nid = 0xC001\nname = \"GROUP_CATEGORY\n", 5, 8),
        // A key with no value.
        ("member_limit = 250\n[[application_components]]\nid =\n", 3, 5),
        // Two keys on one line.
        ("member_limit = 250 in_dms = true\n", 1, 20),
        // A table header that does not close.
        ("member_limit = 250\n[[application_components]\n", 2, 26),
    ] as [(String, Int, Int)])
    func aTOMLSyntaxErrorNamesTheFileLineAndColumn(_ text: String, _ line: Int, _ column: Int) throws {
        let error = try #require(throws: FixtureError.self) { try read(text, file: "operator.toml") }
        #expect(error.file == "operator.toml")
        #expect(error.line == line)
        #expect(error.column == column)
        #expect(error.path == "$")
        #expect(error.description.hasPrefix("operator.toml:\(line):\(column): "), "\(error.description)")
        // The parser's own message, unchanged.
        let syntax = try #require(throws: TOMLSyntaxError.self) { try TOMLParser.parse(text) }
        #expect(error.message == syntax.message && syntax.line == line && syntax.column == column)
    }

    @Test func aJSONSyntaxErrorNamesTheFileLineAndColumn() throws {
        let error = try #require(throws: FixtureError.self) { try read("{\n  \"member_limit\": 250,\n}", file: "operator.json") }
        #expect(error.file == "operator.json")
        #expect(error.line == 3 && error.column == 1)
        #expect(error.description.hasPrefix("operator.json:3:1: "))
    }

    @Test func onlyANameEndingInJSONIsReadAsJSON() throws {
        // JSON text in a file without the extension is TOML, and not valid TOML.
        let error = try #require(throws: FixtureError.self) { try read(Self.specExampleJSON, file: "operator.conf") }
        #expect(error.line == 1)
        #expect(try read(Self.specExampleTOML, file: "operator.conf") == read(Self.specExampleJSON, file: "operator.json"))
    }

    // MARK: Preparing changes

    /// A DM takes no member limit (SPEC section 2: no group settings), only its fields.
    @Test func preparingACreateWritesInTheLimitAndTheConfiguredFieldsOfItsKind() throws {
        let configuration = try read(Self.richTOML)
        #expect(configuration.preparing(.create(CreateConversation(members: [.bo])), in: nil)
            == .create(CreateConversation(members: [.bo], memberLimit: 1_000, fields: configuration.fields(for: .group))))
        #expect(configuration.preparing(.create(CreateConversation(kind: .dm, members: [.bo])), in: nil)
            == .create(CreateConversation(kind: .dm, members: [.bo], fields: configuration.fields(for: .dm))))
        // What the create gives stays.
        let given = CreateConversation(members: [.bo], memberLimit: 7, fields: [Self.category])
        #expect(configuration.preparing(.create(given), in: nil) == .create(given))
        // With no configuration, the default limit and no fields.
        #expect(OperatorConfiguration().preparing(.create(CreateConversation()), in: nil) == .create(CreateConversation(memberLimit: 250)))
        // Other changes pass unchanged.
        for change: Change in [.updateName("x"), .addAdmin(.bo), .updateUserData([UserFieldUpdate(field: .name("PRONOUNS"), value: nil)])] {
            #expect(configuration.preparing(change, in: .group) == change)
        }

        // The prepared create registers the fields when the reducer folds it.
        let commit = Commit(groupID: .test, sequence: 0, actor: .alix, time: 1, changes: [configuration.preparing(.create(CreateConversation()), in: nil)])
        let state = try GroupState.created(by: commit)
        #expect(state.settings.memberLimit == 1_000)
        #expect(state.metadataFields().map(\.id.rawValue) == [0x8100, 0x8101, 0x8102, 0x8103, 0x8104, 0x8105, 0xC001, 0xC002, 0xC003, 0xFD00])
    }

    @Test func preparingRegisterFieldsResolvesTheNamesItKnows() throws {
        let configuration = try read(Self.richTOML)
        let links = configuration.components[3].descriptor
        let wellKnown = WellKnownFields.descriptors(for: .group, policies: .allMembers)
        let announcement = try #require(wellKnown.first { $0.name == "ANNOUNCEMENT" })
        let displayName = try #require(wellKnown.first { $0.name == "USER_DISPLAY_NAME" })
        let names: [FieldRegistration] = [.unknown(name: "LINKS"), .unknown(name: "ANNOUNCEMENT"), .unknown(name: "USER_DISPLAY_NAME"), .unknown(name: "MOOD")]
        // Configured fields whatever in_groups and in_dms say; well-known ones of the kind.
        #expect(configuration.preparing(.registerFields(names), in: .group)
            == .registerFields([.descriptor(links), .descriptor(announcement), .descriptor(displayName), .unknown(name: "MOOD")]))
        #expect(configuration.preparing(.registerFields(names), in: .dm)
            == .registerFields([.descriptor(links), .unknown(name: "ANNOUNCEMENT"), .descriptor(displayName), .unknown(name: "MOOD")]))
        // With no conversation, only the configuration is consulted.
        #expect(configuration.preparing(.registerFields(names), in: nil)
            == .registerFields([.descriptor(links), .unknown(name: "ANNOUNCEMENT"), .unknown(name: "USER_DISPLAY_NAME"), .unknown(name: "MOOD")]))
        // A descriptor the commit already records stays as it is.
        let recorded = FieldRegistration.descriptor(FieldDescriptor(
            id: ComponentID(0xC004), name: "LINKS", type: .string, insert: .denyAll, update: .denyAll, delete: .denyAll))
        #expect(configuration.preparing(.registerFields([recorded]), in: .group) == .registerFields([recorded]))

        // The prepared change registers LINKS in a group made without it; MOOD stays unknownField.
        var group = TestGroup(.alix, CreateConversation(members: [.bo], fields: configuration.fields(for: .group)))
        #expect(group.state?.metadataField(name: "LINKS") == nil)
        #expect(group.commit(.alix, configuration.preparing(.registerFields([.unknown(name: "MOOD")]), in: .group)).rejection?.reason == .unknownField("MOOD"))
        #expect(group.commit(.alix, configuration.preparing(.registerFields([.unknown(name: "GROUP_CATEGORY")]), in: .group)).rejection?.reason
            == .fieldAlreadyRegistered("GROUP_CATEGORY"))
        #expect(group.commit(.alix, configuration.preparing(.registerFields([.unknown(name: "LINKS")]), in: .group)) == .applied)
        #expect(group.state?.metadataField(name: "LINKS") == links)
    }
}
