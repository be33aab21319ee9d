import GroupCore

/// Appends the primitives of GroupLog's binary formats to a byte array.
///
/// The primitives, shared by every record:
///
/// | value            | bytes                                                                  |
/// |------------------|------------------------------------------------------------------------|
/// | byte, tag        | 1 byte                                                                 |
/// | boolean          | 1 byte: 0 false, 1 true                                                |
/// | varint (UInt64)  | unsigned LEB128, 7 bits a byte, low group first, 1 to 10 bytes, shortest form |
/// | zigzag (Int64)   | `(n << 1) ^ (n >> 63)` as a varint: 0, -1, 1, -2 ... become 0, 1, 2, 3 ... |
/// | byte string      | varint length, then the bytes                                          |
/// | string           | byte string of its UTF-8                                               |
/// | digest           | 32 bytes, no length                                                    |
/// | optional         | boolean presence, then the value when present                          |
/// | list             | varint count, then the elements                                        |
///
/// Every value has exactly one encoding, so equal values give equal bytes and hashes.
public struct BinaryWriter: Sendable {
    /// What was written so far.
    public private(set) var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes before it reallocates.
    public init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for `count` more bytes, so that a large record grows its buffer once.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends one byte: a tag or a format version.
    public mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends a boolean as 0 or 1.
    public mutating func writeBool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Appends `value` as an unsigned LEB128 varint in its shortest form.
    public mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a signed value zigzag-encoded as a varint, so that small magnitudes stay short.
    public mutating func writeZigzag(_ value: Int64) {
        writeVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// Appends a count or length as a varint.
    public mutating func writeCount(_ count: Int) {
        writeVarint(UInt64(truncatingIfNeeded: count))
    }

    /// Appends a length-prefixed byte string.
    public mutating func writeByteString(_ value: [UInt8]) {
        writeCount(value.count)
        bytes.append(contentsOf: value)
    }

    /// Appends a length-prefixed UTF-8 string.
    public mutating func writeString(_ value: String) {
        let utf8 = value.utf8
        writeCount(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// Appends a digest's 32 bytes, without a length.
    public mutating func writeDigest(_ digest: Digest) {
        digest.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes as they are, without a length: for values of a fixed size.
    mutating func writeRawBytes(_ value: [UInt8]) {
        bytes.append(contentsOf: value)
    }

    /// Appends `count` bytes that `body` fills in place: for a long run of fixed-width values,
    /// written without growing the buffer value by value.
    mutating func writeFixedWidth(count: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { body(UnsafeMutableRawBufferPointer(rebasing: $0[start..<start + count])) }
    }

    /// Appends a public key's 32 bytes, without a length.
    mutating func writePublicKey(_ key: PublicKey) {
        key.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Appends a presence flag, then the value when there is one.
    mutating func writeOptional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        writeBool(value != nil)
        if let value { write(&self, value) }
    }

    /// Appends a count, then each element.
    mutating func writeList<C: Collection>(_ elements: C, _ write: (inout BinaryWriter, C.Element) -> Void) {
        writeCount(elements.count)
        for element in elements { write(&self, element) }
    }
}
