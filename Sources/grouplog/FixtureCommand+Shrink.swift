import GroupAudit
import GroupCodec
import GroupCore

extension FixtureCommand {
    /// `grouplog fixture shrink FIXTURE -o FILE`
    static func shrink(_ words: [String], streams: inout some Streams) throws -> ExitStatus {
        let arguments = try Arguments(words, valued: ["-o", "--output"])
        guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
            throw UsageError("fixture shrink takes exactly one fixture file")
        }
        let output = try outputPath(arguments, for: "shrink")
        let shrinker: FixtureShrinker
        do throws(FixtureError) {
            shrinker = try FixtureShrinker(try FixtureFiles.contents(of: file), file: file, groupID: FixtureFiles.groupID(for: file))
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
        try OutputFile.write(shrunk.text, to: output)
        let difference = shrunk.difference.map { "; first difference: \($0)" } ?? ""
        streams.out("shrunk \(shrunk.before) to \(shrunk.after)\(difference)")
        streams.out("wrote \(output)")
        return .success
    }
}
