extension Roster {
    /// One place in a roster's entries: a record, or the ghost a record left when it moved to
    /// the end with a new ordinal. A ghost keeps its ordinal, so that the entries stay sorted
    /// by it.
    ///
    /// A record loaded from a snapshot stays packed, its inbox and adder numbers into the
    /// roster's ``LoadedNames``, until a write replaces it: loading makes no string and no
    /// ``MemberRecord`` per member (issue 18).
    ///
    /// Not `Equatable`: a loaded record's numbers mean something only beside its roster's
    /// names, so rosters compare their records (``Roster/==(_:_:)``), never their entries.
    ///
    /// The readers of a field are inlined: called, each was handed a copy of the entry read
    /// out of the roster's array, its IDs and keys retained and released (issue 18).
    struct Entry: Sendable {
        enum Content: Sendable {
            case record(MemberRecord)
            case loaded(PackedRecord)
        }

        var content: Content
        var isGhost = false

        init(record: __owned MemberRecord) {
            content = .record(record)
        }

        init(loaded: PackedRecord) {
            content = .loaded(loaded)
        }

        @inline(__always)
        var ordinal: UInt64 {
            switch content {
            case let .record(record): record.ordinal
            case let .loaded(packed): packed.ordinal
            }
        }

        /// What a put needs of the record it replaces.
        struct Standing {
            let isCurrent: Bool
            let role: Role
            let ordinal: UInt64
            let holdsKeys: Bool
        }

        /// The record's standing, read from a loaded record without unpacking it.
        @inline(__always)
        var standing: Standing {
            switch content {
            case let .record(record):
                Standing(isCurrent: record.isCurrent, role: record.role, ordinal: record.ordinal, holdsKeys: !record.keys.isEmpty)
            case let .loaded(packed):
                Standing(isCurrent: packed.isCurrent, role: packed.role, ordinal: packed.ordinal, holdsKeys: packed.flags.contains(.hasKeys))
            }
        }

        /// The record's role and state, read without copying the record.
        @inline(__always)
        var roleAndState: (role: Role, state: MemberState) {
            switch content {
            case let .record(record): (record.role, record.state)
            case let .loaded(packed): (packed.role, packed.memberState)
            }
        }

        @inline(__always)
        var isCurrent: Bool {
            switch content {
            case let .record(record): record.isCurrent
            case let .loaded(packed): packed.isCurrent
            }
        }

        /// The record, a loaded one unpacked with `names`; `inbox`, when the caller knows the
        /// entry is that inbox's, saves making its string.
        @inline(__always)
        func record(in names: LoadedNames?, inbox: InboxID? = nil) -> MemberRecord {
            switch content {
            case let .record(record): record
            case let .loaded(packed): names!.unpacked(packed, inbox: inbox)
            }
        }

        /// What names the entry's inbox: a built record's ID, or the number a loaded record
        /// names it by in its roster's ``LoadedNames``.
        enum Name: Equatable {
            case id(InboxID)
            case number(UInt32)

            /// The hash a ``PlaceIndex`` files the inbox under; a number is read in `names`.
            func hash(in names: LoadedNames?) -> UInt64 {
                switch self {
                case let .id(id): PlaceIndex.hash(of: id)
                case let .number(number): PlaceIndex.hash(of: names!.bytes(number))
                }
            }

            /// Whether this names `inbox`; a number is read in `names`.
            @inline(__always)
            func names(_ inbox: InboxID, in names: LoadedNames?) -> Bool {
                switch self {
                case let .id(id): id == inbox
                case let .number(number): names!.holds(number, inbox)
                }
            }
        }

        /// Only the inbox of the entry, so that a lookup copies one ID instead of the whole
        /// record (its inbox, adder and keys retained and released: issue 18).
        @inline(__always)
        var name: Name {
            switch content {
            case let .record(record): .id(record.inbox)
            case let .loaded(packed): .number(packed.inbox)
            }
        }

        /// The entry's adder when it is another inbox, named as ``name`` names the inbox; nil
        /// for none and for a record that names itself.
        @inline(__always)
        var otherAdder: Name? {
            switch content {
            case let .record(record):
                guard let adder = record.adder, adder != record.inbox else { return nil }
                return .id(adder)
            case let .loaded(packed):
                guard packed.adder != PackedRecord.noAdder, packed.adder != packed.inbox else { return nil }
                return .number(packed.adder)
            }
        }

        /// The hash a ``PlaceIndex`` files the entry's inbox under.
        @inline(__always)
        func hash(in names: LoadedNames?) -> UInt64 {
            switch content {
            case let .record(record): PlaceIndex.hash(of: record.inbox)
            case let .loaded(packed): PlaceIndex.hash(of: names!.bytes(packed.inbox))
            }
        }
    }
}
