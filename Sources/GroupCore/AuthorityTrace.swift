/// Collects the authority checks of a commit being explained, change by change.
///
/// The reducer carries one only while it explains a commit; on the ordinary path it has none,
/// and each check costs a nil test.
///
/// A class, unlike the core's other types: the checks reach it through `ChangeContext`, which
/// they take by value, and must all append to one record.
final class AuthorityTrace {
    /// The checks of each change judged so far, in order.
    private(set) var checks: [[AuthorityCheck]] = []

    /// Starts the checks of the next change.
    func beginChange() { checks.append([]) }

    func record(_ check: AuthorityCheck) {
        if checks.isEmpty { checks.append([]) }
        checks[checks.count - 1].append(check)
    }
}
