import ExplorerCLI
import Foundation

let status = await GraphExplorer.main(
  arguments: Array(CommandLine.arguments.dropFirst()), console: StandardConsole())
// Ends the process without the C library's exit-time cleanup (issue 44): `exit` runs atexit
// handlers and library destructors (OpenSSL's, Kerberos's) while a libcurl transfer left
// behind (a metadata lookup past its deadline, a handle pool's deinit) may still be using
// them on another thread: about 1 in 2,300 runs aborted in a double free. Nothing of ours
// waits for exit: the console writes straight to its descriptors, files are written,
// flushed and renamed before they are reported, and locks go with the process. C stdio
// (libedit) is flushed first; `_exit` then ends every thread at once, so no cleanup can race.
fflush(nil)
_exit(status.rawValue)
