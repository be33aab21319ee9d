import Foundation

extension OutputFile {
    /// Refuses, before any work is done, a path an output file cannot be written to: a
    /// directory, or a file whose folder is missing or not writable. The write itself stays
    /// atomic (a temporary file in that folder, then a rename), so this only saves a long run
    /// from failing at its end.
    static func checkWritable(_ path: String) throws(InputError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw InputError("cannot write \(path): it is a directory")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError("cannot write \(path): the directory \(folder) does not exist")
        }
        guard manager.isWritableFile(atPath: folder) else {
            throw InputError("cannot write \(path): the directory \(folder) is not writable")
        }
    }

    /// Refuses an output path that names the input file: a tool that reads a fixture must not
    /// replace it with what it made of it.
    static func refuseOverwriting(_ input: String, with output: String) throws(InputError) {
        func canonical(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        if canonical(input) == canonical(output) {
            throw InputError("cannot write \(output): it is the input file; give another output path")
        }
    }
}
