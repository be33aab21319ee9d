/// Identifies a configurable field (a component) by a 16-bit ID; its name is only a label
/// (SPEC section 11).
public struct ComponentID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// Which range of SPEC section 11 the ID falls in.
    public enum Range: Equatable, Sendable {
        case wellKnown
        case wellKnownImmutable
        case application
        case applicationImmutable
        /// 0xFF00-0xFFFF and below 0x8000: not fields.
        case none
    }

    public var range: Range {
        switch rawValue {
        case 0x8000...0xBDFF: .wellKnown
        case 0xBE00...0xBFFF: .wellKnownImmutable
        case 0xC000...0xFCFF: .application
        case 0xFD00...0xFEFF: .applicationImmutable
        default: .none
        }
    }

    /// Whether the ID names a field at all.
    public var isField: Bool { range != .none }
    /// Whether the field can be set once only: a scalar once, each key of a collection once.
    public var isImmutable: Bool { range == .wellKnownImmutable || range == .applicationImmutable }
    /// Whether an operator may configure it (the application ranges).
    public var isApplication: Bool { range == .application || range == .applicationImmutable }

    /// `0xC001`.
    public var hex: String {
        let digits = String(rawValue, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    public var description: String { hex }
    public static func < (lhs: ComponentID, rhs: ComponentID) -> Bool { lhs.rawValue < rhs.rawValue }
}
