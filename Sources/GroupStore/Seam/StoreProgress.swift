/// How far a long store operation (an import's ingest, `verify`, `rebuild`) has got: called
/// after each commit with the commits done so far and the total it will reach, so that a caller
/// can show a progress line. Called on the operation's own thread, inside its transaction: it
/// must be quick and must not use the store.
public typealias StoreProgress = (_ done: Int, _ total: Int) -> Void
