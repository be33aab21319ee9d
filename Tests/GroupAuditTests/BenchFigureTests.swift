import GroupAudit
import Testing

struct BenchFigureTests {
    @Test func theMedianIsTheMiddleRunOrTheMeanOfTheMiddleTwo() {
        let odd = BenchFigure(name: "replay", summary: "", unit: "commits", units: 600, seconds: [3, 1, 2])
        #expect(odd.median == 2 && odd.minimum == 1)
        #expect(odd.medianRate == 300 && odd.bestRate == 600)
        let even = BenchFigure(name: "replay", summary: "", unit: "commits", units: 10, seconds: [4, 1, 2, 3])
        #expect(even.median == 2.5 && even.minimum == 1)
    }
}
