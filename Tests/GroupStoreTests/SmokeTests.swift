import Testing
@testable import GroupStore

struct SmokeTests {
    @Test func lmdbErrorCarriesItsText() {
        let error = LMDBError(code: -30798, operation: "mdb_get")
        #expect(error.isNotFound)
        #expect(error.message.contains("not found"))
    }
}
