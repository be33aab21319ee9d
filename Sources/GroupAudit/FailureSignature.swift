import GroupCore
import GroupFixtures

/// What makes two runs of a fixture fail with "the same first difference", for shrinking.
///
/// - A commit's outcome: the same commit (by its index in the original fixture, since indexes
///   shift as commits are removed), the same expected outcome, and the same actual outcome:
///   applied, or rejected with the same error code (the detail may name a change index, which
///   shifts as changes are removed).
/// - A final expectation: the same place (`expect.members`, `expect.states.bo`, ...), the same
///   expected value and the same actual value, so that the smaller log still makes the wrong
///   value, not merely some other one. The one exception is `expect.stateHash`, whose actual
///   value changes with any commit removed: there only the place and the expected hash count.
public enum FailureSignature: Equatable, Sendable {
    /// A commit's outcome differs; `actual` is `applied` or `rejected CODE`.
    case commit(original: Int, expected: ExpectedOutcome, actual: String)
    /// A final expectation differs; `actual` is nil for `expect.stateHash`.
    case expectation(place: String, expected: String, actual: String?)

    /// The signature of a failed run, or nil when it passed.
    /// - Parameter originals: for each of the run's commits, its index in the original fixture.
    init?(_ run: FixtureRun, originals: [Int]) {
        guard let difference = run.difference else { return nil }
        if let index = difference.commitIndex {
            let actual = switch run.outcomes[index] {
            case .applied: "applied"
            case let .rejected(rejection): "rejected \(rejection.reason.code)"
            }
            self = .commit(original: originals[index], expected: run.fixture.commits[index].expect, actual: actual)
        } else {
            self = .expectation(place: difference.place, expected: difference.expected,
                                actual: difference.place == "expect.stateHash" ? nil : difference.actual)
        }
    }
}
