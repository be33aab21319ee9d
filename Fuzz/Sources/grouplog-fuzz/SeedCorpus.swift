import Foundation
import GroupCodec
import GroupCore
import GroupFixtures
import GroupStore

/// Writes the seed corpora of the binary targets from fixtures: each fixture is run, and its
/// commits, outcomes, final state, snapshot and the delta of its second half are written in
/// their canonical encodings, its whole log as one `ingest` input, and the fixture itself as a
/// `fixture` input. Identical
/// records are written once; a file is named after its content's hash, as libFuzzer names them.
enum SeedCorpus {
    /// The most files written per target, to keep the committed corpus small.
    static let maximumFiles = 40

    static func write(to directory: String, from fixtures: [String]) throws {
        var corpora: [FuzzTarget: [String: [UInt8]]] = [:]
        func add(_ target: FuzzTarget, _ bytes: [UInt8]) {
            guard bytes.count <= target.maximumLength, corpora[target, default: [:]].count < maximumFiles else { return }
            corpora[target, default: [:]][SHA256.hash(bytes).description.prefix(16).description] = bytes
        }
        for path in fixtures {
            guard let data = FileManager.default.contents(atPath: path) else { throw SeedError("cannot read \(path)") }
            let bytes = [UInt8](data)
            let fixture = try FixtureReader.read(bytes, file: path)
            let run = try FixtureRunner.run(fixture, groupID: FuzzTarget.fuzzGroup)
            add(.fixture, bytes)
            var log = BinaryWriter()
            // The last two commits of each fixture, so that the corpus spans many fixtures.
            for (index, (commit, outcome)) in zip(run.commits, run.outcomes).enumerated() {
                let encoded = CommitCodec.encode(commit)
                if index + 2 >= run.commits.count {
                    add(.commit, encoded)
                    add(.outcome, OutcomeCodec.encode(outcome))
                }
                log.writeByteString(encoded)
            }
            add(.ingest, log.bytes)
            if let state = run.state { add(.state, StateCodec.encode(state)) }
            add(.snapshot, SnapshotRecord.encode(run.state))
            // The state halfway through the log, and what the second half changed.
            var replica = Replica()
            for commit in run.commits.prefix(run.commits.count / 2) { replica.fold(commit) }
            if let base = replica.state {
                replica.markStored(at: base.lastAppliedSequence)
                for commit in run.commits.dropFirst(run.commits.count / 2) { replica.fold(commit) }
                if let state = replica.state, let input = FuzzTarget.deltaInput(base: base, state) { add(.delta, input) }
            }
        }
        for (target, files) in corpora {
            let folder = directory + "/" + target.rawValue
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, bytes) in files {
                guard FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(bytes)) else {
                    throw SeedError("cannot write \(folder)/\(name)")
                }
            }
            print("\(target.rawValue): \(files.count) files")
        }
    }

    struct SeedError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
