import GroupCore

/// One problem `verify` found.
public struct VerifyProblem: Sendable, Equatable, CustomStringConvertible {
    public let group: GroupID?
    public let sequence: UInt64?
    public let message: String

    public init(group: GroupID?, sequence: UInt64?, message: String) {
        self.group = group
        self.sequence = sequence
        self.message = message
    }

    public var description: String {
        var place = group.map { "group \($0)" } ?? "store"
        if let sequence { place += " commit \(sequence)" }
        return "\(place): \(message)"
    }
}
