/// A key as written in a TOML document: one or more segments joined by dots (`a."b c".d`), each
/// with the byte offset where it starts, so an error can point at the segment that caused it.
struct TOMLKey {
    /// The segments in order; never empty.
    var segments: [String]
    /// The byte offset of each segment's first character (its quote, when quoted).
    var offsets: [Int]

    /// How messages show a key path: bare segments as written, others as basic strings, so
    /// the text can be pasted back into the file.
    static func display(_ path: [String]) -> String {
        path.map { segment in
            let isBare = !segment.isEmpty && segment.utf8.allSatisfy(TOMLByte.isBareKey)
            return isBare ? segment : JSONWriter.quoted(segment)
        }.joined(separator: ".")
    }
}
