/// A connection URL as it may be shown: the password, wherever libpq would read one (the
/// user-info of a `postgresql://` URL, a `password` query parameter or key-value pair),
/// replaced by `***`, so that no error or log line carries it.
struct PGConnectionURL: Sendable {
    let raw: String

    init(_ raw: String) { self.raw = raw }

    /// The passwords written in the URL, for redacting them from server or library messages too.
    var passwords: [String] {
        var found: [String] = []
        if let userInfo = userInfoRange, let colon = raw[userInfo].firstIndex(of: ":") {
            found.append(String(raw[raw.index(after: colon)..<userInfo.upperBound]))
        }
        for range in passwordParameterRanges { found.append(String(raw[range])) }
        return found.filter { !$0.isEmpty }
    }

    var redacted: String {
        var text = raw
        // Right to left, so that earlier ranges stay valid.
        var ranges = passwordParameterRanges
        if let userInfo = userInfoRange, let colon = raw[userInfo].firstIndex(of: ":") {
            ranges.append(raw.index(after: colon)..<userInfo.upperBound)
        }
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) where !range.isEmpty {
            text.replaceSubrange(range, with: "***")
        }
        return text
    }

    /// `message` with every password of the URL replaced by `***`.
    func redacting(_ message: String) -> String {
        var text = message
        for password in passwords { text = text.replacing(password, with: "***") }
        return text
    }

    /// The `user:password` part of a URL, between the scheme and the last `@` of the authority.
    private var userInfoRange: Range<String.Index>? {
        guard let scheme = raw.firstRange(of: "://") else { return nil }
        let rest = raw[scheme.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return nil }
        return scheme.upperBound..<at
    }

    /// The values of `password=` parameters, in a URL's query or a key-value string.
    private var passwordParameterRanges: [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var searchFrom = raw.startIndex
        while let found = raw[searchFrom...].firstRange(of: "password=") {
            let before = found.lowerBound == raw.startIndex ? nil : raw[raw.index(before: found.lowerBound)]
            searchFrom = found.upperBound
            guard before == nil || before == "?" || before == "&" || before == " " else { continue }
            let end = raw[found.upperBound...].firstIndex { $0 == "&" || $0 == " " } ?? raw.endIndex
            ranges.append(found.upperBound..<end)
        }
        return ranges
    }
}
