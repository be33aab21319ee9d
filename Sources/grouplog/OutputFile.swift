import Foundation
import GroupFixtures

/// Writing a command's output to a file, atomically: a failed write leaves no half file.
enum OutputFile {
    static func write(_ text: String, to path: String) throws(InputError) {
        try checkWritable(path)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw InputError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// The contents of a file, or of standard input for `-`, up to the size of the largest
    /// fixture (`FixtureReader.maximumFileSize`).
    static func read(_ path: String) throws(InputError) -> [UInt8] {
        do throws(FixtureError) {
            return try InputFile.read(path, limit: FixtureReader.maximumFileSize, what: "an input")
        } catch {
            throw InputError(error.description)
        }
    }
}
