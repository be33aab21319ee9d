import GroupCore
import GroupTestSupport
import Testing

/// `reducer.lookupFloor` times ``GroupState/namedMemberLookups(of:)`` as the floor under a
/// fold: it must look up the actor and every inbox the commit's changes name, each once, and
/// find what the roster holds (its sum of ordinals says which were found).
struct NamedMemberLookupsTests {
    @Test func itLooksUpTheActorAndEveryNamedInbox() throws {
        // Ordinals: alix 0, bo 1, caro 2, davon 3.
        let group = TestGroup(.alix, CreateConversation(members: [.bo, .caro, .davon]))
        let state = try #require(group.state)
        #expect(state.member(.davon)?.ordinal == 3)
        var builder = group.builder
        let removal = builder.commit(.bo, .remove(.caro), .addAdmin(.davon))
        #expect(state.namedMemberLookups(of: removal) == 1 + 2 + 3)
        let alone = builder.commit(.davon, .requestRemoval)
        #expect(state.namedMemberLookups(of: alone) == 3)
        // An inbox with no record counts 1, an actor with none 0.
        let strangers = builder.commit(.eri, .add(.gus))
        #expect(state.namedMemberLookups(of: strangers) == 1)
    }
}
