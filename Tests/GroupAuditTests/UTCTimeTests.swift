import GroupCore
import GroupTestSupport
import Testing
@testable import GroupAudit

struct UTCTimeTests {
    @Test(arguments: [
        (0, "1970-01-01T00:00:00.000Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (951_868_799_999, "2000-02-29T23:59:59.999Z"),
        (1_709_164_800_000, "2024-02-29T00:00:00.000Z"),
        (1_709_251_200_000, "2024-03-01T00:00:00.000Z"),
        (1_764_429_490_000, "2025-11-29T15:18:10.000Z"),
        (1_796_083_199_123, "2026-11-30T23:59:59.123Z"),
        (1_798_761_599_999, "2026-12-31T23:59:59.999Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00.000Z"),
        (4_107_542_399_000, "2100-02-28T23:59:59.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ] as [(Milliseconds, String)])
    func formatsMillisecondsAsISO8601(time: Milliseconds, text: String) {
        #expect(UTCTime.iso8601(time) == text)
        #expect(UTCTime.interval(parsing: text) == time...time)
    }

    @Test func formattingAndParsingRoundTripAcrossTheCalendar() {
        var generator = SeededGenerator(seed: 0xA0D17)
        for _ in 0..<2_000 {
            let time = generator.next() % 253_402_300_800_000
            #expect(UTCTime.interval(parsing: UTCTime.iso8601(time)) == time...time, "time \(time)")
        }
    }

    @Test func leapYearsFollowTheGregorianRules() {
        #expect(UTCTime.isLeap(2024) && UTCTime.isLeap(2000) && UTCTime.isLeap(2400))
        #expect(!UTCTime.isLeap(2026) && !UTCTime.isLeap(2100) && !UTCTime.isLeap(1900))
        #expect(UTCTime.interval(parsing: "2024-02-29") != nil)
        #expect(UTCTime.interval(parsing: "2100-02-29") == nil)
        #expect(UTCTime.interval(parsing: "2026-02-29") == nil)
    }

    @Test func parsesTheFormsTheCommandLineAccepts() {
        let second: Milliseconds = 1_764_429_490_000
        #expect(UTCTime.interval(parsing: "2025-11-29T15:18:10Z") == second...second)
        #expect(UTCTime.interval(parsing: "2025-11-29T15:18:10.5Z") == second + 500...second + 500)
        #expect(UTCTime.interval(parsing: "2025-11-29T15:18:10.123456789Z") == second + 123...second + 123)
        #expect(UTCTime.interval(parsing: "2025-11-29T16:18:10+01:00") == second...second)
        #expect(UTCTime.interval(parsing: "2025-11-29T10:48:10-04:30") == second...second)
        #expect(UTCTime.interval(parsing: "1764429490000") == second...second)
        let midnight: Milliseconds = 1_764_374_400_000
        #expect(UTCTime.interval(parsing: "2025-11-29") == midnight...midnight + 86_399_999)
    }

    @Test(arguments: [
        "", "yesterday", "2025-11-29T15:18:10", "2025-11-29T15:18Z", "2025-11-29 15:18:10Z", "2025-13-01",
        "2025-11-31", "2025-11-29T24:00:00Z", "2025-11-29T15:60:10Z", "2025-11-29T15:18:10.Z",
        "2025-11-29T15:18:10.1234567890Z", "2025-11-29T15:18:10+1:00", "1969-12-31", "1970-01-01T00:30:00+01:00",
        "25-11-29", "2025-11-29Z", "-5", "99999999999999999999",
    ])
    func refusesWhatIsNotATime(text: String) {
        #expect(UTCTime.interval(parsing: text) == nil)
    }
}
