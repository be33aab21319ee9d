/// Measuring rivals in turn: on a shared machine the cost of an fsync drifts over seconds, so two
/// series run one after the other would measure the drift as much as the difference. In turn,
/// every round runs each benchmark once (starting with a different one each round) and all of
/// them meet the same disk and the same neighbours.
extension Harness {
    /// Warm-up rounds, then `runs` timed rounds of `benchmarks` in turn; prints each result like
    /// `measure` does and returns them in order (nil for one the filter skips).
    func measureInTurn(_ benchmarks: [TurnBenchmark]) -> [Result?] {
        let chosen = benchmarks.indices.filter { shouldRun(benchmarks[$0].name) }
        var seconds = Array(repeating: [Double](), count: benchmarks.count)
        for round in 0..<(warmups + runs) where !chosen.isEmpty {
            for offset in chosen.indices {
                let index = chosen[(round + offset) % chosen.count]
                let elapsed = benchmarks[index].timedRun()
                if round >= warmups { seconds[index].append(elapsed) }
            }
        }
        return benchmarks.indices.map { index in
            guard chosen.contains(index) else { return nil }
            let benchmark = benchmarks[index]
            let result = Result(name: benchmark.name, units: benchmark.units, unitName: benchmark.unitName, seconds: seconds[index])
            print(Report.line(result))
            return result
        }
    }
}
