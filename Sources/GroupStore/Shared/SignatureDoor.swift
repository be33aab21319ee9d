import GroupCodec
import GroupCore

/// The signature checks every backend makes at its doors (SPEC section 14): ingest refuses a
/// commit whose signature does not verify before anything is written, and `verify` re-checks
/// every stored one. Nothing else verifies: a replay of a store's own log trusts the signatures
/// its doors checked (Ed25519 verification costs tens of microseconds a commit).
package enum SignatureDoor {
    /// Verifies the signature of every signed commit, before a write.
    /// - Throws: `ingestRefused` naming the first commit whose signature does not verify.
    package static func admit(_ commits: [Commit]) throws(StoreError) {
        for commit in commits where commit.signature != nil {
            do throws(SignatureError) {
                try commit.verifiedSigner()
            } catch {
                throw .ingestRefused(commit.groupID, sequence: commit.sequence, reason: reason(error))
            }
        }
    }

    /// What `verify` reports for a stored commit whose signature does not verify; nil when it is
    /// unsigned or its signature verifies.
    package static func problem(with commit: Commit) -> VerifyProblem? {
        guard commit.signature != nil else { return nil }
        do throws(SignatureError) {
            try commit.verifiedSigner()
            return nil
        } catch {
            return VerifyProblem(group: commit.groupID, sequence: commit.sequence, message: reason(error))
        }
    }

    private static func reason(_ error: SignatureError) -> String {
        "its signature does not verify with the key it names (\(error.publicKey)): the commit was changed after it was signed, "
            + "or another key made the signature"
    }
}
