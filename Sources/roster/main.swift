import Foundation
import RosterCLI

// A reader that goes away (`| head`) must not end the process in the middle of an apply:
// writes fail with EPIPE instead, and the console stops writing to that stream.
signal(SIGPIPE, SIG_IGN)

let arguments = RosterCommandLine.commandFirst(Array(CommandLine.arguments.dropFirst()))
if RosterCommandLine.isMPSInvocation(arguments) {
    // The MPS commands live in `roster-mps` beside this executable (see RosterCommandLine).
    let directory = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    let helper = directory?.appendingPathComponent("roster-mps").path ?? "roster-mps"
    let argv: [UnsafeMutablePointer<CChar>?] = ([helper] + arguments).map { strdup($0) } + [nil]
    execv(helper, argv)
    FileHandle.standardError.write(
        Data(
            "error: cannot run \(helper): \(String(cString: strerror(errno)))\nhint: build it with `swift build` (it is a product of this package)\n"
                .utf8))
    exit(1)
}
let context = CommandContext(
    console: StandardConsole(),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath
)
exit(await RosterCommandLine.main(arguments, context: context))
