/// A SHA-256 digest: the link of the commit chain and the state hash (SPEC section 4).
///
/// The core only carries digests; GroupCodec computes them over canonical encodings. The 32
/// bytes are held inline, as four words, so that a digest costs no allocation: the
/// chain check makes and compares one for every commit it reads. The words keep the bytes in
/// their order in memory.
public struct Digest: Hashable, Sendable, CustomStringConvertible {
    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// Exactly 32 bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Runs `body` over the 32 bytes, without copying them into an array.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: words, body)
    }

    /// Nil unless `bytes` holds exactly 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self = bytes.withUnsafeBytes { Digest(exactly32: $0) }
    }

    /// Nil unless `buffer` holds exactly 32 bytes, which need to stay valid only during the call.
    public init?(_ buffer: UnsafeRawBufferPointer) {
        guard buffer.count == 32 else { return nil }
        self.init(exactly32: buffer)
    }

    private init(exactly32 buffer: UnsafeRawBufferPointer) {
        func word(_ index: Int) -> UInt64 { buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
        words = (word(0), word(1), word(2), word(3))
    }

    public static func == (lhs: Digest, rhs: Digest) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// Parses 64 hexadecimal digits, either case.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = 0
        while index < 64 {
            guard let high = Digest.nibble(digits[index]), let low = Digest.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes: bytes)
    }

    /// Lowercase hexadecimal.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    public var description: String { hex }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
