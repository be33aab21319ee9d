import GroupCore

/// Reads the primitives of GroupLog's binary formats (see ``BinaryWriter``) from raw bytes.
///
/// The bytes may live in LMDB's memory-mapped pages, valid only inside a transaction: a reader
/// is for the duration of one decode, and neither it nor anything decoded keeps a pointer into
/// them (strings and digests are copied out). Every read checks the bounds first and throws
/// ``BinaryDecodingError`` on malformed input; nothing is allocated for a length prefix before
/// the remaining input is known to hold that many bytes.
public struct BinaryReader {
    private let buffer: UnsafeRawBufferPointer
    /// The offset of the next byte to read.
    public private(set) var offset = 0

    /// A reader at the start of `buffer`, which must stay valid while the reader is in use.
    public init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    /// The bytes not yet read.
    public var remaining: Int { buffer.count - offset }

    /// Whether every byte was read.
    public var isAtEnd: Bool { offset >= buffer.count }

    /// An error about the value being read, which starts at `start`.
    func failure(_ reading: String, at start: Int, _ reason: BinaryDecodingError.Reason) -> BinaryDecodingError {
        BinaryDecodingError(reading: reading, offset: start, reason: reason)
    }

    /// Reads one byte: a tag or a format version.
    public mutating func readByte(_ reading: String) throws(BinaryDecodingError) -> UInt8 {
        guard offset < buffer.count else {
            throw failure(reading, at: offset, .unexpectedEnd(needed: 1, available: 0))
        }
        let byte = buffer[offset]
        offset += 1
        return byte
    }

    /// Reads a boolean; any byte but 0 or 1 is an error.
    public mutating func readBool(_ reading: String) throws(BinaryDecodingError) -> Bool {
        let start = offset
        switch try readByte(reading) {
        case 0: return false
        case 1: return true
        case let byte: throw failure(reading, at: start, .invalidBoolean(byte))
        }
    }

    /// Reads an unsigned LEB128 varint, refusing overlong forms and values over 64 bits.
    public mutating func readVarint(_ reading: String) throws(BinaryDecodingError) -> UInt64 {
        let start = offset
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < buffer.count else {
                throw failure(reading, at: start, .unexpectedEnd(needed: offset - start + 1, available: offset - start))
            }
            let byte = buffer[offset]
            offset += 1
            // The tenth byte carries bit 63 alone: anything more is over 64 bits.
            if shift == 63 && byte > 1 { throw failure(reading, at: start, .varintOverflow) }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                if byte == 0 && shift > 0 { throw failure(reading, at: start, .overlongVarint) }
                return value
            }
            shift += 7
        }
    }

    /// Reads a zigzag-encoded signed value.
    public mutating func readZigzag(_ reading: String) throws(BinaryDecodingError) -> Int64 {
        let raw = try readVarint(reading)
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// Reads a zigzag-encoded `Int`.
    mutating func readInt(_ reading: String) throws(BinaryDecodingError) -> Int {
        let start = offset
        let value = try readZigzag(reading)
        guard let int = Int(exactly: value) else {
            throw failure(reading, at: start, .valueOutOfRange("\(value) does not fit this platform's Int"))
        }
        return int
    }

    /// Reads a length or count of items that take at least `minimumSize` bytes each, refusing one
    /// that the rest of the input cannot hold, so a corrupt prefix never causes a large allocation.
    public mutating func readCount(_ reading: String, minimumSize: Int = 1) throws(BinaryDecodingError) -> Int {
        let start = offset
        let count = try readVarint(reading)
        let left = remaining
        guard count <= UInt64(left / max(minimumSize, 1)) else {
            throw failure(reading, at: start, .lengthExceedsInput(length: count, remaining: left))
        }
        return Int(count)
    }

    /// Reads a length-prefixed byte string.
    public mutating func readByteString(_ reading: String) throws(BinaryDecodingError) -> [UInt8] {
        let count = try readCount(reading)
        let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count]))
        offset += count
        return bytes
    }

    /// Reads a length-prefixed UTF-8 string, refusing invalid UTF-8.
    public mutating func readString(_ reading: String) throws(BinaryDecodingError) -> String {
        let count = try readCount(reading)
        let start = offset
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[start..<start + count])
        offset += count
        // Identifiers are ASCII: skip the validating decoder for them.
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw failure(reading, at: start, .invalidUTF8)
        }
        return text
    }

    /// Reads a length-prefixed identifier in one pass over its bytes when it is valid (1 to 128
    /// bytes of printable ASCII without spaces, SPEC section 1), the common case; otherwise reads
    /// nothing and returns nil, so that the checked path reports the problem as it always did.
    /// Checking the bytes while they are scanned for ASCII saves the second scan that validating
    /// the decoded string costs, on every inbox a commit or snapshot names (issue 18).
    mutating func readValidIdentifierText() -> String? {
        guard offset < buffer.count else { return nil }
        let count = Int(buffer[offset])
        // A one-byte length prefix holds up to 127; an identifier of 128 bytes takes the checked path.
        guard count > 0 && count < 0x80, count <= buffer.count - offset - 1 else { return nil }
        let bytes = UnsafeRawBufferPointer(rebasing: buffer[offset + 1..<offset + 1 + count])
        for byte in bytes where byte <= 0x20 || byte >= 0x7F { return nil }
        offset += 1 + count
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a 32-byte digest.
    public mutating func readDigest(_ reading: String) throws(BinaryDecodingError) -> Digest {
        let start = offset
        guard remaining >= 32 else {
            throw failure(reading, at: start, .unexpectedEnd(needed: 32, available: remaining))
        }
        // Read straight from the record's bytes: no array is made for the 32 bytes.
        guard let digest = Digest(UnsafeRawBufferPointer(rebasing: buffer[start..<start + 32])) else {
            throw failure(reading, at: start, .unexpectedEnd(needed: 32, available: remaining))
        }
        offset += 32
        return digest
    }

    /// Reads a public key's 32 bytes, straight from the record's bytes, as a digest is read.
    mutating func readPublicKey(_ reading: String) throws(BinaryDecodingError) -> PublicKey {
        let start = offset
        guard remaining >= PublicKey.byteCount,
              let key = PublicKey(UnsafeRawBufferPointer(rebasing: buffer[start..<start + PublicKey.byteCount])) else {
            throw failure(reading, at: start, .unexpectedEnd(needed: PublicKey.byteCount, available: remaining))
        }
        offset += PublicKey.byteCount
        return key
    }

    /// Reads `count` bytes with no length before them: a value of a fixed size.
    mutating func readRawBytes(_ reading: String, count: Int) throws(BinaryDecodingError) -> [UInt8] {
        let start = offset
        guard remaining >= count else {
            throw failure(reading, at: start, .unexpectedEnd(needed: count, available: remaining))
        }
        let bytes = [UInt8](UnsafeRawBufferPointer(rebasing: buffer[start..<start + count]))
        offset += count
        return bytes
    }

    /// Lends the next `count` bytes to `body` without copying them, then moves past them: for a
    /// long run of fixed-width values that `body` parses straight from the input.
    mutating func readRawBuffer<T>(
        _ reading: String, count: Int, _ body: (UnsafeRawBufferPointer) throws(BinaryDecodingError) -> T
    ) throws(BinaryDecodingError) -> T {
        let start = offset
        guard count >= 0 && remaining >= count else {
            throw failure(reading, at: start, .unexpectedEnd(needed: count, available: remaining))
        }
        let value = try body(UnsafeRawBufferPointer(rebasing: buffer[start..<start + count]))
        offset += count
        return value
    }

    /// Reads a tag and maps it to a case, refusing a tag that names none.
    mutating func readTag<T>(_ reading: String, _ decode: (UInt8) -> T?) throws(BinaryDecodingError) -> T {
        let start = offset
        let tag = try readByte(reading)
        guard let value = decode(tag) else { throw failure(reading, at: start, .unknownTag(tag)) }
        return value
    }

    /// Reads a presence flag, then the value when there is one.
    mutating func readOptional<T>(
        _ reading: String, _ read: (inout BinaryReader) throws(BinaryDecodingError) -> T
    ) throws(BinaryDecodingError) -> T? {
        try readBool(reading) ? try read(&self) : nil
    }

    /// Reads a count, then that many elements, each at least `minimumSize` bytes long.
    mutating func readList<T>(
        _ reading: String, minimumSize: Int = 1, _ read: (inout BinaryReader) throws(BinaryDecodingError) -> T
    ) throws(BinaryDecodingError) -> [T] {
        let count = try readCount(reading, minimumSize: minimumSize)
        var elements: [T] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }

    /// Reads a record's format version byte, refusing any version but `supported`.
    mutating func readVersion(_ reading: String, supported: UInt8) throws(BinaryDecodingError) {
        _ = try readVersion(reading, supported: supported...supported)
    }

    /// Reads a record's format version byte, refusing any version outside `supported`, and
    /// returns it: records written by earlier versions still read.
    mutating func readVersion(_ reading: String, supported: ClosedRange<UInt8>) throws(BinaryDecodingError) -> UInt8 {
        let start = offset
        let version = try readByte(reading)
        guard supported.contains(version) else { throw failure(reading, at: start, .unsupportedVersion(found: version)) }
        return version
    }

    /// Checks that the record used every byte.
    public func expectEnd(_ reading: String) throws(BinaryDecodingError) {
        guard isAtEnd else { throw failure(reading, at: offset, .trailingBytes(count: remaining)) }
    }
}

extension BinaryReader {
    /// Runs `body` with a reader over `bytes`, for callers that hold an array rather than
    /// mapped memory.
    @inlinable
    static func withReader<T>(
        over bytes: [UInt8], _ body: (inout BinaryReader) throws(BinaryDecodingError) -> T
    ) throws(BinaryDecodingError) -> T {
        let result: Result<T, BinaryDecodingError> = bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(buffer)
            do throws(BinaryDecodingError) {
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
