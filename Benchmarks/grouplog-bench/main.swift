#if canImport(Glibc)
import Glibc
#endif
import GroupCore

// grouplog-bench [--filter NAME] [--runs N] [--quick]
var harness = Harness(filter: nil, runs: 5, warmups: 1)
var quick = false
var words = Array(CommandLine.arguments.dropFirst())
while !words.isEmpty {
    let word = words.removeFirst()
    switch word {
    case "--filter" where !words.isEmpty: harness.filter = words.removeFirst()
    case "--runs" where !words.isEmpty: harness.runs = max(1, Int(words.removeFirst()) ?? 5)
    case "--quick": quick = true
    default:
        print("usage: grouplog-bench [--filter NAME] [--runs N] [--quick]")
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

ReducerBenchmarks(harness: harness, quick: quick).run()
let summary = StoreBenchmarks(harness: harness, quick: quick).run()
if !summary.isEmpty { print(summary.text) }
let sqlite = SQLiteBenchmarks(harness: harness, quick: quick).run()
if !sqlite.table.isEmpty { print(sqlite.table.text) }
