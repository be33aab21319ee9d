extension Replica {
    /// Folds `commit` like ``fold(_:)``, then, when it applied, pins the overridden policies
    /// again: a commit that changes a pinned slot is judged as usual, and the pin holds after it.
    /// With `requireSignatures`, commit 0 is judged as if its `create` asked for signed commits
    /// (``Commit/requiringSignatures``), so the whole log is judged as such a group's.
    @discardableResult
    public mutating func fold(_ commit: Commit, pinning overrides: PolicyOverrides) -> CommitOutcome {
        let outcome = fold(overrides.requireSignatures && state == nil ? commit.requiringSignatures : commit)
        if outcome.isApplied { pin(overrides) }
        return outcome
    }

    /// Pins the overridden policies in the current state, if there is one.
    public mutating func pin(_ overrides: PolicyOverrides) {
        // Moved out, not copied, so that pinning a large state does not copy its roster.
        guard var current = state.take() else { return }
        current.pin(overrides)
        state = current
    }
}
