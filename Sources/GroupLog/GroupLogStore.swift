import GroupBackends
import GroupStore
import Synchronization

/// A GroupLog store opened for an app: the entry point of the library.
///
/// Open one per path and process, share it between tasks, and make a `Conversations` for each
/// acting inbox with `conversations(as:)`.
///
/// Calls are `async` but run the store's synchronous calls on the caller's thread. That keeps
/// LMDB's rule that a write transaction begins and commits on one thread: the store's `submit`
/// never suspends, and a thread waiting in it is either the one running the shared write
/// transaction from its `begin` to its `commit`, or one blocked until that thread has
/// committed its submit (group commit). No transaction ever spans an `await`.
public final class GroupLogStore: Sendable {
    /// The store's directory, or its URL with the password hidden.
    public let path: String
    /// How the store was opened.
    public let options: Options
    /// Nil once closed. Calls in flight keep their own reference, so the environment closes
    /// when the last of them returns.
    private let store: Mutex<(any GroupLogStorage)?>

    /// Opens the LMDB store in the directory `path`, creating it when `options.create` is set.
    /// - Throws: `GroupLogError.invalidArgument` for bad options, `GroupLogError.store` when
    ///   the store cannot be opened.
    public convenience init(path: String, options: Options = Options()) throws(GroupLogError) {
        guard !path.isEmpty else { throw .invalidArgument("the store path is empty") }
        try self.init(address: .lmdb(directory: path), options: options)
    }

    /// Opens the store `url` names: a `postgresql://` URL for a PostgreSQL database (the log
    /// shared by many machines), or else the directory of an LMDB store, as `init(path:)`.
    /// - Throws: `GroupLogError.invalidArgument` for bad options, `GroupLogError.store` when
    ///   the store cannot be opened (a URL's password never appears in the error).
    public convenience init(url: String, options: Options = Options()) throws(GroupLogError) {
        guard !url.isEmpty else { throw .invalidArgument("the store URL is empty") }
        try self.init(address: StoreAddress(url), options: options)
    }

    private init(address: StoreAddress, options: Options) throws(GroupLogError) {
        path = address.description
        self.options = options
        let storeOptions = try options.storeOptions()
        do throws(StoreError) {
            store = Mutex(try address.open(storeOptions))
        } catch {
            throw GroupLogError(error)
        }
    }

    /// Closes the store; every later call throws `GroupLogError.closed`. Closing twice is harmless.
    public func close() {
        store.withLockVisibleToTSan { $0 = nil }
    }

    /// Whether `close()` was called.
    public var isClosed: Bool {
        store.withLockVisibleToTSan { $0 == nil }
    }

    /// The conversations as `inbox` sees and writes them, unsigned.
    public func conversations(as inbox: InboxID) -> Conversations {
        Conversations(store: self, inboxId: inbox)
    }

    /// The conversations as `inbox` sees and writes them, every commit signed with `key` (SPEC
    /// section 14). Claim the key's public half for the inbox first (`claim(key:for:)`), so that
    /// the groups the inbox creates or joins record it.
    public func conversations(as inbox: InboxID, signingWith key: SigningKey) -> Conversations {
        Conversations(store: self, inboxId: inbox, signingKey: key)
    }

    /// The conversations as the inbox with this ID text sees and writes them.
    /// - Throws: `GroupLogError.invalidArgument` when the text is not an inbox ID.
    public func conversations(as inboxId: String) throws(GroupLogError) -> Conversations {
        conversations(as: try InboxID(checking: inboxId))
    }

    /// The open store.
    /// - Throws: `GroupLogError.closed` after `close()`.
    func open() throws(GroupLogError) -> any GroupLogStorage {
        guard let open = store.withLockVisibleToTSan({ $0 }) else { throw .closed }
        return open
    }

    /// Records that `inbox` claims `identity` (a handle or an account), so that `addMembers` can
    /// name the inbox by it and `members()` shows its handles. Claiming one it already holds
    /// changes nothing.
    /// - Throws: `GroupLogError.store` (`identityClaimed`) when another inbox holds it.
    public func claim(_ identity: PublicIdentity, for inbox: InboxID) async throws(GroupLogError) {
        let identity = try identity.checked()
        try reading { store throws(StoreError) in try store.claim(identity, for: inbox) }
    }

    /// Records that `inbox` signs with `key` (SPEC section 14): a group that makes the inbox a
    /// member from now on records the key for it. Claiming a key it holds changes nothing.
    /// - Throws: `GroupLogError.store` (`signingKey`) when another inbox holds or held the key,
    ///   or it was revoked.
    public func claim(key: PublicKey, for inbox: InboxID) async throws(GroupLogError) {
        try reading { store throws(StoreError) in try store.claim(key: key, for: inbox) }
    }

    /// Revokes `inbox`'s `key` in the directory: no group records it for the inbox from now on,
    /// and no inbox may claim it again. Groups that recorded it keep it until the member removes
    /// it (`Group.updateSigningKeys(add:remove:)`): a log never consults the directory.
    /// - Throws: `GroupLogError.store` (`signingKey`) when the inbox never held the key.
    public func revoke(key: PublicKey, of inbox: InboxID) async throws(GroupLogError) {
        try reading { store throws(StoreError) in try store.revoke(key: key, of: inbox) }
    }

    /// Every signing key `inbox` claimed, revoked ones included, oldest first.
    public func signingKeys(of inbox: InboxID) async throws(GroupLogError) -> [SigningKeyClaim] {
        try reading { store throws(StoreError) in try store.keyClaims(of: inbox) }
    }

    /// Runs one store call, lifting its error.
    func reading<T>(_ body: (any GroupLogStorage) throws(StoreError) -> T) throws(GroupLogError) -> T {
        let open = try open()
        do throws(StoreError) {
            return try body(open)
        } catch {
            throw GroupLogError(error)
        }
    }

    /// Submits `changes` to `group` as `actor`, stamped with the clock.
    ///
    /// Concurrent writers read the clock before their turn in the write order, so a writer can
    /// hold a time earlier than a commit that got in first. The reducer rejects that commit
    /// (`timeWentBackwards`, nothing written) and it is retried at the later time: times stay
    /// monotonic without a lock around clock and submit.
    /// - Parameter expectedSequence: the sequence the commit must take; another writer that got
    ///   there first makes it `sequenceConflict` (nil takes the next one).
    /// - Throws: `GroupLogError.rejected` when the reducer refuses it (nothing written);
    ///   `GroupLogError.store(.sequenceConflict)` when the log moved past `expectedSequence`.
    @discardableResult
    func submit(
        to group: GroupID, actor: InboxID, changes: [Change], expectedSequence: UInt64? = nil, signingKey: SigningKey? = nil
    ) throws(GroupLogError) -> CommitReceipt {
        // An identity made by XMTPiOS's unchecked initializer must not reach a commit.
        for change in changes {
            for identity in change.namedIdentities { _ = try identity.checked() }
        }
        let open = try open()
        var time = options.now()
        var attempts = 0
        while true {
            do throws(StoreError) {
                let submitted = try open.submit(
                    to: group, actor: actor, time: time, changes: changes, expectedSequence: expectedSequence,
                    signingKey: signingKey?.privateKey)
                return CommitReceipt(sequence: submitted.commit.sequence, time: submitted.commit.time)
            } catch {
                attempts += 1
                if case let .rejected(rejection) = error, case let .timeWentBackwards(_, last) = rejection.reason,
                   attempts < 16 {
                    time = max(options.now(), last)
                    continue
                }
                throw GroupLogError(error)
            }
        }
    }
}
