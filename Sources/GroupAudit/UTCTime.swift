import GroupCore

/// Commit times as people read and type them: ISO 8601 in UTC, to the millisecond.
///
/// Written by hand rather than with Foundation's formatters, so that the audit's output is the
/// same on every platform and no locale or time zone database can change it.
public enum UTCTime {
    static let millisecondsPerDay: Int64 = 86_400_000

    /// `2026-11-29T15:18:10.000Z` for the milliseconds since the Unix epoch.
    public static func iso8601(_ time: Milliseconds) -> String {
        let days = Int64(time / UInt64(millisecondsPerDay))
        var rest = Int64(time % UInt64(millisecondsPerDay))
        let (year, month, day) = civilDate(fromDays: days)
        let hour = rest / 3_600_000
        rest %= 3_600_000
        let minute = rest / 60_000
        rest %= 60_000
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(hour, 2)):\(padded(minute, 2)):\(padded(rest / 1_000, 2)).\(padded(rest % 1_000, 3))Z"
    }

    /// The span of time a command-line value names: a single millisecond for milliseconds since
    /// the epoch (`1764429490000`) or a date and time (`2026-11-29T15:18:10Z`, with or without
    /// fractional seconds, with `Z` or an offset such as `+01:00`); a whole day for a date
    /// alone (`2026-11-29`, in UTC). Nil when the text is none of these or names a time before
    /// the epoch.
    ///
    /// A range rather than a point, so that `--to 2026-11-29` takes in the whole of that day.
    public static func interval(parsing text: String) -> ClosedRange<Milliseconds>? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        if bytes.allSatisfy(isDigit) {
            return UInt64(text).map { $0...$0 }
        }
        var scanner = TimeScanner(bytes)
        guard let date = scanner.date() else { return nil }
        let midnight = date * millisecondsPerDay
        if scanner.isAtEnd {
            guard midnight >= 0 else { return nil }
            return UInt64(midnight)...UInt64(midnight + millisecondsPerDay - 1)
        }
        guard let clock = scanner.timeOfDay(), scanner.isAtEnd else { return nil }
        let time = midnight + clock
        guard time >= 0 else { return nil }
        return UInt64(time)...UInt64(time)
    }

    /// The days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm),
    /// or nil when the month or day does not exist (2026-02-29, 2026-13-01).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of a count of days since 1970-01-01.
    static func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func padded(_ number: Int64, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
