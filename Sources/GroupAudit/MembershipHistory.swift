/// The member and admin counts over a whole log, downsampled as they stream in so that a chart
/// of a log of any length has at most ``capacity`` points.
///
/// It keeps every `stride`-th sample; when the kept samples fill up, it drops every other one
/// and doubles the stride. So the kept samples stay evenly spaced, memory stays bounded, and
/// the cost per sample is constant (amortised) without knowing the log's length in advance.
public struct MembershipHistory: Equatable, Sendable {
    /// The most points ``points`` returns.
    public let capacity: Int
    private var kept: [MembershipSample] = []
    private var stride = 1
    private var seen = 0
    private var last: MembershipSample?
    /// The highest member count of any sample, kept or not.
    public private(set) var peakMembers = 0
    /// The highest admin count of any sample, kept or not.
    public private(set) var peakAdmins = 0

    /// - Parameter capacity: the most points to chart; a smaller value than 2 is taken as 2, so
    ///   that the first and last samples always fit.
    public init(capacity: Int = 1_000) {
        self.capacity = max(2, capacity)
    }

    /// Takes the sample after the next commit.
    public mutating func add(_ sample: MembershipSample) {
        if seen % stride == 0 {
            kept.append(sample)
            if kept.count >= capacity { thin() }
        }
        seen += 1
        last = sample
        peakMembers = max(peakMembers, sample.members)
        peakAdmins = max(peakAdmins, sample.admins)
    }

    /// The samples added.
    public var sampleCount: Int { seen }

    /// The points to chart, in order: evenly spaced samples, always ending with the last one.
    public var points: [MembershipSample] {
        guard let last, kept.last != last else { return kept }
        return kept + [last]
    }

    private mutating func thin() {
        var index = 0
        kept.removeAll { _ in
            defer { index += 1 }
            return index % 2 == 1
        }
        stride *= 2
    }
}
