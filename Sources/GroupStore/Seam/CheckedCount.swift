/// A count of commits done toward a known total, told to a ``StoreProgress`` as it rises.
package struct CheckedCount {
    package let total: Int
    package private(set) var done = 0
    private let progress: StoreProgress?

    package init(total: Int, progress: StoreProgress?) {
        self.total = total
        self.progress = progress
    }

    /// One more commit done.
    package mutating func advance() {
        done += 1
        progress?(done, total)
    }
}
