#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import grouplog

var output = StandardStreams()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()), streams: &output)
output.flush()
exit(status.rawValue)
