import Testing
@testable import grouplog

/// Runs a command that must be refused: it exits with `status`, prints `message` on standard
/// error and nothing on standard output, and leaves `group` of the store exactly as it was.
func expectRefusal(_ words: [String], status: Int32, message: String, store: String, group: String) {
    let before = grouplog("--store", store, "state", group, "--json").stdout
    let result = grouplog(["--store", store] + words)
    #expect(result.status.rawValue == status)
    #expect(result.stdout == "")
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    #expect(grouplog("--store", store, "state", group, "--json").stdout == before)
    #expect(grouplog("--store", store, "verify").status == .success)
}
