import Foundation

/// Finding the fixture files that `fixture run` is given, in files and directories.
enum FixturePaths {
    /// The fixture files a list of paths names: files as given, directories searched for
    /// `.json` files, each directory's files in name order.
    static func expand(_ paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError("\(path): no such file or directory")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".json") }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            files.append(contentsOf: found)
        }
        return files
    }
}
