@testable import GroupCore
import Testing

/// What a change costs to copy (issue 18): the fold copies each change it judges, and an enum is
/// as wide as its widest case, so the wide payloads are boxed. A wide case added unboxed fails here.
struct ChangeLayoutTests {
    @Test func aChangeTakesThirtyThreeBytes() {
        #expect(MemoryLayout<Change>.size == 33)
    }

    @Test func boxedCasesRoundTripTheirPayloads() {
        let create = CreateConversation(name: "boxed", memberLimit: 12)
        let change = Change.create(create)
        guard case let .create(unboxed) = change else {
            Issue.record("the change lost its case")
            return
        }
        #expect(unboxed == create)
        #expect(change != .create(CreateConversation(name: "other", memberLimit: 12)))
    }
}
