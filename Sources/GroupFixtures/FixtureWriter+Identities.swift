import GroupCore

extension FixtureWriter {
    /// Every inbox the commits name, as actor or subject, resolved identities included; sorted.
    public static func inboxesNamed(in commits: [Commit]) -> [InboxID] {
        var named = Set<InboxID>()
        for commit in commits {
            named.insert(commit.actor)
            for change in commit.changes { named.formUnion(change.namedInboxes) }
        }
        return named.sorted()
    }

    /// The claims a fixture of `commits` lists, so that its `addMembers` resolve identities as
    /// the commits recorded them: those `directory` holds for the inboxes the commits name
    /// (``inboxesNamed(in:)``), less any identity a commit recorded as unresolved, which a claim
    /// made since would otherwise resolve in the fixture.
    public static func identities(for commits: [Commit], in directory: IdentityDirectory) -> [IdentityClaims] {
        var unresolved = Set<PublicIdentity>()
        for commit in commits {
            for case let .addMembers(_, identities, _) in commit.changes {
                for entry in identities where entry.inbox == nil { unresolved.insert(entry.identity) }
            }
        }
        return inboxesNamed(in: commits).compactMap { inbox in
            let claims = directory.identities(of: inbox).filter { !unresolved.contains($0) }
            return claims.isEmpty ? nil : IdentityClaims(inbox: inbox, claims: claims)
        }
    }
}
