import Foundation
import RosterCLI

let context = CommandContext(
    console: StandardConsole(),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath
)
exit(await RosterCommandLine.main(Array(CommandLine.arguments.dropFirst()), context: context))
