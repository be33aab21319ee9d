@testable import GroupCore
import GroupTestSupport
import Testing

/// The admin lists' set of places (issue 18) answers as a `Set<Int>` of the same inserts and
/// removals does: membership, count and the places in increasing order, with places inserted
/// twice, removed when absent, and far past the last word.
struct PlaceSetTests {
    @Test(arguments: [64, 1_000, 100_000])
    func aPlaceSetAnswersAsASetOfTheSameWritesDoes(range: Int) {
        var random = SeededGenerator(seed: UInt64(range))
        var places = PlaceSet()
        var expected: Set<Int> = []
        for step in 0..<5_000 {
            let place = Int.random(in: 0..<range, using: &random)
            if Bool.random(using: &random) {
                places.insert(place)
                expected.insert(place)
            } else {
                places.remove(place)
                expected.remove(place)
            }
            if step % 500 == 0 {
                #expect(places.sorted == expected.sorted())
            }
        }
        #expect(places.count == expected.count)
        #expect(places.isEmpty == expected.isEmpty)
        #expect(places.sorted == expected.sorted())
        for place in 0..<min(range, 2_000) {
            #expect(places.contains(place) == expected.contains(place), "place \(place)")
        }
        #expect(!places.contains(range + 64 * 10), "a place past the last word is not in the set")
    }

    @Test func aSetMadeFromWordsHoldsTheirBitsAndDropsTheEmptyWordsAtTheEnd() {
        let words: [UInt64] = [0b1001, 0, 1 << 63, 0, 0]
        var places = words.withUnsafeBufferPointer { PlaceSet(words: $0) }
        #expect(places.sorted == [0, 3, 191])
        #expect(places.count == 3)
        places.insert(192)
        places.remove(0)
        #expect(places.sorted == [3, 191, 192] && places.count == 3)
        let none = [UInt64](repeating: 0, count: 4).withUnsafeBufferPointer { PlaceSet(words: $0) }
        #expect(none.isEmpty && none.sorted.isEmpty && !none.contains(0))
    }

    @Test func removingEveryPlaceEmptiesTheSet() {
        var places = PlaceSet()
        for place in [0, 63, 64, 200, 4_095] { places.insert(place) }
        places.insert(64)
        #expect(places.count == 5)
        #expect(places.sorted == [0, 63, 64, 200, 4_095])
        places.remove(5_000)
        for place in [4_095, 0, 64, 200, 63] { places.remove(place) }
        #expect(places.isEmpty && places.count == 0 && places.sorted.isEmpty)
    }
}
