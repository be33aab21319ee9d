/// The canonical binary format of one kind of record (a commit, an outcome, a state), read whole
/// from one buffer.
///
/// A codec says only how to read its record from a reader; the two entry points, for mapped
/// memory and for arrays, are written once here. They are `@inlinable` so that a caller in
/// another module (the store, decoding every record of a replay) gets them specialised for the
/// codec, with a direct call to its `decode(from:)`.
public protocol BinaryRecordCodec {
    /// The value a record decodes to.
    associatedtype Record

    /// Reads one record from `reader`, which must hold exactly that record, in a version this
    /// build reads.
    static func decode(from reader: inout BinaryReader) throws(BinaryDecodingError) -> Record
}

extension BinaryRecordCodec {
    /// Decodes a record from its canonical encoding.
    ///
    /// - Parameter bytes: one whole record; they need to stay valid only during the call.
    /// - Throws: ``BinaryDecodingError`` when the bytes are not exactly one well-formed record of
    ///   a version this build reads (for a state, also when its parts contradict each other).
    @inlinable
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(BinaryDecodingError) -> Record {
        var reader = BinaryReader(bytes)
        return try decode(from: &reader)
    }

    /// Decodes a record from its canonical encoding held in an array.
    @inlinable
    public static func decode(_ bytes: [UInt8]) throws(BinaryDecodingError) -> Record {
        try BinaryReader.withReader(over: bytes) { (reader: inout BinaryReader) throws(BinaryDecodingError) in
            try decode(from: &reader)
        }
    }
}
