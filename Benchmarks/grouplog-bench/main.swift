#if canImport(Glibc)
import Glibc
#endif
import GroupCore

// grouplog-bench [--filter NAME[,NAME...]] [--runs N] [--quick] [--results DIR]
var harness = Harness(filter: nil, runs: 5, warmups: 1)
var quick = false
var resultsDirectory: String?
var words = Array(CommandLine.arguments.dropFirst())
while !words.isEmpty {
    let word = words.removeFirst()
    switch word {
    case "--filter" where !words.isEmpty: harness.filter = words.removeFirst()
    case "--runs" where !words.isEmpty: harness.runs = max(1, Int(words.removeFirst()) ?? 5)
    case "--quick": quick = true
    case "--results" where !words.isEmpty: resultsDirectory = words.removeFirst()
    default:
        print("usage: grouplog-bench [--filter NAME[,NAME...]] [--runs N] [--quick] [--results DIR]")
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
var summary = StoreBenchmarks(harness: harness, quick: quick).run()
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
