extension Int {
    /// The number with a comma between each group of three digits: `1,200,000`.
    var grouped: String {
        var digits = String(magnitude)
        var result = ""
        while digits.count > 3 {
            result = "," + digits.suffix(3) + result
            digits.removeLast(3)
        }
        return (self < 0 ? "-" : "") + digits + result
    }
}

extension UInt64 {
    /// The number with a comma between each group of three digits.
    var grouped: String { Int(clamping: self).grouped }
}
