#if canImport(Glibc)
import Glibc
#endif

/// Writes a line to standard error.
func complain(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
}

/// The target this process fuzzes, from `GROUPLOG_FUZZ_TARGET` (scripts/fuzz.sh sets it).
let selectedTarget: FuzzTarget = {
    let name = getenv("GROUPLOG_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        complain("grouplog-fuzz: set GROUPLOG_FUZZ_TARGET to one of \(names)\n")
        exit(64)
    }
    return target
}()

/// libFuzzer's entry point: one input through the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

#if FUZZ
// Built with -sanitize=fuzzer: SwiftPM links the executable's entry point as
// grouplog_fuzz_main, so it is defined here and hands over to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("grouplog_fuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    _ = selectedTarget
    var count = argc
    var vector = argv
    return runFuzzerDriver(&count, &vector, fuzzOneInput)
}
#else
/// Without libFuzzer: `grouplog-fuzz TARGET FILE...` runs inputs through a target (a crash
/// found by the fuzzer replays here, without sanitizers), and `grouplog-fuzz seed DIR
/// FIXTURE...` writes the seed corpora of every target under DIR.
@main
enum FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first else {
            complain("usage: grouplog-fuzz TARGET FILE... | grouplog-fuzz seed DIR FIXTURE...\n")
            exit(64)
        }
        if first == "seed", arguments.count >= 3 {
            do {
                try SeedCorpus.write(to: arguments[1], from: Array(arguments.dropFirst(2)))
            } catch {
                complain("grouplog-fuzz: \(error)\n")
                exit(1)
            }
            return
        }
        guard let target = FuzzTarget(rawValue: first) else {
            complain("grouplog-fuzz: unknown target \(first)\n")
            exit(64)
        }
        for path in arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                complain("grouplog-fuzz: cannot read \(path)\n")
                exit(2)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&chunk, 1, chunk.count, file)
                if count <= 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            fclose(file)
            target.run(bytes)
            print("\(path): ran \(bytes.count) bytes through \(target.rawValue)")
        }
    }
}
#endif
