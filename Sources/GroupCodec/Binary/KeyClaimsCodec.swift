import GroupCore

// The encoding of one inbox's signing-key claims in a store's directory (SPEC section 14), in
// claim order. Primitives as in BinaryWriter.swift.
//
//   byte      format version: 1
//   varint    count
//   each:     32-byte public key, byte 1 when revoked else 0

/// Encodes and decodes an inbox's signing-key claims, as an LMDB store keeps them.
public enum KeyClaimsCodec {
    static let version: UInt8 = 1

    public static func encode(_ claims: [SigningKeyClaim]) -> [UInt8] {
        var writer = BinaryWriter(reservingCapacity: 2 + claims.count * (PublicKey.byteCount + 1))
        writer.writeByte(version)
        writer.writeList(claims) { writer, claim in
            writer.writePublicKey(claim.key)
            writer.writeBool(claim.isRevoked)
        }
        return writer.bytes
    }

    /// - Throws: `BinaryDecodingError` for bytes that are not such claims.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(BinaryDecodingError) -> [SigningKeyClaim] {
        var reader = BinaryReader(bytes)
        let found = try reader.readByte("key claims version")
        guard found == version else {
            throw BinaryDecodingError(reading: "key claims version", offset: 0, reason: .unsupportedVersion(found: found))
        }
        let claims = try reader.readList("key claims", minimumSize: PublicKey.byteCount + 1) {
            (reader: inout BinaryReader) throws(BinaryDecodingError) in
            SigningKeyClaim(key: try reader.readPublicKey("signing key"), isRevoked: try reader.readBool("revoked"))
        }
        try reader.expectEnd("key claims")
        return claims
    }
}
