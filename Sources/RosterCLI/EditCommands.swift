import RosterEdit
import RosterModel
import RosterRender
import RosterSession

/// An edit command (`add`, `hire`, `move`, `set`, `rename`, `remove`): its own options, how many
/// names follow the command (and its subcommand word, when it has some), and the edit they make.
/// It runs the one way every edit runs: through ``EditWorkflow``, then the patch (`--dry-run`) or
/// every file written (or none), and what it did.
protocol EditCommand: Command where Options == EditOptions<Self> {
    /// The subcommand words the command takes first (``NoSubcommand`` when names follow at once).
    associatedtype Kind: EditSubcommand
    /// Whether the command takes `--on DATE` (`rename` does not).
    static var takesDay: Bool { get }
    /// How many names the command takes before the roster's paths.
    static var names: Int { get }
    /// The edit the words make; `kind` is the subcommand the words start with. It reads every
    /// option it takes before it refuses anything: the options it reads are the command's
    /// (``EditCommand/editSpecs``).
    static func edit(_ a: EditArguments, kind: Kind) throws(UsageError) -> RosterEdit
}

/// The subcommand words of an edit command, declared as cases: help, completion and the manual
/// pages list them, and each command's `switch` over them is checked whole.
protocol EditSubcommand: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The one value of a command that takes no subcommand; nil for real subcommands.
    static var none: Self? { get }
}

extension EditSubcommand {
    static var none: Self? { nil }
}

/// `person` or `team`: what `add`, `rename` and `remove` act on.
enum PersonOrTeam: String, EditSubcommand {
    case person, team
}

/// No subcommand: the names follow the command (`hire`, `move`).
enum NoSubcommand: String, EditSubcommand {
    case plain = ""
    static var none: Self? { .plain }
}

/// The options of edit command `C`, read once for all of them.
struct EditOptions<C: EditCommand>: CommandOptions {
    static var specs: [OptionSpec] { C.editSpecs + EditArguments.common }
    var edit: EditArguments
    var kind: C.Kind

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let plain = C.Kind.none {
            kind = plain
        } else {
            kind = try subcommand(arguments, C.self)
        }
        edit = try EditArguments(
            arguments, skip: C.Kind.none == nil ? 1 : 0, names: C.names, usage: C.usage.description)
    }
}

extension EditCommand {
    static var subcommands: [String] { Kind.none == nil ? Kind.allCases.map(\.rawValue) : [] }

    static var takesDay: Bool { true }

    /// The command's own options, `--dry-run` and `--format` following them: those its edit reads
    /// for each subcommand, in the order read, then `--on` where it takes a day.
    static var editSpecs: [OptionSpec] {
        let reads = OptionReads()
        for kind in Kind.allCases {
            let words = (Kind.none == nil ? [kind.rawValue] : []) + Array(repeating: "-", count: names)
            let plain = ParsedArguments(positionals: words)
            guard var a = try? EditArguments(plain, skip: Kind.none == nil ? 1 : 0, names: names, usage: "") else {
                continue
            }
            a.arguments.reads = reads
            _ = try? edit(a, kind: kind)
        }
        if takesDay { reads.note(EditArguments.on.spec) }
        return reads.read
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let arguments = options.edit
        return await reporting(FailureStyle(json: arguments.json, color: arguments.style), context) {
            var edit = try edit(arguments, kind: options.kind)
            if takesDay, let day = arguments.day { edit = .on(day, edit) }
            let outcome = try EditWorkflow(paths: arguments.paths).edit(edit)
            if !outcome.warnings.isEmpty {
                let color = context.useColor(onStderr: true, arguments.style)
                context.console.writeErr(
                    DiagnosticRenderer.text(outcome.warnings, color: color, codes: arguments.style.codes))
            }
            let files = outcome.files
            let patch = UnifiedDiff.patch(files, original: outcome.original, changed: outcome.changed)
            if !arguments.dryRun { try outcome.write(links: arguments.links) }
            if arguments.json {
                context.console.writeOut(
                    EditReport.json(
                        summary: outcome.summary, files: files, written: !arguments.dryRun && !files.isEmpty,
                        patch: arguments.dryRun ? patch : nil))
            } else {
                if arguments.dryRun { context.console.writeOut(patch) }
                context.console.writeErr(
                    EditReport.text(summary: outcome.summary, files: files, written: !arguments.dryRun))
            }
            return ExitCode.success
        }
    }
}

/// `roster add person NAME …` and `roster add team NAME --lead PERSON …`.
struct AddCommand: EditCommand {
    static let name = "add"
    static let summary = "Add a person (into a team) or a team to the roster files; the server is not asked."
    static let usage = Usage(
        [.words("add person NAME")] + HireCommand.person,
        [.words("add team NAME")] + team + .each(EditArguments.into.spec, EditArguments.on.spec) + [.words("[PATH…]")])
    /// A team's fields, each by its option (required where the field is), from the table.
    static let team: [Usage.Part] = TeamField.allCases.compactMap { field in
        EditArguments.option(field).map { field.absence == .required ? .required($0.spec) : .optional($0.spec) }
    }
    static let names = 1

    static func edit(_ a: EditArguments, kind: PersonOrTeam) throws(UsageError) -> RosterEdit {
        guard kind == .team else { return try HireCommand.edit(a, kind: .plain) }
        let (lead, members, into) = (a.arguments[EditArguments.lead], a.memberNames, a.arguments[EditArguments.into])
        guard let lead else { throw a.missing(EditArguments.lead) }
        return .addTeam(name: a.names[0], lead: lead, members: members ?? [], into: into)
    }
}

/// `roster hire NAME …`: `roster add person`, in a manager's word.
struct HireCommand: EditCommand {
    static let name = "hire"
    static let summary = "Add a person to the roster files (the same as `roster add person`)."
    static let usage = Usage([.words("hire NAME")] + person)
    /// A new person's options and the roster's paths, after `hire NAME` or `add person NAME`.
    /// Made from ``editSpecs``: an option added there is in the usage too.
    static let person: [Usage.Part] =
        editSpecs.compactMap { spec -> Usage.Part? in
            switch spec.name {
            case EditArguments.role.spec.name: nil
            case EditArguments.team.spec.name:
                .optional([.required(spec), .optional([.value(EditArguments.role.spec, TeamRole.lead.rawValue)])])
            default: .optional(spec)
            }
        } + [.words("[PATH…]")]
    static let names = 1

    static func edit(_ a: EditArguments, kind: NoSubcommand) throws(UsageError) -> RosterEdit {
        let fields = try a.fields(new: true)
        let (team, role) = (a.arguments[EditArguments.team], a.arguments[EditArguments.role])
        let (namesake, into) = (a.arguments[EditArguments.namesake], a.arguments[EditArguments.into])
        if role != nil && team == nil {
            throw UsageError(
                message: "--as says the role in the team --team names; name the team", hint: a.usage)
        }
        return .addPerson(
            NewPerson(
                name: a.names[0], fields: fields, team: team, role: role ?? .member, into: into, namesake: namesake))
    }
}

/// `roster move PERSON --to TEAM [--as lead] [--successor PERSON]`.
struct MoveCommand: EditCommand {
    static let name = "move"
    static let summary = "Move a person to a team, as member or lead, out of the team they were in."
    static let usage = Usage(
        [.words("move PERSON"), .required(EditArguments.to.spec)]
            + .each(
                EditArguments.role.spec, EditArguments.from.spec, EditArguments.successor.spec, EditArguments.on.spec)
            + [.words("[PATH…]")])
    static let names = 1

    static func edit(_ a: EditArguments, kind: NoSubcommand) throws(UsageError) -> RosterEdit {
        let (team, role) = (a.arguments[EditArguments.to], a.arguments[EditArguments.role])
        let (from, successor) = (a.arguments[EditArguments.from], a.arguments[EditArguments.successor])
        guard let team else { throw a.missing(EditArguments.to) }
        return .move(person: a.names[0], team: team, role: role ?? .member, from: from, successor: successor)
    }
}

/// `roster set person NAME --level L …` and `roster set level LEVEL --limit-months N`.
struct SetCommand: EditCommand {
    static let name = "set"
    /// `person`, `team` or `level`.
    enum Kind: String, EditSubcommand {
        case person, team, level
    }
    static let summary =
        "Set a person's craft, level (with its start date), focus or id, a team's lead or members, or a level's limit."
    /// A person's options, each field's by the table, then the id and the day.
    static let personOptions =
        PersonField.all.compactMap { EditArguments.option($0)?.spec } + [EditArguments.id.spec, EditArguments.on.spec]
    /// A team's options, each field's by the table, then the day.
    static let teamOptions = TeamField.allCases.compactMap { EditArguments.option($0)?.spec } + [EditArguments.on.spec]
    static let usage = Usage(
        [.words("set person NAME")] + personOptions.map { .optional($0) } + [.words("[PATH…]")],
        [.words("set team NAME")] + teamOptions.map { .optional($0) } + [.words("[PATH…]")],
        [.words("set level LEVEL"), .required(EditArguments.limitMonths.spec), .words("[PATH…]")])
    static let names = 1

    static func edit(_ a: EditArguments, kind: Kind) throws(UsageError) -> RosterEdit {
        if kind == .team { return try team(a) }
        guard kind == .level else {
            let changes = try a.personChanges()
            guard !changes.isEmpty else {
                // The options that set something of a person: each field's, then the id.
                let names = personOptions.map(\.name).filter { $0 != EditArguments.on.spec.name }
                let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
                throw UsageError(message: "nothing to set: name \(list)", hint: a.usage)
            }
            return .setPerson(a.names[0], changes)
        }
        let limit = a.arguments[EditArguments.limitMonths]
        guard let level = JobLevel.parse(a.names[0]) else {
            let near = JobLevel.nearest(to: a.names[0]).map { "; did you mean \($0.rawValue)?" } ?? ""
            throw UsageError(message: "\"\(a.names[0])\" is not a job level\(near)", hint: a.usage)
        }
        guard let months = limit else {
            throw UsageError(message: "set level takes --limit-months N", hint: a.usage)
        }
        return .setLevel(level, limitMonths: months)
    }

    /// `set team NAME --lead P --members A,B`: each team field the table gives an option.
    static func team(_ a: EditArguments) throws(UsageError) -> RosterEdit {
        let (lead, members) = (a.arguments[EditArguments.lead], a.memberNames)
        guard lead != nil || members != nil else {
            let names = teamOptions.map(\.name).filter { $0 != EditArguments.on.spec.name }
            throw UsageError(message: "nothing to set: name " + names.joined(separator: " or "), hint: a.usage)
        }
        return .setTeam(a.names[0], lead: lead, members: members)
    }
}

/// `roster rename person|team OLD NEW`.
struct RenameCommand: EditCommand {
    static let name = "rename"
    static let summary = "Rename a person or a team, keeping the old name in `previously:` (the plan renames)."
    static let usage = Usage([.words("rename person|team OLD NEW [PATH…]")])
    static let takesDay = false
    static let names = 2

    static func edit(_ a: EditArguments, kind: PersonOrTeam) throws(UsageError) -> RosterEdit {
        .rename(kind == .team ? .team : .person, from: a.names[0], to: a.names[1])
    }
}

/// `roster remove person NAME [--successor PERSON]` and `roster remove team NAME`.
struct RemoveCommand: EditCommand {
    static let name = "remove"
    static let summary = "Remove a person (out of every team) or a team from the roster files."
    static let usage = Usage(
        [.words("remove person NAME")] + .each(EditArguments.successor.spec, EditArguments.on.spec)
            + [.words("[PATH…]")],
        [.words("remove team NAME"), .optional(EditArguments.on.spec), .words("[PATH…]")])
    static let names = 1

    static func edit(_ a: EditArguments, kind: PersonOrTeam) throws(UsageError) -> RosterEdit {
        kind == .team
            ? .removeTeam(a.names[0]) : .removePerson(a.names[0], successor: a.arguments[EditArguments.successor])
    }
}

/// The subcommand word (`person`, `team`, `level`) a command takes first.
func subcommand<C: EditCommand>(_ arguments: ParsedArguments, _ command: C.Type) throws(UsageError) -> C.Kind {
    guard let word = arguments.positionals.first, let kind = C.Kind(rawValue: word) else {
        let words = command.subcommands.joined(separator: " or ")
        throw UsageError(message: "`roster \(command.name)` takes \(words) first", hint: command.usage.description)
    }
    return kind
}
