import MPSClient
import RosterCore
import RosterYAML

/// `roster version`: the version, the commit it was built from, and the libraries it runs with.
struct VersionCommand: Command {
    static let name = "version"
    static let summary = "Print the version, the commit it was built from, and its libyaml and libcurl."
    static let usage = Usage.command("version", FormatOnly.format.spec)

    static func run(_ options: FormatOnly, _ context: CommandContext) async -> ExitCode {
        context.console.writeOut(options.format == .json ? json : text)
        return ExitCode.success
    }

    static var commit: String { buildCommit.isEmpty ? "unknown" : buildCommit }

    static var text: String {
        "roster \(RosterCommandLine.version) (commit \(commit))\n"
            + "libyaml \(YAMLLoader.libyamlVersion), libcurl \(CurlTransport.libcurlVersion)\n"
    }

    static var json: String {
        let fields: [(String, JSONValue)] = [
            ("version", .string(RosterCommandLine.version)), ("commit", buildCommit.isEmpty ? .null : .string(commit)),
            ("libyaml", .string(YAMLLoader.libyamlVersion)), ("libcurl", .string(CurlTransport.libcurlVersion)),
        ]
        return JSONEnvelope.wrap(fields).rendered() + "\n"
    }
}
