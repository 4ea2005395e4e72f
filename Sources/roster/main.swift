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
exit(await RosterCommandLine.main(Array(CommandLine.arguments.dropFirst()), context: context).rawValue)
