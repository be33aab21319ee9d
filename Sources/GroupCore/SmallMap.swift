/// A map for the handful of entries one commit writes: a plain array of pairs in the order keys
/// were first written, searched from the end (the entry just written is the one most often read
/// back), with a `Dictionary` index built only once it outgrows a linear search.
///
/// The reducer's field draft used `Dictionary`s, which cost every commit that writes a field an
/// allocation per table and a SipHash of each key on every read and write (issue 18); most such
/// commits write one entry.
struct SmallMap<Key: Hashable, Value> {
    /// Every entry, in the order its key was first written.
    private(set) var entries: [(key: Key, value: Value)] = []
    /// Where each key is in `entries`; nil while a linear search is cheaper.
    private var places: [Key: Int]?

    /// How many keys a search walks before an index pays.
    private static var linearLimit: Int { 16 }

    var isEmpty: Bool { entries.isEmpty }

    var values: [Value] { entries.map(\.value) }

    subscript(key: Key) -> Value? {
        place(of: key).map { entries[$0].value }
    }

    /// Writes `value` for `key`, in place of its earlier value.
    mutating func put(_ value: Value, for key: Key) {
        if let place = place(of: key) {
            entries[place].value = value
            return
        }
        entries.append((key, value))
        if places != nil {
            places![key] = entries.count - 1
        } else if entries.count > Self.linearLimit {
            places = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.key, $0) })
        }
    }

    private func place(of key: Key) -> Int? {
        if let places { return places[key] }
        return entries.lastIndex { $0.key == key }
    }
}
