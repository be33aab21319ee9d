import GroupCodec

/// `grouplog key show FILE`: the public key of a private key file.
enum KeyShowCommand: CommandBody {
    static let usage = ["grouplog key show FILE"]

    typealias Option = NoOption

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let path = try arguments.onlyPositional("key show takes exactly one key file")
        let file = try KeyFile(contentsOf: path)
        if let warning = file.warning { streams.err("grouplog: warning: \(warning)") }
        streams.out(file.key.publicKey.base64)
        return .success
    }
}
