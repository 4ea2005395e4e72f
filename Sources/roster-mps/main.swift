import Foundation
import RosterCLI
import RosterMPSCommands

let context = CommandContext(
    console: StandardConsole(),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath
)
exit(await RosterMPSCommandLine.main(Array(CommandLine.arguments.dropFirst()), context: context))
