@testable import GroupCore
import Testing

/// The huge-page hint a snapshot load gives (issue 18) changes what backs memory, never what it
/// holds: arrays made with it read back exactly what was written, at sizes below and above the
/// hint's threshold and at addresses not aligned to a huge page.
struct HugePagesTests {
    @Test(arguments: [0, 1, 1_000, HugePages.threshold / 8 + 3, HugePages.threshold / 2])
    func zerosAreZerosOfTheCountAsked(count: Int) {
        let zeros = HugePages.zeros(count)
        #expect(zeros.count == count)
        #expect(zeros.allSatisfy { $0 == 0 })
    }

    @Test func advisedMemoryHoldsWhatIsWrittenToIt() {
        let count = HugePages.threshold + 12_345
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count + 1, alignment: 1)
        defer { buffer.deallocate() }
        // One byte in, so that the buffer starts off any page boundary.
        let advised = UnsafeMutableRawBufferPointer(rebasing: buffer[1...])
        HugePages.prefer(advised)
        for offset in advised.indices { advised[offset] = UInt8(truncatingIfNeeded: offset &* 31 &+ 7) }
        #expect(advised.indices.allSatisfy { advised[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }
}
