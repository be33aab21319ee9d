import GroupCodec
import GroupCore

/// A group as the directory lists it: its name, member count and join rule.
public struct DirectoryEntry: Sendable, Equatable {
    public let group: GroupID
    public let name: String
    public let memberCount: Int
    public let joinRule: JoinRule

    static let version: UInt8 = 1

    /// Whether the directory lists `state`'s group: anyone may find it unless it is invite-only
    /// or deleted.
    package static func lists(_ state: GroupState) -> Bool {
        state.kind == .group && !state.isDeleted && state.settings.joinRule != .inviteOnly
    }

    package init(_ state: GroupState) {
        group = state.groupID
        name = state.metadata.name
        memberCount = state.memberCount
        joinRule = state.settings.joinRule
    }

    package func encoded() -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeByte(Self.version)
        writer.writeString(name)
        writer.writeVarint(UInt64(memberCount))
        writer.writeByte(joinRule == .open ? 0 : 1)
        return writer.bytes
    }

    package init(group: GroupID, decoding bytes: UnsafeRawBufferPointer) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        let version = try reader.readByte("directory entry version")
        guard version == Self.version else {
            throw BinaryDecodingError(reading: "directory entry version", offset: 0, reason: .unsupportedVersion(found: version))
        }
        self.group = group
        name = try reader.readString("directory entry name")
        memberCount = Int(clamping: try reader.readVarint("directory entry member count"))
        joinRule = try reader.readBool("directory entry join rule") ? .approval : .open
        try reader.expectEnd("directory entry")
    }
}
