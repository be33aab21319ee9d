// The client setup for the tests ported from XMTP's iOS SDK (sdks/ios/Tests/XMTPTests/ in
// xmtp/libxmtp). It stands in for XMTPTestHelpers' `Fixtures`, `fixtures()` and `setupLocalEnv()`
// (sdks/ios/Sources/XMTPTestHelpers/TestHelpers.swift) and for `assertThrowsAsyncError`
// (sdks/ios/Tests/XMTPTests/GroupTests.swift), with the same names, so that the ported test
// bodies read as XMTP wrote them. This file is the only place the ports differ in setup:
// XMTP makes four clients on a local node; here the four inboxes share one temporary
// `GroupLogStore`, and each "client" is that store's `Conversations` for one inbox.
import Foundation
import GroupLog
import XCTest

/// XMTP's test key (a random Ethereum key) reduced to what the ported tests read from it: a wallet
/// address and the public identity that names it. `generate()` makes one that no inbox claims,
/// like a key that never registered on the network.
struct PrivateKey: Sendable {
    /// "0x" and 40 hex digits, random.
    let walletAddress: String

    /// The account identity for `walletAddress` (XMTP: `PublicIdentity(kind: .ethereum, ...)`).
    var identity: PublicIdentity {
        PublicIdentity(kind: .ethereum, identifier: walletAddress)
    }

    static func generate() throws -> PrivateKey {
        let hex = (0 ..< 20).map { _ in String(format: "%02x", UInt8.random(in: 0 ... 255)) }.joined()
        return PrivateKey(walletAddress: "0x" + hex)
    }
}

/// One inbox's view of the store, shaped like the parts of XMTP's `Client` the tests use.
struct XMTPPortClient: Sendable {
    /// The inbox ID as text (XMTP: `Client.inboxID`, an `InboxId`, which is a `String`).
    let inboxID: String
    /// Its conversations (XMTP: `Client.conversations`).
    let conversations: Conversations
}

/// XMTP's `Fixtures`: alix, bo, caro and davon, each with a key and a client. The clients share one
/// temporary store; each inbox has claimed its key's wallet address as an account identity, as
/// creating an XMTP client registers the wallet with its inbox.
final class XMTPPortFixtures: @unchecked Sendable {
    let alix: PrivateKey
    let alixClient: XMTPPortClient
    let bo: PrivateKey
    let boClient: XMTPPortClient
    let caro: PrivateKey
    let caroClient: XMTPPortClient
    let davon: PrivateKey
    let davonClient: XMTPPortClient

    /// The shared store and its directory.
    let store: GroupLogStore
    let directory: URL

    init() async throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("grouplog-xmtp-\(UUID().uuidString)", isDirectory: true)
        let clock = CountingClock()
        let store = try GroupLogStore(path: directory.path, options: .init(create: true, now: clock.now))
        self.store = store
        func client(_ name: String, _ key: PrivateKey) async throws -> XMTPPortClient {
            let inbox = try InboxID(name)
            try await store.claim(key.identity, for: inbox)
            return XMTPPortClient(inboxID: inbox.rawValue, conversations: store.conversations(as: inbox))
        }
        alix = try PrivateKey.generate()
        bo = try PrivateKey.generate()
        caro = try PrivateKey.generate()
        davon = try PrivateKey.generate()
        alixClient = try await client("alix", alix)
        boClient = try await client("bo", bo)
        caroClient = try await client("caro", caro)
        davonClient = try await client("davon", davon)
    }

    /// Closes the store and deletes its directory (XMTP: deletes each client's local database).
    func cleanUpDatabases() throws {
        store.close()
        if FileManager.default.fileExists(atPath: directory.path) {
            try FileManager.default.removeItem(at: directory)
        }
    }

    deinit {
        // Some of XMTP's tests never call cleanUpDatabases(); leave no directory behind.
        store.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

extension XCTestCase {
    /// XMTP points its clients at a local node here; GroupLog has no network, so nothing to do.
    func setupLocalEnv() {}

    /// A fresh store with XMTP's four test inboxes (XMTP: four clients on the local node).
    func fixtures() async throws -> XMTPPortFixtures {
        try await XMTPPortFixtures()
    }
}

/// XMTP's helper from GroupTests.swift: fails the test when `expression` returns. Unchanged but
/// for `any Error`, which this package's ExistentialAny setting requires.
func assertThrowsAsyncError(
    _ expression: @autoclosure () async throws -> some Any,
    _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath,
    line: UInt = #line,
    _ errorHandler: (_ error: any Error) -> Void = { _ in }
) async {
    do {
        _ = try await expression()
        // expected error to be thrown, but it was not
        let customMessage = message()
        if customMessage.isEmpty {
            XCTFail(
                "Asynchronous call did not throw an error.", file: file,
                line: line
            )
        } else {
            XCTFail(customMessage, file: file, line: line)
        }
    } catch {
        errorHandler(error)
    }
}
