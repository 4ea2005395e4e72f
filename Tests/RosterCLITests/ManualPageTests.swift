import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterRender

/// The manual pages come from the command registry: every command has a page, every option of a
/// command is in its page, and the text is roff that cannot be misread.
@Suite struct ManualPageTests {
    func run(_ arguments: [String]) async -> (Int32, String) {
        let console = CapturingConsole()
        let code = await RosterCommandLine.main(arguments, context: CommandContext(console: console, environment: [:]))
        return (code.rawValue, console.out)
    }

    @Test func everyCommandAndOptionIsInItsPage() async {
        let (code, main) = await run(["help", "--man"])
        #expect(code == 0 && main.hasPrefix(".Dd ") && main.contains(".Dt ROSTER 1"))
        for command in RosterCommandLine.listed(RosterCommandLine.commands) {
            #expect(main.contains(".It roster \(command.name)\n"), "roster(1) lacks \(command.name)")
            #expect(main.contains(".Xr roster-\(command.name) 1"))
            let (pageCode, page) = await run(["help", "--man", command.name])
            #expect(pageCode == 0)
            #expect(page.contains(".Nm roster-\(command.name)\n"), "\(command.name)")
            for option in command.options {
                let flag = String(option.name.dropFirst()).replacingOccurrences(of: "-", with: "\\-")
                #expect(page.contains(".It Fl \(flag)"), "roster-\(command.name)(1) lacks \(option.name)")
            }
        }
    }

    @Test func textIsEscapedForRoff() {
        let page = ManualPage(
            name: "x", summary: "a \\ b.", command: "x", arguments: "[PATH…]", description: [".hidden", "'quoted"],
            options: [ManualPage.Option(name: "--dry-run", value: nil, help: "a → b")])
        let text = page.mdoc(date: "November 25, 2026", version: "1")
        #expect(text.contains(".Nd a \\e b\n"))
        #expect(text.contains("[PATH...]") && text.contains("a \\(-> b"))
        #expect(text.contains("\n\\&.hidden\n") && text.contains("\n\\&'quoted\n"))
        #expect(text.contains(".It Fl \\-dry\\-run\n"))
    }

    /// The mdoc of roster(1) and of one command's page, byte for byte.
    @Test(arguments: [("roster.1", [String]()), ("roster-plan.1", ["plan"])])
    func pagesMatchTheirGoldenFiles(_ file: String, _ command: [String]) async {
        let (code, page) = await run(["help", "--man"] + command)
        #expect(code == 0)
        let mismatch = TestSupport.goldenMismatch(page, TestSupport.goldenRoot.appendingPathComponent("output/\(file)"))
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func anUnknownCommandHasNoPage() async {
        let (code, _) = await run(["help", "--man", "nope"])
        #expect(code == 1)
    }
}
