#if canImport(Glibc)
import Glibc
#endif
import GroupCore

// grouplog-bench [--filter NAME[,NAME...]] [--runs N] [--quick] [--results DIR] [--map-gib N]
var harness = Harness(filter: nil, runs: 5, warmups: 1)
var quick = false
var resultsDirectory: String?
// The store benchmarks' LMDB map, in GiB: valgrind cannot reserve the full run's 64 GiB, so a
// profile of the full sizes under it takes `--map-gib 1`.
var mapGiB: Int?
var words = Array(CommandLine.arguments.dropFirst())
while !words.isEmpty {
    let word = words.removeFirst()
    switch word {
    case "--filter" where !words.isEmpty: harness.filter = words.removeFirst()
    case "--runs" where !words.isEmpty: harness.runs = max(1, Int(words.removeFirst()) ?? 5)
    case "--quick": quick = true
    case "--results" where !words.isEmpty: resultsDirectory = words.removeFirst()
    case "--map-gib" where !words.isEmpty && (Int(words[0]).map { (1...1_024).contains($0) } ?? false): mapGiB = Int(words.removeFirst())
    default:
        print("usage: grouplog-bench [--filter NAME[,NAME...]] [--runs N] [--quick] [--results DIR] [--map-gib 1-1024]")
        exit(64)
    }
}
#if DEBUG
print("warning: this is a debug build; measure with `swift run -c release grouplog-bench`")
#endif
if quick {
    harness.runs = 1
    harness.warmups = 0
}

let reducer = ReducerBenchmarks(harness: harness, quick: quick).run()
let growth = GrowthBenchmarks(harness: harness, quick: quick).run()
var summary = StoreBenchmarks(harness: harness, quick: quick, mapGiB: mapGiB).run()
summary.comparisons.insert(contentsOf: reducer, at: 0)
summary.figures += WorkloadBenchmarks(harness: harness, quick: quick).run()
if !summary.isEmpty { print(summary.text) }
let sqlite = SQLiteBenchmarks(harness: harness, quick: quick).run()
if !sqlite.table.isEmpty { print(sqlite.table.text) }
summary.comparisons += sqlite.table.comparisons
summary.figures += sqlite.figures
let postgres = PostgresBenchmarks(harness: harness, quick: quick).run()
if !postgres.isEmpty { print(postgres.text) }
summary.comparisons += postgres.comparisons
summary.figures += postgres.figures
summary.notes += postgres.notes
if let resultsDirectory { ResultsWriter(directory: resultsDirectory).write(summary, growth: growth) }
