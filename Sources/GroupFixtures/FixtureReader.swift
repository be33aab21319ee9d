import GroupCodec
import GroupCore

/// Reads fixtures (SPEC section 13), with an error naming the file, the JSON path and what is
/// wrong, or the line and column for malformed JSON.
public enum FixtureReader {
    /// The largest fixture read: 64 MiB, far above any conformance fixture and about 500,000
    /// exported commits. A larger file is refused from its size, before it is read.
    public static let maximumFileSize = 64 << 20

    /// Reads a fixture from the bytes of a JSON document.
    /// - Parameter file: the file's path, for error messages.
    public static func read(_ bytes: [UInt8], file: String? = nil) throws(FixtureError) -> Fixture {
        guard bytes.count <= maximumFileSize else {
            throw InputFile.tooLarge(file, size: "\(bytes.count) bytes", limit: maximumFileSize, what: "a fixture")
        }
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
        try top.allowOnly(["name", "group", "config", "identities", "keys", "revokedKeys", "start", "commits", "expect"])
        let name = try top.optional("name")?.string() ?? ""
        let group = try top.optional("group").map(decodeGroupID)
        let config = try top.optional("config").map(ConfigurationReader.decode) ?? OperatorConfiguration()
        var identities: [IdentityClaims] = []
        var directory = IdentityDirectory()
        for item in try top.optional("identities")?.array() ?? [] {
            identities.append(try decodeClaims(item, into: &directory))
        }
        let keys = try top.optional("keys").map { (field: JSONField) throws(FixtureError) in try decodeKeys(field, into: &directory) } ?? []
        let revokedKeys = try top.optional("revokedKeys").map { (field: JSONField) throws(FixtureError) in
            try decodeRevokedKeys(field, of: keys)
        } ?? []
        let start = try top.optional("start").map(decodeStart)
        let commitsField = try top.required("commits")
        var commits: [FixtureCommit] = []
        // A log that starts mid-log goes on from its state's time, not from 0.
        var previousTime: Milliseconds = start?.state?.lastAppliedTime ?? 0
        for item in try commitsField.array() {
            let commit = try decodeCommit(item, defaultTime: previousTime, keyHolders: Set(keys.map(\.inbox)))
            previousTime = commit.time
            commits.append(commit)
        }
        if commits.isEmpty { throw commitsField.error("a fixture needs at least one commit") }
        if let start, start.sequence > UInt64.max - UInt64(commits.count) {
            throw try top.required("start").object().required("sequence").error("sequence \(start.sequence) leaves no room for \(commits.count) commits")
        }
        let expect = try top.optional("expect").map(decodeExpectation)
        return Fixture(name: name, group: group, config: config, identities: identities, keys: keys, revokedKeys: revokedKeys,
                       start: start, commits: commits, expect: expect)
    }

    private static func decodeGroupID(_ field: JSONField) throws(FixtureError) -> GroupID {
        let text = try field.string()
        do throws(IdentifierProblem) {
            return try GroupID(text)
        } catch {
            throw field.error("invalid group ID \(text.quoted): it \(error)")
        }
    }

    /// The top-level `keys`: inbox to the base64 of its 32-byte Ed25519 seed. Each public half
    /// is claimed in `directory`, so that a key two inboxes share is refused at its path.
    private static func decodeKeys(_ field: JSONField, into directory: inout IdentityDirectory) throws(FixtureError) -> [FixtureKey] {
        var keys: [FixtureKey] = []
        for member in try field.object().object.members {
            let path = "\(field.path).\(member.key)"
            let inbox = try JSONField(.string(member.key), path: path).inbox()
            let value = JSONField(member.value, path: path)
            let seed = try value.base64("an Ed25519 seed", count: Ed25519.seedByteCount)
            let key: Ed25519.PrivateKey
            do throws(Ed25519Error) {
                key = try Ed25519.PrivateKey(seed: seed)
            } catch {
                throw value.error(error.description)
            }
            do throws(IdentityDirectory.ClaimError) {
                try directory.claim(key: key.publicKey, for: inbox)
            } catch {
                throw value.error(error.description)
            }
            keys.append(FixtureKey(inbox: inbox, key: key))
        }
        return keys
    }

    /// The top-level `revokedKeys`: names of `keys` whose keys the directory holds revoked
    /// before the log, each once.
    private static func decodeRevokedKeys(_ field: JSONField, of keys: [FixtureKey]) throws(FixtureError) -> [InboxID] {
        var revoked: [InboxID] = []
        for item in try field.array() {
            let inbox = try item.inbox()
            guard keys.contains(where: { $0.inbox == inbox }) else { throw item.error("the fixture's \"keys\" give no key to \(inbox)") }
            guard !revoked.contains(inbox) else { throw item.error("\(inbox)'s key is revoked twice") }
            revoked.append(inbox)
        }
        return revoked
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

    private static func decodeCommit(_ field: JSONField, defaultTime: Milliseconds, keyHolders: Set<InboxID>) throws(FixtureError) -> FixtureCommit {
        let object = try field.object()
        try object.allowOnly(["actor", "time", "changes", "expect", "sign", "signWith", "signature"])
        let actor = try object.required("actor").inbox()
        let time = try object.optional("time")?.uint64() ?? defaultTime
        let changesField = try object.required("changes")
        var changes: [Change] = []
        for item in try changesField.array() { changes.append(try ChangeJSON.decode(item)) }
        if changes.isEmpty { throw changesField.error("a commit needs at least one change") }
        let expect = try object.optional("expect").map(decodeOutcome) ?? .applied
        return FixtureCommit(actor: actor, time: time, changes: changes, expect: expect,
                             signing: try decodeSigning(object, keyHolders: keyHolders))
    }

    /// A commit's `sign`, `signWith` or `signature`: at most one of them (SPEC section 14).
    private static func decodeSigning(_ object: JSONObjectReader, keyHolders: Set<InboxID>) throws(FixtureError) -> FixtureSigning {
        let given = ["sign", "signWith", "signature"].filter(object.has)
        if given.count > 1 {
            throw object.error("give at most one of \"sign\", \"signWith\" and \"signature\", not \(given.joined(separator: " and "))")
        }
        if object.has("sign") {
            let field = try object.required("sign")
            return try field.bool() ? .actorKey : .unsigned
        }
        if let field = object.optional("signWith") {
            let inbox = try field.inbox()
            guard keyHolders.contains(inbox) else { throw field.error("the fixture's \"keys\" give no key to \(inbox)") }
            return .keyOf(inbox)
        }
        if let field = object.optional("signature") {
            let signature = try field.object()
            try signature.allowOnly(["key", "bytes"])
            let key = try signature.required("key").publicKey()
            let bytes = try signature.required("bytes").base64("a signature", count: CommitSignature.byteCount)
            // 64 bytes always make a signature.
            return .recorded(CommitSignature(publicKey: key, bytes: bytes)!)
        }
        return .actorKey
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
