#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file (a fixture, a log, an operator configuration) whole, in bounded memory: a
/// file over its limit is refused from its size before a byte is read, and a pipe or a file that
/// grows is read only to one byte past the limit.
public enum InputFile {
    /// The bytes of the file at `path`, or of standard input for `-`.
    /// - Parameters:
    ///   - limit: the most bytes the file may hold.
    ///   - what: what the file is, for the error: "a fixture", "a configuration file".
    /// - Throws: ``FixtureError`` naming the file when it cannot be read or is over `limit`.
    public static func read(_ path: String, limit: Int, what: String) throws(FixtureError) -> [UInt8] {
        let isStandardInput = path == "-"
        let descriptor = isStandardInput ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, "cannot read the file") }
        defer { if !isStandardInput { close(descriptor) } }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, "cannot read the file") }
        if status.st_mode & S_IFMT == S_IFDIR { throw failure(path, "cannot read the file") }
        if status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) > limit {
            throw tooLarge(path, size: "\(status.st_size) bytes", limit: limit, what: what)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readSome(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot read the file")
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw tooLarge(path, size: "more than \(limit) bytes", limit: limit, what: what)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The error for bytes over `limit`, for a reader given them in memory.
    static func tooLarge(_ file: String?, size: String, limit: Int, what: String) -> FixtureError {
        FixtureError(file: file, path: "$", message: "\(size) is over the limit of \(limit) bytes (\(megabytes(limit))) for \(what)")
    }

    private static func failure(_ path: String, _ message: String) -> FixtureError {
        FixtureError(file: path == "-" ? "standard input" : path, path: "$", message: message)
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

/// `read(2)` under a name the enum's own `read` does not hide.
private func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
