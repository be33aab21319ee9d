/// Why a string is not a valid identifier (SPEC section 1).
public enum IdentifierProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int, limit: Int)
    case notPrintableASCII(offset: Int)

    public var description: String {
        switch self {
        case .empty: "is empty"
        case let .tooLong(bytes, limit): "is \(bytes) bytes long, over the limit of \(limit)"
        case let .notPrintableASCII(offset): "has a space or a byte that is not printable ASCII at byte \(offset)"
        }
    }
}

/// Checks the shape shared by inbox and group IDs: 1 to 128 bytes of printable ASCII, no spaces.
func validateIdentifier(_ text: String) throws(IdentifierProblem) {
    // Over the string's own bytes where it has them (native and small strings do): iterating a
    // String.UTF8View byte by byte costs several times more, on every inbox a decoder reads.
    let problem = text.utf8.withContiguousStorageIfAvailable(identifierProblem) ?? identifierProblem(text.utf8)
    if let problem { throw problem }
}

private func identifierProblem<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> IdentifierProblem? {
    var count = 0
    for byte in bytes {
        guard byte > 0x20 && byte < 0x7F else { return .notPrintableASCII(offset: count) }
        count += 1
    }
    if count == 0 { return .empty }
    if count > 128 { return .tooLong(bytes: count, limit: 128) }
    return nil
}

/// Identifies a user.
public struct InboxID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Validates `rawValue` against SPEC section 1.
    public init(_ rawValue: String) throws(IdentifierProblem) {
        try validateIdentifier(rawValue)
        self.rawValue = rawValue
    }

    /// For values already validated, such as those decoded from a checked record.
    public init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
    public static func < (lhs: InboxID, rhs: InboxID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// What a `Dictionary` or `Set` keyed by inbox calls for each lookup: the fast keyed hash of
    /// ``IdentifierHash`` instead of SipHash over a `Hasher`. `hash(into:)`, for an inbox inside
    /// another hashed value, stays `String`'s.
    public func _rawHashValue(seed: Int) -> Int { IdentifierHash.hash(rawValue, seed: seed) }
}

/// Identifies a conversation.
public struct GroupID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Validates `rawValue` against SPEC section 1.
    public init(_ rawValue: String) throws(IdentifierProblem) {
        try validateIdentifier(rawValue)
        self.rawValue = rawValue
    }

    public init(unchecked rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
    public static func < (lhs: GroupID, rhs: GroupID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A handle or an account that an inbox can claim in the identity directory.
public struct PublicIdentity: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case handle
        case account
    }

    public let kind: Kind
    public let value: String

    /// Validates that `value` is 1 to 256 bytes (SPEC section 1).
    public init(_ kind: Kind, _ value: String) throws(IdentifierProblem) {
        let count = value.utf8.count
        if count == 0 { throw .empty }
        if count > 256 { throw .tooLong(bytes: count, limit: 256) }
        self.kind = kind
        self.value = value
    }

    /// An identity taken as given, for a caller that checks it before it reaches a commit or
    /// the directory (XMTPiOS's initializer cannot fail; GroupLog's library checks at its door).
    public init(unchecked kind: Kind, _ value: String) {
        self.kind = kind
        self.value = value
    }

    public var description: String { "\(kind.rawValue) \(value)" }
}

/// Milliseconds since the Unix epoch, written into each commit by whoever made it.
public typealias Milliseconds = UInt64
