extension Replica {
    /// Folds `commit` like ``fold(_:)``, then, when it applied, pins the overridden policies
    /// again: a commit that changes a pinned slot is judged as usual, and the pin holds after it.
    @discardableResult
    public mutating func fold(_ commit: Commit, pinning overrides: PolicyOverrides) -> CommitOutcome {
        let outcome = fold(commit)
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
