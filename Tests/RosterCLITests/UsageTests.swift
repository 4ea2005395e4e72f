import Testing

@testable import RosterCLI

/// Each usage line is made from the command's option declarations: an option it shows is one the
/// command takes, spelled as its spec spells it.
@Suite struct UsageTests {
    @Test func everyOptionAUsageShowsIsOneTheCommandTakes() {
        for command in RosterCommandLine.commands {
            let taken = Set(command.options.map(\.name))
            for name in command.usage.options {
                #expect(taken.contains(name), "roster \(command.name)'s usage shows \(name), which it does not take")
            }
            #expect(command.usage.description.hasPrefix("roster \(command.name)"), "\(command.usage)")
        }
    }

    @Test func anOptionIsSpelledByItsSpec() {
        let spec = OptionSpec("--team", value: "TEAM", "the team")
        let role = OptionSpec("--as", choices: ["member", "lead"], "the role")
        let usage = Usage(
            [.words("hire NAME"), .optional([.required(spec), .optional([.value(role, "lead")])])],
            [.words("move PERSON"), .required(spec), .optional(role)])
        #expect(
            usage.description
                == "roster hire NAME [--team TEAM [--as lead]] | roster move PERSON --team TEAM [--as member|lead]")
        #expect(usage.options == ["--team", "--as", "--team", "--as"])
    }
}
