import CLMDB
import Testing
@testable import GroupStore

struct SmokeTests {
    @Test func lmdbErrorCarriesItsText() {
        let error = LMDBError(code: MDB_NOTFOUND, operation: "mdb_get")
        #expect(error.isNotFound)
        #expect(!error.isKeyExists)
        #expect(error.message == "MDB_NOTFOUND: No matching key/data pair found")
        #expect(error.description == "mdb_get: MDB_NOTFOUND: No matching key/data pair found (-30798)")
    }

    @Test func lmdbErrorNamesItsCodes() {
        #expect(LMDBError(code: MDB_KEYEXIST, operation: "mdb_put").isKeyExists)
        #expect(LMDBError(code: MDB_MAP_FULL, operation: "mdb_put").isMapFull)
        #expect(LMDBError(code: MDB_MAP_RESIZED, operation: "mdb_txn_begin").isMapResized)
        #expect(LMDBError(code: MDB_INVALID, operation: "mdb_env_open").isInvalidFile)
        // Codes LMDB does not name are errno values, and keep their system text.
        #expect(LMDBError(code: 2, operation: "mdb_env_open").message == "No such file or directory")
    }
}
