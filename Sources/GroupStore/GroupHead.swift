import GroupCodec
import GroupCore

/// Where a group's log ends: what the `groups` database holds for each group.
struct GroupHead: Equatable, Sendable {
    /// The group's number, which prefixes its entries' keys.
    let number: UInt64
    /// The last commit's sequence.
    let sequence: UInt64
    /// The SHA-256 of the last commit's encoding: the next commit's previous hash.
    let hash: Digest

    static let version: UInt8 = 1

    func encoded() -> [UInt8] {
        var writer = BinaryWriter(reservingCapacity: 48)
        writer.writeByte(Self.version)
        writer.writeVarint(number)
        writer.writeVarint(sequence)
        writer.writeDigest(hash)
        return writer.bytes
    }

    init(number: UInt64, sequence: UInt64, hash: Digest) {
        self.number = number
        self.sequence = sequence
        self.hash = hash
    }

    init(decoding bytes: UnsafeRawBufferPointer) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        let version = try reader.readByte("group head format version")
        guard version == Self.version else {
            throw BinaryDecodingError(reading: "group head format version", offset: 0, reason: .unsupportedVersion(found: version))
        }
        number = try reader.readVarint("group number")
        sequence = try reader.readVarint("head sequence")
        hash = try reader.readDigest("head hash")
        try reader.expectEnd("group head")
    }
}
