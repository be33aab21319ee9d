import GroupCore

/// Reads fixtures (SPEC section 13), with an error naming the file, the JSON path and what is
/// wrong, or the line and column for malformed JSON.
public enum FixtureReader {
    /// Reads a fixture from the bytes of a JSON document.
    /// - Parameter file: the file's path, for error messages.
    public static func read(_ bytes: [UInt8], file: String? = nil) throws(FixtureError) -> Fixture {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes)
        } catch {
            throw FixtureError(file: file, syntax: error)
        }
        do {
            return try decode(JSONField(document))
        } catch {
            var located = error
            located.file = file
            throw located
        }
    }

    /// Reads a fixture's top-level `expect` from its JSON value, as ``read(_:file:)`` does; for
    /// tools that edit a fixture's expectations key by key.
    public static func expectation(_ value: JSONValue) throws(FixtureError) -> FixtureExpectation {
        try decodeExpectation(JSONField(value, path: "$.expect"))
    }

    static func decode(_ root: JSONField) throws(FixtureError) -> Fixture {
        let top = try root.object()
        try top.allowOnly(["name", "config", "identities", "start", "commits", "expect"])
        let name = try top.optional("name")?.string() ?? ""
        let config = try top.optional("config").map(ConfigurationReader.decode) ?? OperatorConfiguration()
        var identities: [IdentityClaims] = []
        var directory = IdentityDirectory()
        for item in try top.optional("identities")?.array() ?? [] {
            identities.append(try decodeClaims(item, into: &directory))
        }
        let start = try top.optional("start").map(decodeStart)
        let commitsField = try top.required("commits")
        var commits: [FixtureCommit] = []
        // A log that starts mid-log goes on from its state's time, not from 0.
        var previousTime: Milliseconds = start?.state?.lastAppliedTime ?? 0
        for item in try commitsField.array() {
            let commit = try decodeCommit(item, defaultTime: previousTime)
            previousTime = commit.time
            commits.append(commit)
        }
        if commits.isEmpty { throw commitsField.error("a fixture needs at least one commit") }
        if let start, start.sequence > UInt64.max - UInt64(commits.count) {
            throw try top.required("start").object().required("sequence").error("sequence \(start.sequence) leaves no room for \(commits.count) commits")
        }
        let expect = try top.optional("expect").map(decodeExpectation)
        return Fixture(name: name, config: config, identities: identities, start: start, commits: commits, expect: expect)
    }

    /// One inbox's claims, each also made in `directory` so that a claim another inbox already
    /// holds is refused at its own path.
    private static func decodeClaims(_ field: JSONField, into directory: inout IdentityDirectory) throws(FixtureError) -> IdentityClaims {
        let object = try field.object()
        try object.allowOnly(["inbox", "handles", "accounts"])
        let inbox = try object.required("inbox").inbox()
        var claims: [PublicIdentity] = []
        for (key, kind) in [("handles", PublicIdentity.Kind.handle), ("accounts", .account)] {
            for item in try object.optional(key)?.array() ?? [] {
                let value = try item.string()
                let identity: PublicIdentity
                do throws(IdentifierProblem) {
                    identity = try PublicIdentity(kind, value)
                } catch {
                    throw item.error("invalid \(kind.rawValue) \(value.debugDescription): it \(error)")
                }
                do throws(IdentityDirectory.ClaimError) {
                    try directory.claim(identity, for: inbox)
                } catch {
                    throw item.error(error.description)
                }
                claims.append(identity)
            }
        }
        return IdentityClaims(inbox: inbox, claims: claims)
    }

    private static func decodeCommit(_ field: JSONField, defaultTime: Milliseconds) throws(FixtureError) -> FixtureCommit {
        let object = try field.object()
        try object.allowOnly(["actor", "time", "changes", "expect"])
        let actor = try object.required("actor").inbox()
        let time = try object.optional("time")?.uint64() ?? defaultTime
        let changesField = try object.required("changes")
        var changes: [Change] = []
        for item in try changesField.array() { changes.append(try ChangeJSON.decode(item)) }
        if changes.isEmpty { throw changesField.error("a commit needs at least one change") }
        let expect = try object.optional("expect").map(decodeOutcome) ?? .applied
        return FixtureCommit(actor: actor, time: time, changes: changes, expect: expect)
    }

    private static func decodeOutcome(_ field: JSONField) throws(FixtureError) -> ExpectedOutcome {
        if case .string = field.value {
            return try field.choice("outcome", [("applied", ExpectedOutcome.applied)])
        }
        let object = try field.object()
        try object.allowOnly(["rejected"])
        let codeField = try object.required("rejected")
        let code = try codeField.string()
        guard Rejection.allCodes.contains(code) else {
            throw codeField.error("unknown error code \(code.debugDescription)")
        }
        return .rejected(code: code)
    }
}
