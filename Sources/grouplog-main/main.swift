#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import grouplog
import GroupStore

// A damaged page can send LMDB through a bad pointer before any check of ours sees a record:
// that is a damaged store (exit 5), not a crash of the tool.
LMDBFaultGuard.install(
    message: "grouplog: corrupt store: a read of a damaged page of data.mdb faulted, before any record could be checked; restore the store from a copy or a replica\n",
    exitCode: ExitStatus.corrupt.rawValue)
// Ctrl-C on a long command stops it cleanly (exit 130): the commands install the handlers.
Interrupt.handleSignalsInThisProcess()
var output = StandardStreams()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()), streams: &output)
output.flush()
exit(status.rawValue)
