import CCrypto

/// Private keys as PEM text (RFC 7468), the PKCS#8 `-----BEGIN PRIVATE KEY-----` block that
/// `openssl genpkey -algorithm ed25519` writes and reads: the format of key files. OpenSSL writes
/// and reads it; nothing here parses PEM or ASN.1.
extension Ed25519.PrivateKey {
    /// The key as an unencrypted PKCS#8 PEM block, as `openssl genpkey -algorithm ed25519` writes
    /// it. The bytes hold the seed: write them to a file only a key's owner can read, and keep
    /// them out of every output and log.
    ///
    /// Stops the process if OpenSSL itself fails (it cannot allocate a buffer): a valid key has
    /// no other way to fail, and no other bytes could stand in.
    public func pem() -> [UInt8] {
        // A secure-memory BIO clears its buffer when it is freed, so no copy of the key is left
        // in freed memory but the array returned.
        guard let bio = BIO_new(BIO_s_secmem()) else { fatalError("OpenSSL could not allocate a memory BIO") }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, handle, nil, nil, 0, nil, nil) == 1 else {
            fatalError("OpenSSL could not write an Ed25519 key as PEM: \(Ed25519Error.fromOpenSSL("writing PEM"))")
        }
        var start: UnsafeMutablePointer<CChar>?
        // BIO_get_mem_data, a macro Swift does not import.
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &start)
        guard let start, length > 0 else { fatalError("OpenSSL wrote no PEM for an Ed25519 key") }
        return Array(UnsafeRawBufferPointer(start: start, count: length))
    }

    /// The key of a PEM private key block, as ``pem()`` and `openssl genpkey -algorithm ed25519`
    /// write it.
    /// - Throws: ``Ed25519Error`` when `pem` holds no PEM private key, a damaged or encrypted
    ///   one, or a key of another type (RSA, EC, Ed448). The error never quotes the bytes.
    public convenience init(pem: [UInt8]) throws(Ed25519Error) {
        var seed: [UInt8]
        do {
            seed = try PEMKeyReader.seed(of: pem)
        } catch {
            throw Ed25519Error(operation: "reading a PEM private key", detail: "the text \(error)")
        }
        defer { seed.zeroize() }
        try self.init(seed: seed)
    }
}

extension [UInt8] {
    /// Overwrites every byte with zero: for buffers that held a key, once they are done with.
    mutating func zeroize() {
        for index in indices { self[index] = 0 }
    }
}
