import GroupCore

/// `--after CURSOR` and `--limit N` of the paged reads: cursors are opaque hex text, a limit is
/// 1 to 10,000 (default 100).
struct Paging {
    static let maximumLimit = 10_000
    let limit: Int
    let after: String?

    /// - Parameters:
    ///   - limit: the `--limit` given, if any.
    ///   - after: the `--after` given, if any.
    init(limit text: String?, after: String?) throws(InputError) {
        if let text {
            guard let limit = Int(text), (1...Self.maximumLimit).contains(limit) else {
                throw InputError("--limit takes a whole number from 1 to \(Self.maximumLimit), not \(text.quoted)")
            }
            self.limit = limit
        } else {
            limit = 100
        }
        self.after = after
    }

    /// The group a group cursor names.
    func groupCursor() throws(InputError) -> GroupID? {
        guard let after else { return nil }
        guard let bytes = Self.bytes(fromHex: after), let text = String(validating: bytes, as: UTF8.self),
              let group = try? GroupID(text) else {
            throw InputError("--after \(after.quoted) is not a cursor this command printed")
        }
        return group
    }

    /// The member cursor's ordinal.
    func memberCursor() throws(InputError) -> MemberCursor? {
        guard let after else { return nil }
        guard let ordinal = UInt64(after, radix: 16) else { throw InputError("--after \(after.quoted) is not a cursor this command printed") }
        return MemberCursor(ordinal: ordinal)
    }

    static func cursor(_ group: GroupID) -> String {
        group.rawValue.utf8.map { String($0, radix: 16).leftPadded(2) }.joined()
    }

    static func cursor(_ member: MemberCursor) -> String { String(member.ordinal, radix: 16) }

    private static func bytes(fromHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            index += 2
        }
        return bytes
    }
}
