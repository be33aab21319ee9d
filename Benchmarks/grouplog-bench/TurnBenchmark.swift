/// A benchmark to be measured in turn with others by `Harness.measureInTurn(_:)`: its name and
/// units, and one timed run (a fresh input, then the body, timed) behind a closure, so that
/// benchmarks with different inputs can share a list.
struct TurnBenchmark {
    let name: String
    let units: Int
    let unitName: String
    /// Prepares a fresh input, runs the body on it and returns the seconds the body took.
    let timedRun: () -> Double

    init<Input>(_ name: String, units: Int, unitName: String, prepare: @escaping () -> Input, _ body: @escaping (inout Input) -> Void) {
        self.name = name
        self.units = units
        self.unitName = unitName
        timedRun = {
            var input = prepare()
            let start = Clock.now()
            body(&input)
            return Clock.now() - start
        }
    }
}
