import GroupCore
import GroupGenerator

/// `grouplog generate [RECIPE] (-o FILE | --group G [--store DIR])`
enum GenerateCommand: CommandBody {
    static let command = Command(
        name: "generate",
        overview: [OverviewEntry("generate -o FILE | --group G", summary: "make a synthetic log from a seed, as a fixture or into the store")],
        page: [
            .text("""
            Makes a deterministic synthetic log of one group: commit 0 creates it (its owner the
            only super admin), the next commits add the members in batches, and the rest are
            everyday traffic drawn from the mix, a share of it made to be rejected. Every commit
            is judged by the reducer as it is made. The same options give the same bytes on
            every machine.

            With -o FILE (or --output FILE) the log is written as a fixture: each commit with its
            outcome as its expectation and the final state as the top-level expectation, so
            'grouplog fixture run FILE' passes, and another implementation can run it as a
            conformance vector. A fixture holds at most 64 MiB (a few hundred thousand members);
            larger logs go into a store. With --group G the commits are ingested straight into the
            store (created when missing), in batches of up to 1,000, each one write; the store
            judges each again and the command stops if it judges one otherwise.
            """),
            .options,
            .text("""
            The mix's operations: add (a member adds 1 to 3 inboxes, new or former), remove (the
            owner removes 1 to 3 members), role (admin granted or taken back, moderator,
            observer, member), metadata (name, description, image URL, app data), field
            (ANNOUNCEMENT, WELCOME_MESSAGE, GROUP_PREFERENCES), userdata (USER_DISPLAY_NAME),
            lifecycle (an invite link made, someone joining through it, a mute set or lifted).
            Rejected commits add an existing member, have a member grant admin, give a name
            that is too long, go back in time, or remove someone who never was a member.

            Ctrl-C stops it cleanly: with -o nothing is written; with --group the batch in
            hand is dropped and the message says which commits the group holds, every batch
            whole. A progress line (count, rate, time left) is drawn on standard error when it
            is a terminal, or with --progress.

            Exit status: 0; 2 when the group exists or FILE cannot be written; 3 when the store
            fails; 5 when the store judges a commit otherwise than the generator; 64 for an
            option outside its range; 130 when interrupted.
            """),
        ],
        action: .run(Self.self))

    static let usage = [
        "grouplog generate [--seed N] [--members N] [--commits N] [--batch N] [--ids STYLE]",
        "         [--mix OP=W,...] [--rejected PERCENT] [--member-limit N] [--progress]",
        "         (-o FILE | --group G [--store DIR])",
    ]

    enum Option: CaseIterable, CommandOption {
        case seed, members, commits, batch, ids, mix, rejected, memberLimit, output, group, progress

        var declaration: OptionDeclaration {
            switch self {
            case .seed: .value("--seed", "N", help: "the seed of every choice (default 1)")
            case .members: .value("--members", "N", help: "members the group grows to, its owner included: 1 to 10000000 (default 1000)")
            case .commits: .value("--commits", "N", help: "commits in all, the growing ones included (default 10000)")
            case .batch: .value("--batch", "N", help: "inboxes each growing addMembers adds: 1 to 100000 (default 1000)")
            case .ids: .value("--ids", "STYLE", help: "short (m0, m1, ...) or xmtp (64 hex digits) (default short)")
            case .mix: .value("--mix", "OP=W,...", help: "weights of the everyday operations (default \(OperationMix.standard))")
            case .rejected: .value("--rejected", "PERCENT", help: "share of everyday commits made to be rejected: 0 to 100 (default 5)")
            case .memberLimit: .value("--member-limit", "N", help: "the group's member limit: at least --members (default --members + 1%, at least + 1000)")
            case .output: .value("-o", "FILE", alias: "--output", help: "write the log as a fixture to FILE")
            case .group: .value("--group", "G", help: "ingest the log into the store as group G")
            case .progress: .flag("--progress", help: "draw the progress line on standard error even when it is no terminal")
            }
        }
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        guard arguments.positionals.isEmpty else { throw UsageError("generate takes no arguments besides its options") }
        var recipe = try GenerateRecipe.read(arguments)
        let progress = ProgressLine("generate", total: recipe.commits, shown: ProgressLine.shown(requested: arguments.flag(.progress), streams: streams))
        switch (arguments.value(.output), arguments.value(.group)) {
        case (nil, nil): throw UsageError("generate needs -o FILE (a fixture) or --group G (into the store)")
        case (.some, .some): throw UsageError("generate takes -o FILE or --group G, not both")
        case let (file?, nil):
            return try GeneratedFixture.write(recipe, to: file, progress: progress, streams: &streams)
        case let (nil, group?):
            recipe.group = try CommandValues.group(group)
            return try GeneratedIngest.run(recipe, into: store, progress: progress, streams: &streams)
        }
    }
}
