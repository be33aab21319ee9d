/// The tables of a TOML document while it is read, each with what TOML needs to refuse a
/// redefinition: how the table came to exist and where.
///
/// Tables live in one array and refer to their children by index, so a header far down the
/// document reopens its table in place instead of rebuilding the path to it. An inline table
/// is read into a tree of its own and stored in its parent as a finished `JSONValue`: TOML
/// forbids adding to it afterwards, and a value is exactly what nothing can add to.
struct TOMLTableTree {
    /// How a table came to exist, which decides what may later add to it.
    enum Origin: Equatable {
        /// The document's root, or the inline table the tree was made for.
        case root
        /// Defined by a `[header]` or `[[header]]`: no second header may define it again.
        case header
        /// Created as the prefix of a header (`a` for `[a.b]`): a later `[a]` may define it.
        case implicit
        /// Created by a dotted key (`a` for `a.b = 1`): more dotted keys may add to it, and
        /// headers may define tables below it, but no header may define it.
        case dotted
    }

    /// What a key of a table holds.
    enum Entry {
        case value(JSONValue, definedAt: Int)
        case table(Int)
        /// The elements of an array of tables, never empty, and the offset of its first header.
        case tableArray([Int], definedAt: Int)
    }

    struct Table {
        var origin: Origin
        /// The byte offset of the key segment or header that created or defined the table.
        var definedAt: Int
        /// How many tables and arrays enclose it; the document's root is level 0.
        let depth: Int
        /// The full key path from the document's root, for messages.
        let path: [String]
        var names: [String] = []
        var entries: [Entry] = []
        /// The position of each name in `names`, so a table with many keys is not scanned
        /// once per key. String hashing follows canonical equivalence, like `JSONObject`.
        var slots: [String: Int] = [:]

        mutating func add(_ name: String, _ entry: Entry) {
            slots[name] = names.count
            names.append(name)
            entries.append(entry)
        }
    }

    /// What a line was defining when it met a conflict, which frames the message.
    enum Definition {
        case key, table, tableArray
    }

    /// Why a definition cannot be made, with the positions a message needs.
    struct Conflict: Error {
        enum Reason {
            /// `a = 1` twice, however spelled (`a`, `"a"`, `'a'`) or reached (`t.a` in `[t]`).
            case keyDefinedTwice
            /// `a = 1` where `a` is already a table.
            case keyIsTable
            /// `a = 1` where `a` is already an array of tables.
            case keyIsTableArray
            /// `[a]` twice.
            case tableDefinedTwice
            /// `[a]` where dotted keys already created `a`.
            case tableDefinedByDottedKeys
            /// `[a]` where `[[a]]` already made `a` an array of tables.
            case tableIsTableArray
            /// `[[a]]` where `a` is already a table.
            case tableArrayIsTable
            /// The key path passes through or ends at a value (an inline table among them).
            case pathIsValue(JSONValue)
            /// A dotted key reaching into a table that a header created.
            case dottedKeyIntoTable
            /// A dotted key reaching into an array of tables.
            case dottedKeyIntoTableArray
            /// A table beyond the nesting limit.
            case tooDeep(limit: Int)
        }

        let reason: Reason
        let definition: Definition
        /// The full path of what was being defined.
        let target: [String]
        /// The full path of the entry in the way.
        let path: [String]
        /// Where to report the conflict: the start of the key segment that caused it.
        let offset: Int
        /// Where the entry in the way was defined.
        let earlier: Int

        /// The message, given a way to turn an offset into its line.
        func message(line: (Int) -> Int) -> String {
            let key = "'\(TOMLKey.display(path))'"
            let earlierLine = line(earlier)
            switch reason {
            case .keyDefinedTwice:
                return "duplicate key \(key), first defined on line \(earlierLine)"
            case .keyIsTable:
                return "key \(key) is already defined as a table on line \(earlierLine)"
            case .keyIsTableArray:
                return "key \(key) is already defined as an array of tables on line \(earlierLine)"
            case .tableDefinedTwice:
                return "table [\(TOMLKey.display(path))] is defined twice, first on line \(earlierLine)"
            case .tableDefinedByDottedKeys:
                return "table [\(TOMLKey.display(path))] is already defined by dotted keys on line \(earlierLine)"
            case .tableIsTableArray:
                return "cannot define \(targetName): \(key) is already an array of tables, defined on line \(earlierLine)"
            case .tableArrayIsTable:
                return "cannot define \(targetName): \(key) is already a table, defined on line \(earlierLine)"
            case .pathIsValue(let value):
                return "cannot define \(targetName): \(key) is already defined as \(Self.kind(of: value)) on line \(earlierLine)"
            case .dottedKeyIntoTable:
                return "cannot define \(targetName) with a dotted key: table [\(TOMLKey.display(path))] belongs to "
                    + "the table header on line \(earlierLine)"
            case .dottedKeyIntoTableArray:
                return "cannot define \(targetName) with a dotted key: \(key) is an array of tables, defined on line \(earlierLine)"
            case .tooDeep(let limit):
                return "nesting deeper than \(limit) levels"
            }
        }

        private var targetName: String {
            let shown = TOMLKey.display(target)
            switch definition {
            case .key: return "key '\(shown)'"
            case .table: return "table [\(shown)]"
            case .tableArray: return "array of tables [[\(shown)]]"
            }
        }

        /// A value's TOML kind, for messages: a configuration has no null or fractional numbers.
        private static func kind(of value: JSONValue) -> String {
            switch value {
            case .null: "a value"
            case .bool: "a boolean"
            case .number: "an integer"
            case .string: "a string"
            case .array: "an array"
            case .object: "an inline table"
            }
        }
    }

    /// The index of the root table.
    static let root = 0

    private(set) var tables: [Table]
    private let maximumDepth: Int

    /// A tree whose root is at `path` and nesting level `depth`: the empty path and level 0 for
    /// a document, the key path and level of an inline table for one.
    init(path: [String], depth: Int, maximumDepth: Int) {
        tables = [Table(origin: .root, definedAt: 0, depth: depth, path: path)]
        self.maximumDepth = maximumDepth
    }

    /// The nesting level of a table, from which a value stored in it counts its own levels.
    func depth(of table: Int) -> Int { tables[table].depth }

    // MARK: Headers

    /// Defines the table a `[a.b]` header names and returns it.
    mutating func openTable(_ key: TOMLKey) throws(Conflict) -> Int {
        let parent = try headerParent(of: key, definition: .table)
        let last = key.segments.count - 1
        let name = key.segments[last]
        let offset = key.offsets[last]
        let path = tables[parent].path + [name]
        guard let slot = tables[parent].slots[name] else {
            return try addTable(name, to: parent, origin: .header, at: offset, definition: .table, target: path)
        }
        switch tables[parent].entries[slot] {
        case .table(let child):
            switch tables[child].origin {
            case .implicit:
                tables[child].origin = .header
                tables[child].definedAt = offset
                return child
            case .header, .root:
                throw conflict(.tableDefinedTwice, .table, target: path, path: path, at: offset, earlier: tables[child].definedAt)
            case .dotted:
                throw conflict(.tableDefinedByDottedKeys, .table, target: path, path: path, at: offset, earlier: tables[child].definedAt)
            }
        case .tableArray(_, let definedAt):
            throw conflict(.tableIsTableArray, .table, target: path, path: path, at: offset, earlier: definedAt)
        case .value(let value, let definedAt):
            throw conflict(.pathIsValue(value), .table, target: path, path: path, at: offset, earlier: definedAt)
        }
    }

    /// Appends a new table to the array of tables a `[[a.b]]` header names and returns it.
    mutating func appendTable(_ key: TOMLKey) throws(Conflict) -> Int {
        let parent = try headerParent(of: key, definition: .tableArray)
        let last = key.segments.count - 1
        let name = key.segments[last]
        let offset = key.offsets[last]
        let path = tables[parent].path + [name]
        // The array is one level, its tables the next.
        let depth = tables[parent].depth + 2
        guard depth <= maximumDepth else {
            throw conflict(.tooDeep(limit: maximumDepth), .tableArray, target: path, path: path, at: offset, earlier: offset)
        }
        let element = tables.count
        guard let slot = tables[parent].slots[name] else {
            tables.append(Table(origin: .header, definedAt: offset, depth: depth, path: path))
            tables[parent].add(name, .tableArray([element], definedAt: offset))
            return element
        }
        switch tables[parent].entries[slot] {
        case .tableArray(var elements, let definedAt):
            // Drop the entry's reference first, so the append below does not copy the array.
            tables[parent].entries[slot] = .value(.null, definedAt: definedAt)
            tables.append(Table(origin: .header, definedAt: offset, depth: depth, path: path))
            elements.append(element)
            tables[parent].entries[slot] = .tableArray(elements, definedAt: definedAt)
            return element
        case .table(let child):
            throw conflict(.tableArrayIsTable, .tableArray, target: path, path: path, at: offset, earlier: tables[child].definedAt)
        case .value(let value, let definedAt):
            throw conflict(.pathIsValue(value), .tableArray, target: path, path: path, at: offset, earlier: definedAt)
        }
    }

    /// Walks all but the last segment of a header from the root, creating missing tables as
    /// implicit ones; an array of tables on the way stands for its last element.
    private mutating func headerParent(of key: TOMLKey, definition: Definition) throws(Conflict) -> Int {
        var current = Self.root
        let target = tables[Self.root].path + key.segments
        for position in 0 ..< key.segments.count - 1 {
            let name = key.segments[position]
            let offset = key.offsets[position]
            guard let slot = tables[current].slots[name] else {
                current = try addTable(name, to: current, origin: .implicit, at: offset, definition: definition, target: target)
                continue
            }
            switch tables[current].entries[slot] {
            case .table(let child):
                current = child
            case .tableArray(let elements, _):
                // Never empty: an array of tables is created with its first element.
                current = elements[elements.count - 1]
            case .value(let value, let definedAt):
                let path = tables[current].path + [name]
                throw conflict(.pathIsValue(value), definition, target: target, path: path, at: offset, earlier: definedAt)
            }
        }
        return current
    }

    // MARK: Keys

    /// Walks all but the last segment of a `key = value` line's key from `table`, creating
    /// dotted tables as needed, and returns the table that will hold the last segment, which
    /// must still be free.
    mutating func prepareKey(_ key: TOMLKey, in table: Int) throws(Conflict) -> Int {
        var current = table
        let target = tables[table].path + key.segments
        for position in 0 ..< key.segments.count - 1 {
            let name = key.segments[position]
            let offset = key.offsets[position]
            guard let slot = tables[current].slots[name] else {
                current = try addTable(name, to: current, origin: .dotted, at: offset, definition: .key, target: target)
                continue
            }
            let path = tables[current].path + [name]
            switch tables[current].entries[slot] {
            case .table(let child) where tables[child].origin == .dotted:
                current = child
            case .table(let child):
                throw conflict(.dottedKeyIntoTable, .key, target: target, path: path, at: offset, earlier: tables[child].definedAt)
            case .tableArray(_, let definedAt):
                throw conflict(.dottedKeyIntoTableArray, .key, target: target, path: path, at: offset, earlier: definedAt)
            case .value(let value, let definedAt):
                throw conflict(.pathIsValue(value), .key, target: target, path: path, at: offset, earlier: definedAt)
            }
        }
        let last = key.segments.count - 1
        let name = key.segments[last]
        guard let slot = tables[current].slots[name] else { return current }
        let offset = key.offsets[last]
        switch tables[current].entries[slot] {
        case .value(_, let definedAt):
            throw conflict(.keyDefinedTwice, .key, target: target, path: target, at: offset, earlier: definedAt)
        case .table(let child):
            throw conflict(.keyIsTable, .key, target: target, path: target, at: offset, earlier: tables[child].definedAt)
        case .tableArray(_, let definedAt):
            throw conflict(.keyIsTableArray, .key, target: target, path: target, at: offset, earlier: definedAt)
        }
    }

    /// Stores a value under a name that `prepareKey` found free.
    mutating func insert(_ value: JSONValue, named name: String, in table: Int, definedAt offset: Int) {
        tables[table].add(name, .value(value, definedAt: offset))
    }

    // MARK: Building

    private mutating func addTable(
        _ name: String, to parent: Int, origin: Origin, at offset: Int, definition: Definition, target: [String]
    ) throws(Conflict) -> Int {
        let depth = tables[parent].depth + 1
        let path = tables[parent].path + [name]
        guard depth <= maximumDepth else {
            throw conflict(.tooDeep(limit: maximumDepth), definition, target: target, path: path, at: offset, earlier: offset)
        }
        let index = tables.count
        tables.append(Table(origin: origin, definedAt: offset, depth: depth, path: path))
        tables[parent].add(name, .table(index))
        return index
    }

    private func conflict(
        _ reason: Conflict.Reason, _ definition: Definition, target: [String], path: [String], at offset: Int, earlier: Int
    ) -> Conflict {
        Conflict(reason: reason, definition: definition, target: target, path: path, offset: offset, earlier: earlier)
    }

    /// The tree as a JSON object, keys in the order they were first created. The recursion is
    /// as deep as the tables nest, which the depth limit bounds.
    func json(of table: Int = Self.root) -> JSONValue {
        let current = tables[table]
        var members: [JSONObject.Member] = []
        members.reserveCapacity(current.names.count)
        for (name, entry) in zip(current.names, current.entries) {
            let value: JSONValue
            switch entry {
            case .value(let stored, _): value = stored
            case .table(let child): value = json(of: child)
            case .tableArray(let elements, _): value = .array(elements.map { json(of: $0) })
            }
            members.append(JSONObject.Member(key: name, value: value))
        }
        return .object(JSONObject(members))
    }
}
