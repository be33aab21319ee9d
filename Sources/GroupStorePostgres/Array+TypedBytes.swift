extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body with a typed error (the standard one only rethrows `any Error`).
    func withBytes<T, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = withUnsafeBytes { raw in
            do throws(E) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
