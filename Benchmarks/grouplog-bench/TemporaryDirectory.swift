#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under `$TMPDIR` (or /tmp) for one store or LMDB environment, deleted with
/// its files by `remove()` (or, as a last resort, when it goes away).
final class TemporaryDirectory {
    let path: String
    private var isRemoved = false

    init(label: String) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/grouplog-bench-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else {
            exitWithMessage("cannot make a temporary directory under \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    deinit { remove() }

    /// Deletes the files in the directory, then the directory (LMDB makes no subdirectories).
    func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(path)
    }

    /// The size in bytes of the file `name` inside the directory; 0 when there is none.
    func size(of name: String) -> Int {
        var status = stat()
        return stat(path + "/" + name, &status) == 0 ? Int(status.st_size) : 0
    }
}
