import GroupCore
import GroupFixtures

/// `grouplog config check FILE`, and the reading of an operator configuration that `submit`
/// and `dm` share.
enum ConfigCommand {
    static let command = Command(
        name: "config",
        overview: [OverviewEntry("config check FILE", summary: "validate an operator configuration (TOML or JSON)")],
        page: [.text("""
        Validates an operator configuration (TOML, or JSON for a .json file) and prints the
        fields it defines. A syntax error names the file, line and column; a semantic error the
        file, the entry and the reason.

        Exit status: 0 when valid, 2 when not.
        """)],
        action: .subcommands([Command.Subcommand(name: "check", body: ConfigCheckCommand.self)]))

    /// Reads and checks a configuration file, TOML or (for `.json`) JSON.
    static func load(_ path: String) throws -> OperatorConfiguration {
        do {
            return try ConfigurationReader.read(contentsOf: path)
        } catch {
            throw InputError(error.description)
        }
    }
}
