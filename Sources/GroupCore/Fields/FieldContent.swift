/// One map entry or set key, with the inbox that inserted it (for the `author` policy).
public struct FieldEntry: Hashable, Sendable {
    /// Nil for a set key.
    public let value: FieldValue?
    public let author: InboxID

    public init(value: FieldValue?, author: InboxID) {
        self.value = value
        self.author = author
    }

    /// What the entry counts toward its collection's size limit.
    func size(key: FieldValue) -> Int { key.byteCount + (value?.byteCount ?? 0) + 8 }
}

/// The values of one registered field: a scalar, or a collection's entries.
public struct FieldContent: Hashable, Sendable {
    /// The scalar's value; nil while unset. Unused by collections.
    public internal(set) var scalar: FieldValue?
    /// A collection's entries by key. Unused by scalars.
    public internal(set) var entries: [FieldValue: FieldEntry]
    /// The collection's size as the limit counts it: the sum over entries of key + value + 8.
    public internal(set) var byteSize: Int

    public init(scalar: FieldValue? = nil, entries: [FieldValue: FieldEntry] = [:]) {
        self.scalar = scalar
        self.entries = entries
        self.byteSize = entries.reduce(0) { $0 + $1.value.size(key: $1.key) }
    }

    /// The entries in key order, for stable output.
    public var sortedEntries: [(key: FieldValue, entry: FieldEntry)] {
        entries.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// The size limits of SPEC section 11.
public enum FieldLimits {
    /// A scalar, a key or a value.
    public static let value = 8_192
    /// A collection, counted as the sum over its entries of key + value + 8 bytes.
    public static let collection = 65_536
}
