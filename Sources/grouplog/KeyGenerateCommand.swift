import GroupCodec

/// `grouplog key generate -o FILE`: writes a new private key file and prints its public key.
enum KeyGenerateCommand: CommandBody {
    static let usage = ["grouplog key generate -o FILE"]

    enum Option: String, CommandOption {
        case output = "-o|--output FILE"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("key generate takes no arguments but -o FILE") }
        guard let path = arguments.value(.output) else { throw UsageError("key generate needs -o FILE, the private key file to write") }
        guard !path.isEmpty else { throw UsageError("key generate needs a file name after -o") }
        // Standard output is where the public key goes: the private key never does.
        guard path != "-" else { throw UsageError("key generate writes the private key to a file, never to standard output") }
        let key = try Ed25519.PrivateKey.generate()
        try KeyFile.write(key, to: path)
        // The public half only: a script keeps it with `$(grouplog key generate -o alix.key)`.
        streams.out(key.publicKey.base64)
        return .success
    }
}
