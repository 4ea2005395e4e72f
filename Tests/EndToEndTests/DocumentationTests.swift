import Foundation
import RosterTestSupport
import Testing

/// The documentation as a user reads it: every relative link leads somewhere, every `roster`
/// command in a `sh` block runs against the sandbox (with the exit code a `# exit N` comment
/// names, else 0), and every `console` block shows exactly what its commands print. A block after
/// `<!-- not run -->` is left alone (it installs software, or waits for a person); a block after
/// `<!-- file: PATH -->` is a whole file to copy, and is exactly that file of the repository (which
/// the suite lints and runs).
@Suite(.serialized, .scratchFolder) struct DocumentationTests {
    static let root = TestSupport.packageRoot
    static var pages: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }

    struct Block {
        var language: String
        var lines: [String]
        var runs: Bool
        var line: Int
        /// The repository's file the block shows whole, from a `<!-- file: PATH -->` line before it.
        var file: String?
    }

    /// The fenced blocks of a page, each with its language and whether it is meant to run.
    static func blocks(of page: String) throws -> [Block] {
        let lines = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            .components(separatedBy: "\n")
        var blocks: [Block] = []
        var current: Block?
        var lastText = ""
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                    if block.file != nil { lastText = "" }  // names that one block only
                } else {
                    let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    let file =
                        lastText.hasPrefix("<!-- file: ")
                        ? String(lastText.dropFirst("<!-- file: ".count).dropLast(" -->".count)) : nil
                    current = Block(
                        language: language, lines: [], runs: lastText != "<!-- not run -->", line: number + 1,
                        file: file)
                }
                continue
            }
            if current != nil {
                current?.lines.append(line)
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lastText = line.trimmingCharacters(in: .whitespaces)
            }
        }
        return blocks
    }

    @Test func everyRelativeLinkResolves() throws {
        let link = try Regex(#"\]\(([^)\s]+)\)"#)
        for page in Self.pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(text[match.range]).dropFirst(2).dropLast()
                guard !target.contains("://"), !target.hasPrefix("#"), !target.hasPrefix("mailto:") else { continue }
                let path = String(target.split(separator: "#").first ?? "")
                let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path),
                    "\(page): the link \(target) leads nowhere")
            }
        }
    }

    @Test func everyWholeFileShownIsTheRepositorysFile() throws {
        var shown = 0
        for page in Self.pages {
            for block in try Self.blocks(of: page) {
                guard let file = block.file else { continue }
                shown += 1
                let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
                #expect(block.lines.joined(separator: "\n") + "\n" == text, "\(page):\(block.line) is not \(file)")
            }
        }
        #expect(shown >= 2)
    }

    @Test(arguments: pages)
    func documentedCommandsRunAsShown(_ page: String) throws {
        let blocks = try Self.blocks(of: page).filter { $0.runs && ($0.language == "sh" || $0.language == "console") }
        guard !blocks.isEmpty else { return }
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let folder = try workingFolder()
        for block in blocks {
            if block.language == "sh" {
                try runCommands(block, page: page, in: folder, sandbox)
            } else {
                try compareOutput(block, page: page, in: folder, sandbox)
            }
        }
    }

    /// A folder like a user's: the repository's examples and tests at hand, a roster/ of their own.
    func workingFolder() throws -> URL {
        let folder = ScratchFolder.url.appendingPathComponent("work")
        let files = FileManager.default
        try files.createDirectory(at: folder.appendingPathComponent("roster"), withIntermediateDirectories: true)
        for name in ["examples", "Tests"] {
            try files.createSymbolicLink(
                at: folder.appendingPathComponent(name), withDestinationURL: Self.root.appendingPathComponent(name))
        }
        try files.copyItem(
            at: Self.root.appendingPathComponent("examples/acme.yaml"),
            to: folder.appendingPathComponent("roster/acme.yaml"))
        return folder
    }

    func shell(_ command: String, in folder: URL, _ sandbox: SandboxProcess) throws -> RosterBinary.Result {
        let binaries = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        return try RosterBinary.run(
            ["/bin/bash", "-c", command],
            environment: [
                "PATH": "\(binaries):/usr/bin:/bin", "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token,
                "NO_COLOR": "1", "XDG_CONFIG_HOME": ScratchFolder.url.appendingPathComponent("config").path,
            ], direct: true, timeout: 120, directory: folder)
    }

    /// Each `roster` line of the block, in order; `# exit N` names the exit code it must end with.
    func runCommands(_ block: Block, page: String, in folder: URL, _ sandbox: SandboxProcess) throws {
        for line in block.lines.map({ $0.trimmingCharacters(in: .whitespaces) }) where line.hasPrefix("roster ") {
            let parts = line.components(separatedBy: " # ")
            let command = parts[0].trimmingCharacters(in: .whitespaces)
            let comment = parts.dropFirst().joined(separator: " # ")
            let expected = comment.hasPrefix("exit ") ? Int32(comment.dropFirst(5).prefix { $0.isNumber }) ?? 0 : 0
            let result = try shell(command, in: folder, sandbox)
            #expect(
                result.code == expected,
                "\(page):\(block.line): `\(command)` exited \(result.code), not \(expected): \(result.stderr)")
        }
    }

    /// Each `$ command` of the block prints exactly the lines shown after it (the sandbox's
    /// address shown as the default endpoint's).
    func compareOutput(_ block: Block, page: String, in folder: URL, _ sandbox: SandboxProcess) throws {
        var commands: [(String, [String])] = []
        for line in block.lines {
            if line.hasPrefix("$ ") {
                commands.append((String(line.dropFirst(2)), []))
            } else if !commands.isEmpty {
                commands[commands.count - 1].1.append(line)
            }
        }
        for (command, shown) in commands {
            let result = try shell(command, in: folder, sandbox)
            let printed = result.stdout.replacingOccurrences(
                of: sandbox.url, with: "https://mps-p.up.railway.app/graphql")
            #expect(result.code == 0 || result.code == 2, "\(page):\(block.line): `\(command)`: \(result.stderr)")
            #expect(
                printed.trimmingCharacters(in: .newlines)
                    == shown.joined(separator: "\n").trimmingCharacters(in: .newlines),
                "\(page):\(block.line): `\(command)` prints\n\(printed)")
        }
    }
}
