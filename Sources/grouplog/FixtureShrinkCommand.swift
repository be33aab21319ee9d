import GroupAudit
import GroupCore
import GroupFixtures

/// `grouplog fixture shrink FIXTURE -o FILE`
enum FixtureShrinkCommand: CommandBody {
    static let usage = ["grouplog fixture shrink FIXTURE -o FILE"]

    enum Option: String, CommandOption {
        case output = "-o|--output FILE"
    }

    static func run(_ arguments: Arguments<Option>, store: StoreLocation, streams: inout some Streams) throws -> ExitStatus {
        let file = try arguments.onlyPositional("fixture shrink takes exactly one fixture file")
        let output = try FixtureCommand.outputPath(arguments.value(.output), for: "shrink")
        try OutputFile.refuseOverwriting(file, with: output)
        try OutputFile.checkWritable(output)
        let shrinker: FixtureShrinker
        do throws(FixtureError) {
            shrinker = try FixtureShrinker(try FixtureFile.contents(of: file), file: file, groupID: FixtureFile.groupID(for: file))
        } catch {
            throw InputError(error.description)
        }
        let shrunk: ShrunkFixture
        do throws(FixtureShrinkError) {
            shrunk = try shrinker.shrink()
        } catch {
            streams.err("grouplog: \(file): \(error)")
            return .expectationsNotMet
        }
        // `fixture run` runs the file under its own name's group ID: check it fails there too.
        let rerun = try? FixtureRunner.run(FixtureReader.read(Array(shrunk.text.utf8)), groupID: FixtureFile.groupID(for: output))
        guard let rerun, rerun.difference == shrunk.difference else {
            streams.err("grouplog: \(file): the smaller fixture does not fail the same way as \(output) (its group ID "
                + "changes the state hash); nothing was written")
            return .expectationsNotMet
        }
        try OutputFile.write(shrunk.text, to: output)
        let difference = shrunk.difference.map { "; first difference: \($0)" } ?? ""
        streams.out("shrunk \(shrunk.before) to \(shrunk.after)\(difference)")
        streams.out("wrote \(output)")
        return .success
    }
}
