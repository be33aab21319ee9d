@testable import GroupCore
import Testing

/// ``UTF8Order`` must agree with the byte order of the strings' UTF-8 that canonical listings
/// are defined by, whatever the lengths (across the eight-byte words it compares), prefixes and
/// non-ASCII text.
struct UTF8OrderTests {
    static let samples: [String] = {
        var samples = ["", "a", "b", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgh\u{1}", "abcdefgi", "abcdefghij",
                       "é", "e\u{301}", "z", "\u{7F}", "\u{80}", "ä", "日本", "日本語", "😀", "A", "Z"]
        // Pairs differing in one byte at each position of the first two words and the tail.
        let base = Array("0123456789abcdefXYZ".utf8)
        for position in base.indices {
            for delta: Int in [-1, 1] {
                var bytes = base
                bytes[position] = UInt8(Int(bytes[position]) + delta)
                samples.append(String(decoding: bytes, as: UTF8.self))
            }
            samples.append(String(decoding: base[..<position], as: UTF8.self))
        }
        return samples
    }()

    @Test func agreesWithTheByteOrderOfTheUTF8() {
        for a in Self.samples {
            for b in Self.samples {
                #expect(UTF8Order.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a.debugDescription) < \(b.debugDescription)")
            }
        }
    }
}
