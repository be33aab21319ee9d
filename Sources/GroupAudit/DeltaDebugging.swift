/// Zeller's delta debugging (ddmin): the smallest failing subset a test can find by removing
/// chunks of ever finer granularity.
///
/// The result is 1-minimal: removing any single element of it makes the test pass. The order of
/// the elements is kept, and the search is deterministic: the same input and test give the same
/// result.
enum DeltaDebugging {
    /// - Parameters:
    ///   - items: a failing input.
    ///   - keepingOne: whether the result must keep at least one element (an empty candidate is
    ///     then never tested).
    ///   - fails: whether a candidate, a subsequence of `items`, still fails the same way.
    static func minimize<Element>(_ items: [Element], keepingOne: Bool, fails: ([Element]) -> Bool) -> [Element] {
        if !keepingOne && !items.isEmpty && fails([]) { return [] }
        var current = items
        var granularity = 2
        while current.count >= 2 {
            let chunks = split(current, into: granularity)
            if let chunk = chunks.first(where: fails) {
                current = chunk
                granularity = 2
                continue
            }
            // With two chunks each complement is the other chunk, tested already.
            if granularity > 2, let complement = chunks.indices.lazy
                .map({ index in chunks.enumerated().filter { $0.offset != index }.flatMap(\.element) })
                .first(where: fails) {
                current = complement
                granularity = max(granularity - 1, 2)
                continue
            }
            if granularity >= current.count { break }
            granularity = min(current.count, granularity * 2)
        }
        return current
    }

    /// `items` in `count` consecutive chunks whose sizes differ by at most one.
    private static func split<Element>(_ items: [Element], into count: Int) -> [[Element]] {
        (0..<count).map { index in
            Array(items[(index * items.count / count)..<((index + 1) * items.count / count)])
        }
    }
}
