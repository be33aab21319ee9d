/// An Ed25519 public key: the 32 bytes an inbox signs commits with (SPEC section 14).
///
/// The core only carries keys and compares them; GroupCodec makes signatures and verifies them.
/// The bytes are held inline, as four words in their order in memory, like ``Digest``: a member
/// record's keys cost no allocation each.
public struct PublicKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// The number of bytes of a key.
    public static let byteCount = 32

    /// Nil unless `bytes` holds exactly 32 bytes.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == PublicKey.byteCount else { return nil }
        words = (0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &words) { target in
            for (index, byte) in bytes.enumerated() { target[index] = byte }
        }
    }

    /// Nil unless `buffer` holds exactly 32 bytes, which need to stay valid only during the call.
    public init?(_ buffer: UnsafeRawBufferPointer) {
        guard buffer.count == PublicKey.byteCount else { return nil }
        func word(_ index: Int) -> UInt64 { buffer.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
        words = (word(0), word(1), word(2), word(3))
    }

    /// Exactly 32 bytes.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Runs `body` over the 32 bytes, without copying them into an array.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: words, body)
    }

    public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    /// Byte by byte, so that sorted keys come out in the same order on every machine.
    public static func < (lhs: PublicKey, rhs: PublicKey) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.lexicographicallyPrecedes(right) } }
    }

    /// Standard padded base64 (RFC 4648), as fixtures and the command line write keys.
    public var base64: String { Base64Text.encode(bytes) }

    /// The key in base64, as fixtures write it.
    public var description: String { base64 }
}

/// Standard padded base64, for naming keys in rejections and reads; GroupFixtures reads it back.
enum Base64Text {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * UInt32(offset)) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
