/// How often each `Operation` comes in the everyday commits: a weight each, drawn in
/// proportion. `add=20,metadata=50` weighs adds 20 and metadata 50, and leaves out the rest.
public struct OperationMix: Equatable, Sendable, CustomStringConvertible {
    /// The weight of each operation; a missing one is 0.
    public private(set) var weights: [Operation: Int]

    /// The most one operation may weigh.
    public static let maximumWeight = 1_000

    /// Every operation, weighted as a busy group's traffic is: mostly messages' metadata and
    /// user data, membership churn, now and then roles, fields and the lifecycle.
    public static let standard = OperationMix(uncheckedWeights: [
        .add: 15, .remove: 12, .role: 10, .metadata: 25, .field: 10, .userdata: 20, .lifecycle: 8,
    ])

    private init(uncheckedWeights: [Operation: Int]) { weights = uncheckedWeights }

    /// Reads `add=20,remove=10,...`.
    /// - Throws: `RecipeProblem` naming `--mix`, for an unknown operation, a weight that is not a
    ///   whole number from 0 to 1000, an operation given twice, or weights that are all 0.
    public init(parsing text: String) throws(RecipeProblem) {
        var weights: [Operation: Int] = [:]
        let names = Operation.allCases.map(\.rawValue).joined(separator: ", ")
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw RecipeProblem("--mix takes OPERATION=WEIGHT,... (operations: \(names)), not \(String(entry).debugDescription)")
            }
            guard let operation = Operation(rawValue: String(parts[0])) else {
                throw RecipeProblem("--mix: unknown operation \(String(parts[0]).debugDescription); the operations are \(names)")
            }
            guard let weight = Int(parts[1]), (0...Self.maximumWeight).contains(weight) else {
                throw RecipeProblem("--mix: the weight of \(operation.rawValue) is a whole number from 0 to \(Self.maximumWeight), not \(String(parts[1]).debugDescription)")
            }
            guard weights.updateValue(weight, forKey: operation) == nil else {
                throw RecipeProblem("--mix: \(operation.rawValue) is given twice")
            }
        }
        guard weights.values.contains(where: { $0 > 0 }) else {
            throw RecipeProblem("--mix: at least one operation needs a weight above 0")
        }
        self.weights = weights
    }

    /// `add=15,remove=12,...` in the order of `Operation.allCases`, the weights of 0 left out.
    public var description: String {
        Operation.allCases.compactMap { operation in
            weights[operation].flatMap { $0 > 0 ? "\(operation.rawValue)=\($0)" : nil }
        }.joined(separator: ",")
    }

    /// An operation drawn in proportion to its weight.
    func draw(using random: inout SplitMix64) -> Operation {
        let total = Operation.allCases.reduce(0) { $0 + (weights[$1] ?? 0) }
        var point = random.below(total)
        for operation in Operation.allCases {
            let weight = weights[operation] ?? 0
            if point < weight { return operation }
            point -= weight
        }
        // Cannot be reached: a mix is the standard one or one `init(parsing:)` accepted, and both
        // have a weight above 0, so the draw lands inside one operation's weight.
        preconditionFailure("a mix has a weight above 0")
    }
}
