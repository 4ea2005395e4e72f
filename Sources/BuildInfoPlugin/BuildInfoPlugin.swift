import Foundation
import PackagePlugin

/// Writes the commit the build comes from into `BuildCommit.swift` (`buildCommit`), for
/// `roster version`: `git rev-parse` of the package's checkout, `-dirty` when tracked files differ,
/// empty outside a git checkout. The file is rewritten only when its text changes, so a build that
/// changes nothing compiles nothing.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let file = folder.appending(path: "BuildCommit.swift")
        let script = """
            mkdir -p "$(dirname "$2")"
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || true)
            if [ -n "$commit" ] && [ -n "$(git -C "$1" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                commit="$commit-dirty"
            fi
            text="/// The commit this build comes from (empty outside a git checkout).
            let buildCommit = \\"$commit\\""
            [ "$(cat "$2" 2>/dev/null)" = "$text" ] || printf '%s\\n' "$text" > "$2"
            """
        return [
            .prebuildCommand(
                displayName: "Recording the build's commit", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", context.package.directoryURL.path, file.path],
                outputFilesDirectory: folder)
        ]
    }
}
