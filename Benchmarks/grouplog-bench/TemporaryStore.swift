import GroupStore

/// A GroupLog store (the LMDB backend) in a fresh temporary directory. Each `open()` opens it
/// anew; close it by letting go of the store before opening the directory again (LMDB allows one
/// environment per directory per process). `remove()` deletes it.
final class TemporaryStore {
    let directory: TemporaryDirectory
    let options: StoreOptions

    init(label: String, options: StoreOptions) {
        directory = TemporaryDirectory(label: label)
        var options = options
        options.create = true
        self.options = options
    }

    var path: String { directory.path }

    /// The size of the store's `data.mdb` in bytes.
    var dataSize: Int { directory.size(of: "data.mdb") }

    /// Opens the store, the one place the benchmarks name the LMDB backend.
    func open() -> any GroupLogStorage {
        orExit("open a store in \(path)") { try GroupStore(path: path, options: options) }
    }

    func remove() { directory.remove() }
}
