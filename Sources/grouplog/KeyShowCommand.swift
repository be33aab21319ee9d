import GroupCodec

/// `grouplog key show FILE`: the public key of a private key file.
enum KeyShowCommand: CommandBody {
    static let usage = ["grouplog key show FILE"]

    typealias Option = NoOption

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let path = try arguments.onlyPositional("key show takes exactly one key file")
        let key = try KeyFile.reading(path, streams: &streams)
        streams.out(key.publicKey.base64)
        return .success
    }
}
