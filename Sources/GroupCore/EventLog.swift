/// The domain events a commit's changes produce, in order, or none when nobody reads them.
///
/// Folding a log to reach a state (a state read, an ingest) never looks at events, yet making
/// them cost an allocation or two a commit, and an inbox list copied per event (issue 18); a
/// log that does not record them builds none, since `append` takes the event unevaluated.
struct EventLog {
    let isRecording: Bool
    private(set) var events: [DomainEvent] = []

    init(recording: Bool) { isRecording = recording }

    mutating func append(_ event: @autoclosure () -> DomainEvent) {
        if isRecording { events.append(event()) }
    }
}
