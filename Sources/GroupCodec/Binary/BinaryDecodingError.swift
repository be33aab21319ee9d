import GroupCore

/// Why bytes could not be decoded as a binary record: what was being read, at which byte offset,
/// and what was wrong there.
///
/// Malformed, truncated or corrupt input always ends in this error, never in a trap or a wrong
/// value. The store adds the group and sequence of the record when it reports one.
public struct BinaryDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the bytes.
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        /// The record's format version is one this build does not read: the record was written
        /// by a newer version of GroupLog, or the bytes are not a record at all.
        case unsupportedVersion(found: UInt8)
        /// The input ended `needed` bytes into a value of which only `available` were left.
        case unexpectedEnd(needed: Int, available: Int)
        /// A varint has more bytes than its value needs (a trailing zero group): not canonical.
        case overlongVarint
        /// A varint holds more than 64 bits.
        case varintOverflow
        /// A length or count prefix exceeds what the rest of the input could hold.
        case lengthExceedsInput(length: UInt64, remaining: Int)
        /// A string's bytes are not valid UTF-8.
        case invalidUTF8
        /// A boolean byte other than 0 or 1.
        case invalidBoolean(UInt8)
        /// A tag byte that names no case this version knows.
        case unknownTag(UInt8)
        /// An identifier that breaks SPEC section 1.
        case invalidIdentifier(IdentifierProblem)
        /// A number outside the range its field allows.
        case valueOutOfRange(String)
        /// Policies nested deeper than ``BinaryReader/maximumPolicyDepth``.
        case nestingTooDeep(limit: Int)
        /// A value written in a form the encoder never produces, such as map entries out of order.
        case notCanonical(String)
        /// Bytes left over after a complete record.
        case trailingBytes(count: Int)
        /// The decoded parts of a state contradict each other.
        case inconsistentState(String)

        public var description: String {
            switch self {
            case let .unsupportedVersion(found):
                "unsupported format version \(found), which this build cannot read (a newer GroupLog may have written it)"
            case let .unexpectedEnd(needed, available):
                "the input ends: \(needed) bytes needed, \(available) left"
            case .overlongVarint: "a varint is overlong (not in canonical form)"
            case .varintOverflow: "a varint holds more than 64 bits"
            case let .lengthExceedsInput(length, remaining):
                "a length of \(length) exceeds the \(remaining) bytes left"
            case .invalidUTF8: "the bytes are not valid UTF-8"
            case let .invalidBoolean(byte): "a boolean is \(byte), not 0 or 1"
            case let .unknownTag(tag): "unknown tag \(tag)"
            case let .invalidIdentifier(problem): "the identifier \(problem)"
            case let .valueOutOfRange(detail): detail
            case let .nestingTooDeep(limit): "policies are nested deeper than \(limit) levels"
            case let .notCanonical(detail): "not canonical: \(detail)"
            case let .trailingBytes(count): "\(count) bytes follow the end of the record"
            case let .inconsistentState(detail): "inconsistent state: \(detail)"
            }
        }
    }

    /// What was being read, such as `commit actor` or `state member record inbox`.
    public let reading: String
    /// The offset, from the start of the record, of the value being read.
    public let offset: Int
    /// What was wrong there.
    public let reason: Reason

    /// An error about the value named by `reading`, which starts `offset` bytes into the record.
    public init(reading: String, offset: Int, reason: Reason) {
        self.reading = reading
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "\(reading) at byte \(offset): \(reason)" }
}
