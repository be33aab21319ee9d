#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard streams, buffered so that a replay of a million commits is not a
/// million system calls.
package struct StandardStreams: Streams {
    private var buffer: [UInt8] = []

    package init() {}

    package var outputIsTerminal: Bool { isatty(1) == 1 }
    package var errorIsTerminal: Bool { isatty(2) == 1 }

    package mutating func out(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    package mutating func err(_ text: String) {
        flush()
        let line = Array((text + "\n").utf8)
        line.withUnsafeBufferPointer { _ = write(2, $0.baseAddress, $0.count) }
    }

    package mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
