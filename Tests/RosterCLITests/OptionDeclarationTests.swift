import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI

/// An option is declared once, as an `Option`, and a command declares the options it takes by
/// reading them in its options' initialiser (``CommandOptions/specs``: the parser, help,
/// completion and the manual pages read them). An edit command reads its options as it makes its
/// edit, and lists them (`editSpecs`): an option it reads but leaves out of the list would never
/// be parsed (the parser refuses it as unknown) and nothing else would say so. Each command's
/// options are read here with every read noted, and each must be one the command declares.
@Suite struct OptionDeclarationTests {
    /// Words that get each command's options read past its subcommand and names.
    static let words: [String: [String]] = [
        AddCommand.name: ["person", "Ada Park"], HireCommand.name: ["Ada Park"], MoveCommand.name: ["Ada Park"],
        SetCommand.name: ["person", "Ada Park"], RenameCommand.name: ["person", "Ada Park", "Ada Lind"],
        RemoveCommand.name: ["person", "Ada Park"],
    ]

    /// The options `C` reads from arguments with none given.
    static func reads<C: Command>(_: C.Type) -> Set<String> {
        var parsed = ParsedArguments(positionals: words[C.name] ?? C.Options.declaringWords)
        let reads = OptionReads()
        parsed.reads = reads
        if let options = try? C.Options(parsed), let edit = C.self as? any EditCommand.Type {
            editReads(edit, options)
        }
        return reads.all
    }

    /// An edit command reads its fields' options when it makes its edit.
    static func editReads<E: EditCommand>(_: E.Type, _ options: any CommandOptions) {
        guard let options = options as? EditOptions<E> else { return }
        _ = try? E.edit(options.edit, kind: options.kind)
        if E.takesDay { _ = options.edit.day }  // read as it runs: `--on`
    }

    @Test func everyOptionACommandReadsIsOneItDeclares() {
        for command in RosterCommandLine.commands {
            let read = Self.reads(command), declared = Set(command.options.map(\.name))
            #expect(
                read.isSubset(of: declared),
                "roster \(command.name) reads \(read.subtracting(declared).sorted()) but its specs leave them out")
        }
    }

    /// A command's initialiser reads its options past its declaring words without throwing, so
    /// none is left undeclared by a usage error met first.
    @Test func everyCommandReadsItsOptionsWhenDeclared() {
        for command in RosterCommandLine.commands {
            let declares = Self.declares(command)
            #expect(declares, "roster \(command.name)")
        }
    }

    static func declares<C: Command>(_: C.Type) -> Bool {
        var parsed = ParsedArguments(positionals: words[C.name] ?? C.Options.declaringWords)
        parsed.reads = OptionReads()
        return (try? C.Options(parsed)) != nil
    }

    /// The declared options are those read, in the order read: `plan`'s as its help lists them.
    @Test func aCommandDeclaresWhatItReads() {
        #expect(
            PlanCommand.ownOptions.map(\.name) == [
                "--format", "--view", "--out", "--follow-symlinks", "--detailed-exitcode", "--prune", "--only",
                "--exclude", "--as-of",
            ])
        #expect(ReportCommand.ownOptions.count == 8 && AuthCommand.ownOptions.count == 2)
    }

    /// Not vacuous: the commands' reads are noted.
    @Test func theReadsAreNoted() {
        #expect(Self.reads(PlanCommand.self).isSuperset(of: ["--format", "--out", "--as-of", "--prune"]))
        #expect(Self.reads(SetCommand.self).isSuperset(of: ["--craft", "--level", "--since", "--on"]))
        #expect(Self.reads(ReportCommand.self).isSuperset(of: ["--as-of", "--since", "--team"]))
    }
}
