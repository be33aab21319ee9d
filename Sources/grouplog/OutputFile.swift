import Foundation

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

    /// The contents of a file, or of standard input for `-`.
    static func read(_ path: String) throws(InputError) -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError("cannot read \(path)") }
        return [UInt8](data)
    }
}
