import Foundation
import GroupCore

/// A field value in the JSON payload: text, or bytes (base64, as `JSONEncoder` writes `Data`).
public struct FieldValueRecord: Codable, Equatable, Sendable {
    public var string: String?
    public var bytes: Data?

    init(_ value: FieldValue) {
        switch value {
        case let .string(text): string = text
        case let .bytes(raw): bytes = Data(raw)
        }
    }

    func value() throws(RecordError) -> FieldValue {
        if let string { return .string(string) }
        if let bytes { return .bytes(Array(bytes)) }
        throw RecordError("a field value needs a string or bytes")
    }
}
