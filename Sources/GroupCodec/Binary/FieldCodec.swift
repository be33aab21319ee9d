import GroupCore

// The encoding of configurable fields (SPEC section 11), shared by commits (version 2 and on)
// and states (version 2 and on). Tags are a stored format: never renumber or reuse one.
//
//   component ID   varint
//   value          tag (0 string, 1 bytes), then a string or a byte string
//   value kind     tag (0 string, 1 bytes)
//   field type     tag (0 string, 1 bytes, 2 set + key kind, 3 map + key and value kinds,
//                  4 inboxMap + value kind, 5 unsupported + its name)
//   descriptor     component ID, optional name, field type, insert, update and delete policies
//   reference      tag (0 ID + component ID, 1 name + string)
//   operation      tag (0 insert, 1 update, 2 delete)
//   mutation       tag (0 replace + optional value, 1 mapDelta + operation, key, optional value,
//                  2 setDelta + operation, key)
//   registration   tag (0 descriptor, 1 unknown + name)
//   user update    reference, optional value
//   content        optional scalar, then a list of entries in key order, each key, optional
//                  value and author

extension BinaryWriter {
    mutating func writeComponentID(_ id: ComponentID) { writeVarint(UInt64(id.rawValue)) }

    mutating func writeFieldValue(_ value: FieldValue) {
        switch value {
        case let .string(text):
            writeByte(0)
            writeString(text)
        case let .bytes(bytes):
            writeByte(1)
            writeByteString(bytes)
        }
    }

    mutating func writeValueKind(_ kind: ValueKind) { writeByte(kind == .string ? 0 : 1) }

    mutating func writeFieldType(_ type: FieldType) {
        switch type {
        case .string: writeByte(0)
        case .bytes: writeByte(1)
        case let .set(key):
            writeByte(2)
            writeValueKind(key)
        case let .map(key, value):
            writeByte(3)
            writeValueKind(key)
            writeValueKind(value)
        case let .inboxMap(value):
            writeByte(4)
            writeValueKind(value)
        case let .unsupported(name):
            writeByte(5)
            writeString(name)
        }
    }

    mutating func writeFieldDescriptor(_ descriptor: FieldDescriptor) {
        writeComponentID(descriptor.id)
        writeOptional(descriptor.name) { $0.writeString($1) }
        writeFieldType(descriptor.type)
        writePolicy(descriptor.insert)
        writePolicy(descriptor.update)
        writePolicy(descriptor.delete)
    }

    mutating func writeFieldReference(_ reference: FieldReference) {
        switch reference {
        case let .id(id):
            writeByte(0)
            writeComponentID(id)
        case let .name(name):
            writeByte(1)
            writeString(name)
        }
    }

    mutating func writeFieldOperation(_ operation: FieldOperation) {
        switch operation {
        case .insert: writeByte(0)
        case .update: writeByte(1)
        case .delete: writeByte(2)
        }
    }

    mutating func writeFieldMutation(_ mutation: FieldMutation) {
        switch mutation {
        case let .replace(value):
            writeByte(0)
            writeOptional(value) { $0.writeFieldValue($1) }
        case let .mapDelta(operation, key, value):
            writeByte(1)
            writeFieldOperation(operation)
            writeFieldValue(key)
            writeOptional(value) { $0.writeFieldValue($1) }
        case let .setDelta(operation, key):
            writeByte(2)
            writeFieldOperation(operation)
            writeFieldValue(key)
        }
    }

    mutating func writeFieldRegistration(_ registration: FieldRegistration) {
        switch registration {
        case let .descriptor(descriptor):
            writeByte(0)
            writeFieldDescriptor(descriptor)
        case let .unknown(name):
            writeByte(1)
            writeString(name)
        }
    }

    mutating func writeUserFieldUpdate(_ update: UserFieldUpdate) {
        writeFieldReference(update.field)
        writeOptional(update.value) { $0.writeFieldValue($1) }
    }

    mutating func writeFieldContent(_ content: FieldContent) {
        writeOptional(content.scalar) { $0.writeFieldValue($1) }
        writeList(content.sortedEntries) { writer, item in
            writer.writeFieldValue(item.key)
            writer.writeOptional(item.entry.value) { $0.writeFieldValue($1) }
            writer.writeInbox(item.entry.author)
        }
    }
}

extension BinaryReader {
    mutating func readComponentID(_ reading: String) throws(BinaryDecodingError) -> ComponentID {
        let start = offset
        let raw = try readVarint(reading)
        guard let id = UInt16(exactly: raw) else { throw failure(reading, at: start, .valueOutOfRange("\(raw) is not a 16-bit component ID")) }
        return ComponentID(id)
    }

    mutating func readFieldValue(_ reading: String) throws(BinaryDecodingError) -> FieldValue {
        switch try readTag(reading, { $0 <= 1 ? $0 : nil }) {
        case 0: return .string(try readString(reading))
        default: return .bytes(try readByteString(reading))
        }
    }

    mutating func readValueKind(_ reading: String) throws(BinaryDecodingError) -> ValueKind {
        try readTag(reading) { $0 == 0 ? .string : $0 == 1 ? .bytes : nil }
    }

    mutating func readFieldType(_ reading: String) throws(BinaryDecodingError) -> FieldType {
        switch try readTag(reading, { $0 <= 5 ? $0 : nil }) {
        case 0: return .string
        case 1: return .bytes
        case 2: return .set(key: try readValueKind(reading))
        case 3: return .map(key: try readValueKind(reading), value: try readValueKind(reading))
        case 4: return .inboxMap(value: try readValueKind(reading))
        default: return .unsupported(try readString(reading))
        }
    }

    mutating func readFieldDescriptor(_ reading: String) throws(BinaryDecodingError) -> FieldDescriptor {
        let id = try readComponentID(reading)
        let name = try readOptional(reading) { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readString(reading) }
        let type = try readFieldType(reading)
        return FieldDescriptor(
            id: id, name: name, type: type, insert: try readPolicy(reading), update: try readPolicy(reading),
            delete: try readPolicy(reading))
    }

    mutating func readFieldReference(_ reading: String) throws(BinaryDecodingError) -> FieldReference {
        switch try readTag(reading, { $0 <= 1 ? $0 : nil }) {
        case 0: return .id(try readComponentID(reading))
        default: return .name(try readString(reading))
        }
    }

    mutating func readFieldOperation(_ reading: String) throws(BinaryDecodingError) -> FieldOperation {
        try readTag(reading) { tag in
            switch tag {
            case 0: .insert
            case 1: .update
            case 2: .delete
            default: nil
            }
        }
    }

    mutating func readOptionalFieldValue(_ reading: String) throws(BinaryDecodingError) -> FieldValue? {
        try readOptional(reading) { (reader: inout BinaryReader) throws(BinaryDecodingError) in try reader.readFieldValue(reading) }
    }

    mutating func readFieldMutation(_ reading: String) throws(BinaryDecodingError) -> FieldMutation {
        switch try readTag(reading, { $0 <= 2 ? $0 : nil }) {
        case 0:
            return .replace(try readOptionalFieldValue(reading))
        case 1:
            let operation = try readFieldOperation(reading)
            let key = try readFieldValue(reading)
            return .mapDelta(operation, key: key, value: try readOptionalFieldValue(reading))
        default:
            let operation = try readFieldOperation(reading)
            return .setDelta(operation, key: try readFieldValue(reading))
        }
    }

    mutating func readFieldRegistration(_ reading: String) throws(BinaryDecodingError) -> FieldRegistration {
        switch try readTag(reading, { $0 <= 1 ? $0 : nil }) {
        case 0: return .descriptor(try readFieldDescriptor(reading))
        default: return .unknown(name: try readString(reading))
        }
    }

    mutating func readUserFieldUpdate(_ reading: String) throws(BinaryDecodingError) -> UserFieldUpdate {
        let field = try readFieldReference(reading)
        return UserFieldUpdate(field: field, value: try readOptionalFieldValue(reading))
    }

    mutating func readFieldContent(_ reading: String) throws(BinaryDecodingError) -> FieldContent {
        let scalar = try readOptionalFieldValue(reading)
        var entries: [FieldValue: FieldEntry] = [:]
        var previous: FieldValue?
        // A key, a presence flag and an author take at least four bytes.
        let count = try readCount(reading, minimumSize: 4)
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let start = offset
            let key = try readFieldValue(reading)
            if let previous, !(previous < key) {
                throw failure(reading, at: start, .notCanonical("entries out of key order"))
            }
            previous = key
            let value = try readOptionalFieldValue(reading)
            entries[key] = FieldEntry(value: value, author: try readInbox(reading))
        }
        return FieldContent(scalar: scalar, entries: entries)
    }
}
