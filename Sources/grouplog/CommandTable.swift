/// Every command of `grouplog`, each declared in its own file: the one list that the command
/// line, `grouplog help COMMAND` and the overview are made from.
enum CommandTable {
    static let commands: [Command] = [
        FixtureCommand.command,
        ReplayCommand.command,
        InitCommand.command,
        GroupsCommand.command,
        ImportCommand.command,
        ExportCommand.command,
        GenerateCommand.command,
        BenchCommand.command,
        SubmitCommand.command,
        DMCommand.command,
        LogCommand.command,
        StateCommand.command,
        VerifyCommand.command,
        RebuildCommand.command,
        IdentityCommand.command,
        KeyCommand.command,
        DirectoryCommand.command,
        MembersCommand.command,
        WatchCommand.command,
        CopyCommand.command,
        ReplicateCommand.command,
        AuditCommand.command,
        ExplainCommand.command,
        DiffCommand.command,
        WhatIfCommand.command,
        FieldsCommand.command,
        FieldCommand.command,
        UserDataCommand.command,
        ConfigCommand.command,
        HelpCommand.command,
    ]

    static func command(named name: String) -> Command? {
        commands.first { $0.name == name }
    }
}
