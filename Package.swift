// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "GroupLog",
    products: [
        .library(name: "GroupCore", targets: ["GroupCore"]),
        .library(name: "GroupCodec", targets: ["GroupCodec"]),
        .library(name: "GroupFixtures", targets: ["GroupFixtures"]),
        .library(name: "GroupStore", targets: ["GroupStore"]),
        .library(name: "GroupStorePostgres", targets: ["GroupStorePostgres"]),
        .library(name: "GroupAudit", targets: ["GroupAudit"]),
        .library(name: "GroupGenerator", targets: ["GroupGenerator"]),
        .library(name: "GroupBackends", targets: ["GroupBackends"]),
        .library(name: "GroupLog", targets: ["GroupLog"]),
        .executable(name: "grouplog", targets: ["grouplog-main"]),
        .executable(name: "grouplog-bench", targets: ["grouplog-bench"]),
        .executable(name: "grouplog-example-fields", targets: ["grouplog-example-fields"]),
        .executable(name: "grouplog-fuzz", targets: ["grouplog-fuzz"]),
    ],
    targets: [
        .systemLibrary(name: "CLMDB", path: "Sources/CLMDB", pkgConfig: "lmdb", providers: [.apt(["liblmdb-dev"])]),
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // For the benchmarks only; no product of GroupLog links them: glibc's malloc statistics,
        // and SQLite for the rival event store.
        .systemLibrary(name: "CMalloc", path: "Benchmarks/CMalloc"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // A cache prefetch hint (`__builtin_prefetch`), which Swift has no spelling for.
        .target(name: "CPrefetch", path: "Sources/CPrefetch"),
        .target(name: "GroupCore", dependencies: ["CPrefetch"], swiftSettings: strict),
        .target(name: "GroupCodec", dependencies: ["GroupCore", "CCrypto"], swiftSettings: strict),
        .target(name: "GroupFixtures", dependencies: ["GroupCore", "GroupCodec"], swiftSettings: strict),
        .target(name: "GroupStore", dependencies: ["GroupCore", "GroupCodec", "CLMDB"], swiftSettings: strict),
        .target(name: "GroupStorePostgres", dependencies: ["GroupCore", "GroupCodec", "GroupStore", "CPostgres"], swiftSettings: strict),
        .target(name: "GroupAudit", dependencies: ["GroupCore", "GroupCodec", "GroupFixtures", "GroupStore", "GroupGenerator"], swiftSettings: strict),
        // Synthetic logs from a seed, folded through the reducer: `grouplog generate`.
        .target(name: "GroupGenerator", dependencies: ["GroupCore", "GroupCodec"], swiftSettings: strict),
        // Picks a backend from a store address: the one target that knows them all.
        .target(name: "GroupBackends", dependencies: ["GroupStore", "GroupStorePostgres"], swiftSettings: strict),
        .target(name: "GroupLog", dependencies: ["GroupCore", "GroupCodec", "GroupFixtures", "GroupStore", "GroupBackends"], swiftSettings: strict),
        // The command line is a library so that the fuzzer can drive CLI.run; the executable
        // grouplog is Sources/grouplog-main/main.swift alone.
        .target(
            name: "grouplog", dependencies: ["GroupCore", "GroupCodec", "GroupFixtures", "GroupStore", "GroupBackends", "GroupAudit", "GroupGenerator"],
            swiftSettings: strict),
        .executableTarget(name: "grouplog-main", dependencies: ["grouplog", "GroupStore"], swiftSettings: strict),
        // The libFuzzer targets (Fuzz/README.md). A plain build makes a replayer that runs inputs
        // through a target; scripts/fuzz.sh builds the fuzzer with -sanitize=fuzzer,address -DFUZZ.
        .executableTarget(
            name: "grouplog-fuzz", dependencies: ["GroupCore", "GroupCodec", "GroupFixtures", "GroupStore", "grouplog"],
            path: "Fuzz/Sources/grouplog-fuzz", swiftSettings: strict),
        .executableTarget(
            name: "grouplog-bench",
            dependencies: ["GroupCore", "GroupCodec", "GroupStore", "GroupStorePostgres", "GroupAudit", "GroupGenerator", "GroupTestSupport", "CMalloc", "SQLiteEventStore"],
            path: "Benchmarks/grouplog-bench",
            swiftSettings: strict
        ),
        // The seed's Swift example flow for configurable fields, run against a temporary store; its
        // operator configuration is GroupTestSupport's, shared with the field tests.
        .executableTarget(
            name: "grouplog-example-fields",
            dependencies: ["GroupLog", "GroupTestSupport"],
            path: "Examples/FieldsExample",
            swiftSettings: strict
        ),
        // The reliability campaigns (scripts/crash-campaign.sh, scripts/full-disk-campaign.sh,
        // scripts/corrupt-campaign.sh): test-only executables, in no product. The writer submits
        // through the library from 16 tasks until it is killed; the harness kills it, damages
        // stores and runs the CLI against them, and checks what it finds.
        .executableTarget(
            name: "grouplog-crash-writer",
            dependencies: ["GroupLog"],
            path: "Tools/grouplog-crash-writer",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "grouplog-campaign",
            dependencies: ["GroupCore", "GroupCodec", "GroupStore", "GroupTestSupport"],
            path: "Tools/grouplog-campaign",
            swiftSettings: strict
        ),
        // The event store a team would otherwise write (SQLite, JSON payloads), measured beside
        // GroupLog by grouplog-bench.
        .target(
            name: "SQLiteEventStore",
            dependencies: ["GroupCore", "CSQLite"],
            path: "Benchmarks/SQLiteEventStore",
            swiftSettings: strict
        ),
        .target(
            name: "GroupTestSupport",
            dependencies: ["GroupCore", "GroupCodec", "GroupGenerator"],
            path: "Tests/GroupTestSupport",
            swiftSettings: strict
        ),
        .testTarget(name: "GroupCoreTests", dependencies: ["GroupCore", "GroupTestSupport"], swiftSettings: strict),
        .testTarget(name: "GroupCodecTests", dependencies: ["GroupCodec", "GroupTestSupport"], swiftSettings: strict),
        .testTarget(name: "GroupFixturesTests", dependencies: ["GroupFixtures", "GroupCodec", "GroupTestSupport"], swiftSettings: strict),
        .testTarget(name: "GroupStoreTests", dependencies: ["GroupStore", "GroupStorePostgres", "GroupTestSupport"], swiftSettings: strict),
        .testTarget(name: "GroupAuditTests", dependencies: ["GroupAudit", "GroupBackends", "GroupFixtures", "GroupTestSupport"], swiftSettings: strict),
        .testTarget(name: "GroupGeneratorTests", dependencies: ["GroupGenerator", "GroupCodec"], swiftSettings: strict),
        .testTarget(name: "SQLiteEventStoreTests", dependencies: ["SQLiteEventStore", "GroupCodec", "GroupTestSupport"], swiftSettings: strict),
        .testTarget(name: "GroupLogTests", dependencies: ["GroupLog", "GroupStorePostgres", "GroupTestSupport"], swiftSettings: strict),
        // Golden/ holds expected transcripts the tests read from disk, not resources.
        .testTarget(name: "grouplogTests", dependencies: ["grouplog", "GroupBackends", "GroupFixtures", "GroupTestSupport"], exclude: ["Golden"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
