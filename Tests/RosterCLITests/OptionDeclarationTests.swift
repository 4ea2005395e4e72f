import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI

/// An option is declared once, as an `Option`, and listed in its command's `specs`, which the
/// parser, help, completion and the manual pages read. An option a command's code reads but its
/// `specs` leave out would never be parsed (the parser refuses it as unknown) and nothing else
/// would say so: each command's options are read here with every read noted, and each must be
/// one the command declares.
@Suite struct OptionDeclarationTests {
    /// Words that get each command's options read past its subcommand and names.
    static let words: [String: [String]] = [
        AddCommand.name: ["person", "Ada Park"], HireCommand.name: ["Ada Park"], MoveCommand.name: ["Ada Park"],
        SetCommand.name: ["person", "Ada Park"], RenameCommand.name: ["person", "Ada Park", "Ada Lind"],
        RemoveCommand.name: ["person", "Ada Park"], ReportCommand.name: ["levels"], AuthCommand.name: ["status"],
        CompletionCommand.name: ["bash"],
    ]

    /// The options `C` reads from arguments with none given.
    static func reads<C: Command>(_: C.Type) -> Set<String> {
        var parsed = ParsedArguments(positionals: words[C.name] ?? [])
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

    /// Not vacuous: the commands' reads are noted.
    @Test func theReadsAreNoted() {
        #expect(Self.reads(PlanCommand.self).isSuperset(of: ["--format", "--out", "--as-of", "--prune"]))
        #expect(Self.reads(SetCommand.self).isSuperset(of: ["--craft", "--level", "--since", "--on"]))
        #expect(Self.reads(ReportCommand.self).isSuperset(of: ["--as-of", "--since", "--team"]))
    }
}
