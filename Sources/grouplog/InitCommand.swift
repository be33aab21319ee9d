/// `grouplog init`
enum InitCommand: CommandBody {
    static let command = Command(
        name: "init",
        overview: [OverviewEntry("init", summary: "create the store")],
        page: [.text("""
        Creates a store (an LMDB environment) in DIR, making the directory when needed, or
        with --store postgresql://... the GroupLog schema in that PostgreSQL database. Running
        it on an existing store changes nothing, except that a PostgreSQL schema of an older
        version is migrated to this build's (run it as the role that owns the tables; see
        docs/postgres.md).
        """)],
        action: .run(Self.self))

    static let usage = ["grouplog init [--store DIR]"]

    static func run(_ arguments: Arguments<NoOption>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("init takes no arguments") }
        _ = try store.open(create: true)
        streams.out("store ready at \(store.address)")
        return .success
    }
}
