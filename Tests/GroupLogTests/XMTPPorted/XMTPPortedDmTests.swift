// Ported from XMTP's iOS SDK: sdks/ios/Tests/XMTPTests/DmTests.swift in xmtp/libxmtp
// (commit a53a97e), the tests of class DmTests about group and DM state:
//   testCanFindDmByInboxId,
//   testCanFindDmByAddress,
//   testCanCreateADm,
//   testCanCreateADmWithIdentity,
//   testCanListDmMembers,
//   testCannotStartDmWithSelf,
//   testCannotStartDmWithNonRegisteredIdentity.
// Only the client setup differs (XMTPPortFixtures.swift): the seven test bodies are XMTP's,
// unchanged. testCannotStartDmWithNonRegisteredIdentity's PrivateKey.generate() is the fixture's
// key, whose wallet address no inbox claims.
import GroupLog
import XCTest

@available(iOS 16, *)
class DmTests: XCTestCase {
	override func setUp() {
		super.setUp()
		setupLocalEnv()
	}

	// XMTP: DmTests.swift, DmTests.testCanFindDmByInboxId
	func testCanFindDmByInboxId() async throws {
		let fixtures = try await fixtures()

		let dm = try await fixtures.boClient.conversations.findOrCreateDm(
			with: fixtures.caroClient.inboxID
		)

		let caroDm = try await fixtures.boClient.conversations.findDmByInboxId(
			inboxId: fixtures.caroClient.inboxID
		)
		let alixDm = try await fixtures.boClient.conversations.findDmByInboxId(
			inboxId: fixtures.alixClient.inboxID
		)

		XCTAssertNil(alixDm)
		XCTAssertEqual(caroDm?.id, dm.id)
		try fixtures.cleanUpDatabases()
	}

	// XMTP: DmTests.swift, DmTests.testCanFindDmByAddress
	func testCanFindDmByAddress() async throws {
		let fixtures = try await fixtures()

		let dm = try await fixtures.boClient.conversations.findOrCreateDm(
			with: fixtures.caroClient.inboxID
		)

		let caroDm = try await fixtures.boClient.conversations.findDmByIdentity(
			publicIdentity: fixtures.caro.identity
		)
		let alixDm = try await fixtures.boClient.conversations.findDmByIdentity(
			publicIdentity: fixtures.alix.identity
		)

		XCTAssertNil(alixDm)
		XCTAssertEqual(caroDm?.id, dm.id)
		try fixtures.cleanUpDatabases()
	}

	// XMTP: DmTests.swift, DmTests.testCanCreateADm
	func testCanCreateADm() async throws {
		let fixtures = try await fixtures()

		let convo1 = try await fixtures.boClient.conversations.findOrCreateDm(
			with: fixtures.alixClient.inboxID
		)
		try await fixtures.alixClient.conversations.sync()
		let sameConvo1 = try await fixtures.alixClient.conversations
			.findOrCreateDm(with: fixtures.boClient.inboxID)
		XCTAssertEqual(convo1.id, sameConvo1.id)
		try fixtures.cleanUpDatabases()
	}

	// XMTP: DmTests.swift, DmTests.testCanCreateADmWithIdentity
	func testCanCreateADmWithIdentity() async throws {
		let fixtures = try await fixtures()

		let convo1 = try await fixtures.boClient.conversations
			.findOrCreateDmWithIdentity(
				with: fixtures.alix.identity
			)
		try await fixtures.alixClient.conversations.sync()
		let sameConvo1 = try await fixtures.alixClient.conversations
			.newConversationWithIdentity(with: fixtures.bo.identity)
		XCTAssertEqual(convo1.id, sameConvo1.id)
		try fixtures.cleanUpDatabases()
	}

	// XMTP: DmTests.swift, DmTests.testCanListDmMembers
	func testCanListDmMembers() async throws {
		let fixtures = try await fixtures()

		let dm = try await fixtures.boClient.conversations.findOrCreateDm(
			with: fixtures.alixClient.inboxID
		)
		let members = try await dm.members
		XCTAssertEqual(members.count, 2)

		let peer = try dm.peerInboxId
		XCTAssertEqual(peer, fixtures.alixClient.inboxID)
		try fixtures.cleanUpDatabases()
	}

	// XMTP: DmTests.swift, DmTests.testCannotStartDmWithSelf
	func testCannotStartDmWithSelf() async throws {
		let fixtures = try await fixtures()

		try await assertThrowsAsyncError(
			await fixtures.alixClient.conversations.findOrCreateDm(
				with: fixtures.alixClient.inboxID
			)
		)
		try fixtures.cleanUpDatabases()
	}

	// XMTP: DmTests.swift, DmTests.testCannotStartDmWithNonRegisteredIdentity
	func testCannotStartDmWithNonRegisteredIdentity() async throws {
		let fixtures = try await fixtures()
		let nonRegistered = try PrivateKey.generate()

		try await assertThrowsAsyncError(
			await fixtures.alixClient.conversations
				.findOrCreateDmWithIdentity(
					with: nonRegistered.identity
				)
		)
	}
}
