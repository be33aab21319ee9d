import GroupCore

/// Reads the parts of an ISO 8601 date and time from left to right, for ``UTCTime``.
struct TimeScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    /// `YYYY-MM-DD` as days since the epoch; nil when malformed or not a real date.
    mutating func date() -> Int64? {
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2) else { return nil }
        return UTCTime.days(year: year, month: month, day: day)
    }

    /// `THH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)` as milliseconds since midnight UTC (negative or
    /// past a day when the offset carries it into another day); nil when malformed.
    mutating func timeOfDay() -> Int64? {
        guard skip("T"), let hour = digits(2), hour < 24, skip(":"), let minute = digits(2), minute < 60,
              skip(":"), let second = digits(2), second < 60 else { return nil }
        var milliseconds = ((hour * 60 + minute) * 60 + second) * 1_000
        if skip(".") {
            guard let fraction = fractionInMilliseconds() else { return nil }
            milliseconds += fraction
        }
        guard let offset = zoneOffset() else { return nil }
        return milliseconds - offset
    }

    /// 1 to 9 digits of a second, truncated to whole milliseconds.
    private mutating func fractionInMilliseconds() -> Int64? {
        var count = 0
        var value: Int64 = 0
        while index < bytes.count, UTCTime.isDigit(bytes[index]) {
            if count < 3 { value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
            count += 1
            index += 1
        }
        guard (1...9).contains(count) else { return nil }
        for _ in min(count, 3)..<3 { value *= 10 }
        return value
    }

    /// `Z` is 0; `+HH:MM` or `-HH:MM` is the offset east of UTC, in milliseconds.
    private mutating func zoneOffset() -> Int64? {
        if skip("Z") { return 0 }
        let sign: Int64
        if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
        guard let hours = digits(2), hours < 24, skip(":"), let minutes = digits(2), minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes) * 60_000
    }

    private mutating func digits(_ count: Int) -> Int64? {
        guard index + count <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + count] {
            guard UTCTime.isDigit(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    private mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }
}
