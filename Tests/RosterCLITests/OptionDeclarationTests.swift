import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterModel

/// An option is declared once, as an `Option`, and a command declares the options it takes by
/// reading them (``CommandOptions/specs``, ``EditCommand/editSpecs``: the parser, help, completion
/// and the manual pages read them). An option read only once another is given, or only after a
/// usage error, would be left out, never parsed (the parser refuses it as unknown), and nothing else
/// would say so: each command's options are read here with every read noted, with none given and
/// with every one given, past each of its subcommands, and each read must be one the command
/// declares.
@Suite struct OptionDeclarationTests {
    /// The words of each subcommand of the commands that take some, with the names they need.
    static let words: [String: [[String]]] = [
        AddCommand.name: [["person", "Ada Park"], ["team", "Core"]], HireCommand.name: [["Ada Park"]],
        MoveCommand.name: [["Ada Park"]],
        SetCommand.name: [["person", "Ada Park"], ["team", "Core"], ["level", "Senior"]],
        RenameCommand.name: [["person", "Ada Park", "Ada Lind"], ["team", "Core", "Edge"]],
        RemoveCommand.name: [["person", "Ada Park"], ["team", "Core"]],
        ReportCommand.name: ReportCommand.Report.allCases.map { [$0.rawValue] },
        AuthCommand.name: [["login"], ["logout"], ["status"]],
    ]

    /// A value of each option's type: a field's sample where a field's option takes it.
    static func sample(_ spec: OptionSpec) -> String {
        if let field = PersonField.all.first(where: { $0.row.option == spec.name }) { return field.kind.samples.0 }
        return spec.choices?.first ?? spec.number?.example ?? (spec.day ? "2026-11-01" : "Ada Park")
    }

    /// The options `C` reads past each of its subcommands, with none given or (`given`) every one.
    static func reads<C: Command>(_: C.Type, given: Bool = false) -> Set<String> {
        let reads = OptionReads()
        for words in Self.words[C.name] ?? [C.Options.declaringWords] {
            var parsed = ParsedArguments(positionals: words)
            for spec in C.ownOptions where given {
                if spec.value == nil { parsed.flags.insert(spec.name) } else { parsed.values[spec.name] = sample(spec) }
            }
            parsed.reads = reads
            if let options = try? C.Options(parsed), let edit = C.self as? any EditCommand.Type {
                editReads(edit, options)
            }
        }
        return reads.all
    }

    /// An edit command reads its options when it makes its edit.
    static func editReads<E: EditCommand>(_: E.Type, _ options: any CommandOptions) {
        guard let options = options as? EditOptions<E> else { return }
        _ = try? E.edit(options.edit, kind: options.kind)
        if E.takesDay { _ = options.edit.day }  // read as it runs: `--on`
    }

    @Test(arguments: [false, true]) func everyOptionACommandReadsIsOneItDeclares(given: Bool) {
        for command in RosterCommandLine.commands {
            let read = Self.reads(command, given: given), declared = Set(command.options.map(\.name))
            #expect(
                read.isSubset(of: declared),
                "roster \(command.name) reads \(read.subtracting(declared).sorted()) but does not declare them")
        }
    }

    /// A command's initialiser reads its options past its declaring words without a usage error,
    /// which would leave the options after it undeclared (an edit command's edit reads them,
    /// past each subcommand: `theReadsAreNoted`).
    @Test func everyCommandReadsItsOptionsWhenDeclared() {
        for command in RosterCommandLine.commands where !(command is any EditCommand.Type) {
            let declares = Self.declares(command)
            #expect(declares, "roster \(command.name)")
        }
    }

    static func declares<C: Command>(_: C.Type) -> Bool {
        var parsed = ParsedArguments(positionals: C.Options.declaringWords)
        parsed.reads = OptionReads()
        return (try? C.Options(parsed)) != nil
    }

    /// The declared options are those read, in the order read.
    @Test func aCommandDeclaresWhatItReads() {
        #expect(
            PlanCommand.ownOptions.map(\.name) == [
                "--format", "--view", "--out", "--follow-symlinks", "--detailed-exitcode", "--prune", "--only",
                "--exclude", "--as-of",
            ])
        #expect(
            SetCommand.ownOptions.map(\.name) == [
                "--craft", "--level", "--focus", "--since", "--id", "--lead", "--members", "--limit-months", "--on",
                "--dry-run",
                "--follow-symlinks", "--format",
            ])
        #expect(RenameCommand.ownOptions.map(\.name) == ["--dry-run", "--follow-symlinks", "--format"])
        #expect(ReportCommand.ownOptions.count == 8 && AuthCommand.ownOptions.count == 2)
    }

    /// Not vacuous: the commands' reads are noted, and with every option given every one is read.
    @Test func theReadsAreNoted() {
        #expect(Self.reads(PlanCommand.self).isSuperset(of: ["--format", "--out", "--as-of", "--prune"]))
        #expect(
            Self.reads(SetCommand.self).isSuperset(of: ["--craft", "--level", "--since", "--on", "--limit-months"]))
        #expect(Self.reads(ReportCommand.self).isSuperset(of: ["--as-of", "--since", "--team"]))
        for command in [AddCommand.self, HireCommand.self, SetCommand.self] as [any Command.Type] {
            let read = Self.reads(command, given: true)
            #expect(read.isSuperset(of: command.ownOptions.map(\.name)), "roster \(command.name)")
        }
    }
}
