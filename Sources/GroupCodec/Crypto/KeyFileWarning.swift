/// A key file that others than its owner may read or write (its mode has bits of `077`): the key
/// was read, but it may not be secret any more. Said, never refused, as a warning to fix.
public struct KeyFileWarning: Equatable, Sendable, CustomStringConvertible {
    /// The path as it was given.
    public let path: String
    /// The file's permission bits, such as `0o644`.
    public let mode: UInt32

    /// The warning for a file of `mode`, or nil when only its owner may read or write it.
    public init?(path: String, mode: UInt32) {
        guard mode & 0o077 != 0 else { return nil }
        self.path = path
        self.mode = mode & 0o7777
    }

    /// `alix.key is readable by its group and others (mode 0644); chmod 600 alix.key`.
    public var description: String {
        let group = mode >> 3 & 0o7, others = mode & 0o7
        let who = [group != 0 ? "its group" : nil, others != 0 ? "others" : nil].compactMap { $0 }.joined(separator: " and ")
        let bits = group | others
        let can = [bits & 0o4 != 0 ? "readable" : nil, bits & 0o2 != 0 ? "writable" : nil].compactMap { $0 }
        // Only execute bits: nobody else can read it, but the mode is still not the owner's alone.
        let what = can.isEmpty ? "accessible to" : can.joined(separator: " and ") + " by"
        return "\(path) is \(what) \(who) (mode \(Self.octal(mode))); chmod 600 \(path)"
    }

    /// The mode as `ls -l` users write it: four octal digits, `0644`.
    static func octal(_ mode: UInt32) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
