import Foundation
import RosterCLI

// A reader that goes away (`| head`) must not end the process in the middle of an apply:
// writes fail with EPIPE instead, and the console stops writing to that stream.
signal(SIGPIPE, SIG_IGN)

let context = CommandContext(
    console: StandardConsole(),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath
)
let code = await RosterCommandLine.main(Array(CommandLine.arguments.dropFirst()), context: context)
// Every byte is already written (the console writes with write(2), nothing through stdio). Ending
// without the C library's exit handlers and the libraries' destructors keeps a worker thread still
// inside a library from meeting its teardown: a TLS plan once crashed there after its output.
_exit(code.rawValue)
