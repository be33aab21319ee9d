import GroupCore
import GroupTestSupport
import Testing

/// SPEC section 1: inbox and group IDs are 1 to 128 bytes of printable ASCII without spaces;
/// public identities are 1 to 256 bytes.
struct IdentifierTests {
    static let valid = ["a", "alix", "0x1234abcd", "~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./", String(repeating: "x", count: 128)]
    static let invalid = ["", " ", "al ix", "alix\n", "tab\there", "\u{7F}", "é", "caf\u{E9}", String(repeating: "x", count: 129)]

    @Test(arguments: valid)
    func validIdentifiersAreAccepted(_ text: String) throws {
        #expect(try InboxID(text).rawValue == text)
        #expect(try GroupID(text).rawValue == text)
    }

    @Test(arguments: invalid)
    func invalidIdentifiersAreRefused(_ text: String) {
        #expect(throws: IdentifierProblem.self) { try InboxID(text) }
        #expect(throws: IdentifierProblem.self) { try GroupID(text) }
    }

    @Test func theProblemIsNamed() {
        #expect(throws: IdentifierProblem.empty) { try InboxID("") }
        #expect(throws: IdentifierProblem.tooLong(bytes: 129, limit: 128)) { try InboxID(String(repeating: "x", count: 129)) }
        #expect(throws: IdentifierProblem.notPrintableASCII(offset: 2)) { try InboxID("al ix") }
    }

    @Test func publicIdentitiesAreOneTo256Bytes() throws {
        #expect(try PublicIdentity(.handle, String(repeating: "h", count: 256)).value.utf8.count == 256)
        #expect(try PublicIdentity(.account, "é").value == "é")
        #expect(throws: IdentifierProblem.empty) { try PublicIdentity(.handle, "") }
        #expect(throws: IdentifierProblem.tooLong(bytes: 257, limit: 256)) { try PublicIdentity(.account, String(repeating: "a", count: 257)) }
        // 128 two-byte characters and one more: 258 bytes.
        #expect(throws: IdentifierProblem.self) { try PublicIdentity(.handle, String(repeating: "é", count: 129)) }
    }
}
