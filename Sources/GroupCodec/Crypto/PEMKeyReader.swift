import CCrypto

/// Reads a private key from PEM through OpenSSL, telling apart why it cannot.
enum PEMKeyReader {
    /// The 32-byte seed of the Ed25519 private key in `pem`. The caller clears it after use.
    static func seed(of pem: [UInt8]) throws(PEMKeyProblem) -> [UInt8] {
        // Whatever fails, no reason is left in OpenSSL's error queue for a later call to find.
        defer { ERR_clear_error() }
        guard !pem.isEmpty else { throw .empty }
        // A memory BIO takes its length as an Int32; no key is anywhere near that long.
        guard pem.count <= Int(Int32.max) else { throw .noPrivateKey }
        var asked = false
        let key = withMemoryBIO(pem) { bio in
            withUnsafeMutablePointer(to: &asked) { flag in
                // A passphrase callback that gives none, and notes that one was wanted: without
                // it OpenSSL would prompt on the terminal for an encrypted key.
                PEM_read_bio_PrivateKey(bio, nil, { _, _, _, flag in
                    flag?.assumingMemoryBound(to: Bool.self).pointee = true
                    return -1
                }, flag)
            }
        }
        guard let key else { throw asked ? .encrypted : problem(of: pem) }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_get_id(key) == EVP_PKEY_ED25519 else { throw .notEd25519(typeName(of: key)) }
        var seed = [UInt8](repeating: 0, count: Ed25519.seedByteCount)
        var length = seed.count
        guard EVP_PKEY_get_raw_private_key(key, &seed, &length) == 1, length == seed.count else {
            seed.zeroize()
            throw .damaged(firstReason() ?? "OpenSSL gave back no seed")
        }
        return seed
    }

    /// Why OpenSSL found no private key in `pem`. Its key reader only says `unsupported`, so the
    /// PEM blocks are read again one by one (OpenSSL's `PEM_read_bio`, which names each block's
    /// type): a block that breaks off or does not decode, no private key block at all (but
    /// perhaps a public key's), or a private key block whose contents are no key.
    private static func problem(of pem: [UInt8]) -> PEMKeyProblem {
        ERR_clear_error()
        var names: [String] = []
        var broken: String?
        _ = withMemoryBIO(pem) { bio -> Void? in
            while true {
                var name: UnsafeMutablePointer<CChar>?, header: UnsafeMutablePointer<CChar>?
                var data: UnsafeMutablePointer<UInt8>?
                var length = 0
                guard PEM_read_bio(bio, &name, &header, &data, &length) == 1 else {
                    // No further block is the end; any other reason is a block that breaks off.
                    let code = ERR_peek_last_error()
                    if !(ERR_GET_LIB(code) == ERR_LIB_PEM && ERR_GET_REASON(code) == PEM_R_NO_START_LINE) {
                        broken = reasonText(code)
                    }
                    return nil
                }
                if let name { names.append(String(cString: name)) }
                CRYPTO_free(name, nil, 0)
                CRYPTO_free(header, nil, 0)
                // The decoded block may be the key itself: cleared before it is freed.
                CRYPTO_clear_free(data, length, nil, 0)
            }
        }
        ERR_clear_error()
        if let broken { return .damaged(broken) }
        if names.contains(where: { $0.hasSuffix("PRIVATE KEY") }) { return .damaged("no key OpenSSL can decode") }
        if names.contains("PUBLIC KEY") { return .publicKeyOnly }
        return .noPrivateKey
    }

    /// The key's algorithm as OpenSSL names it: `RSA`, `EC`, `ED448`.
    private static func typeName(of key: OpaquePointer) -> String {
        if let name = EVP_PKEY_get0_type_name(key) { return String(cString: name) }
        if let name = OBJ_nid2sn(EVP_PKEY_get_id(key)) { return String(cString: name) }
        return "unknown"
    }

    /// Runs `body` with a read-only memory BIO over `bytes`, freed afterwards.
    private static func withMemoryBIO<Result>(_ bytes: [UInt8], _ body: (OpaquePointer) -> Result?) -> Result? {
        bytes.withUnsafeBytes { buffer -> Result? in
            // A memory BIO over the caller's bytes: it copies nothing.
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }

    /// Every error code in OpenSSL's queue, oldest first; the queue is left empty.
    private static func errorQueue() -> [UInt] {
        var codes: [UInt] = []
        while case let code = ERR_get_error(), code != 0 { codes.append(code) }
        return codes
    }

    /// The reason of the oldest error in OpenSSL's queue, if any; the queue is left empty.
    private static func firstReason() -> String? {
        errorQueue().first.map(reasonText)
    }

    /// OpenSSL's fixed text for an error's reason (`bad end line`), which never holds input bytes.
    private static func reasonText(_ code: UInt) -> String {
        ERR_reason_error_string(code).map { String(cString: $0) } ?? "OpenSSL error \(ERR_GET_REASON(code))"
    }
}
