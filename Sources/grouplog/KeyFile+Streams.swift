import GroupCodec

extension KeyFile {
    /// The private key in the key file at `path`, its permission warning (a file others may read
    /// or write) printed on standard error; the key itself is never printed.
    /// - Throws: `KeyFileError` naming the path.
    static func reading(_ path: String, streams: inout some Streams) throws -> Ed25519.PrivateKey {
        let file = try KeyFile(contentsOf: path)
        if let warning = file.warning { streams.err("grouplog: warning: \(warning)") }
        return file.key
    }
}
