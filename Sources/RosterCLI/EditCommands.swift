import RosterEdit
import RosterModel
import RosterRender
import RosterSession

/// The edit commands' one way to run: the edit through ``EditWorkflow``, then the patch
/// (`--dry-run`) or every file written (or none), and what it did.
enum EditRun {
    static func run(
        _ command: (some Command).Type, _ arguments: EditArguments, _ context: CommandContext,
        _ make: () throws(UsageError) -> RosterEdit
    ) async -> ExitCode {
        await command.reporting(FailureStyle(json: arguments.json), context) {
            let outcome = try EditWorkflow(paths: arguments.paths).edit(try make())
            if !outcome.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(outcome.warnings)) }
            let files = outcome.files
            let patch = files.map {
                UnifiedDiff.render(
                    outcome.original[$0] ?? "", outcome.changed[$0] ?? "", path: $0, creates: outcome.original[$0] == ""
                )
            }.joined()
            if !arguments.dryRun { try outcome.write() }
            if arguments.json {
                context.console.writeOut(
                    EditReport.json(
                        summary: outcome.summary, files: files, written: !arguments.dryRun,
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
struct AddCommand: Command {
    static let name = "add"
    static let subcommands = ["person", "team"]
    static let summary = "Add a person (into a team) or a team to the roster files; the server is not asked."
    static let usage =
        "roster add person NAME [--craft C] [--level L] [--focus F] [--since DATE] [--team TEAM [--as lead]] "
        + "[--into FILE] [PATH…] | roster add team NAME --lead PERSON [--members P,…] [PATH…]"
    struct Options: CommandOptions {
        static let specs =
            [
                EditArguments.craft.spec, EditArguments.level.spec, EditArguments.focus.spec,
                EditArguments.since.spec, EditArguments.team.spec, EditArguments.role.spec, EditArguments.into.spec,
                EditArguments.lead.spec, EditArguments.members.spec,
            ] + EditArguments.common
        var edit: EditArguments
        var kind: String

        init(_ arguments: ParsedArguments) throws(UsageError) {
            kind = try subcommand(arguments, AddCommand.self)
            edit = try EditArguments(arguments, skip: 1, names: 1, usage: AddCommand.usage)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let a = options.edit
        return await EditRun.run(self, a, context) { () throws(UsageError) in
            guard options.kind == "person" else {
                return .addTeam(
                    name: a.names[0], lead: try a.required(EditArguments.lead, usage), members: a.memberNames,
                    into: a.arguments[EditArguments.into])
            }
            return try HireCommand.person(a)
        }
    }
}

/// `roster hire NAME …`: `roster add person`, in a manager's word.
struct HireCommand: Command {
    static let name = "hire"
    static let summary = "Add a person to the roster files (the same as `roster add person`)."
    static let usage =
        "roster hire NAME [--craft C] [--level L] [--focus F] [--since DATE] [--team TEAM [--as lead]] [--into FILE] "
        + "[PATH…]"
    struct Options: CommandOptions {
        static let specs =
            [
                EditArguments.craft.spec, EditArguments.level.spec, EditArguments.focus.spec,
                EditArguments.since.spec, EditArguments.team.spec, EditArguments.role.spec, EditArguments.into.spec,
            ] + EditArguments.common
        var edit: EditArguments
        init(_ arguments: ParsedArguments) throws(UsageError) {
            edit = try EditArguments(arguments, names: 1, usage: HireCommand.usage)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await EditRun.run(self, options.edit, context) { () throws(UsageError) in try person(options.edit) }
    }

    static func person(_ a: EditArguments) throws(UsageError) -> RosterEdit {
        var day: Day?
        if case .date(let given)? = try a.since(allowingNone: false) { day = given }
        return .addPerson(try newPerson(a, day: day))
    }

    static func newPerson(_ a: EditArguments, day: Day?) throws(UsageError) -> NewPerson {
        if a.arguments[EditArguments.role] != nil && a.arguments[EditArguments.team] == nil {
            throw UsageError(message: "--as says the role in the team --team names; name the team", hint: usage)
        }
        return NewPerson(
            name: a.names[0], craft: try a.value(EditArguments.craft, Craft.self),
            level: try a.value(EditArguments.level, JobLevel.self), focus: try a.value(EditArguments.focus, Focus.self),
            levelStartDate: day, team: a.arguments[EditArguments.team],
            role: a.arguments[EditArguments.role] ?? .member, into: a.arguments[EditArguments.into])
    }
}

/// `roster move PERSON --to TEAM [--as lead] [--successor PERSON]`.
struct MoveCommand: Command {
    static let name = "move"
    static let summary = "Move a person to a team, as member or lead, out of the team they were in."
    static let usage = "roster move PERSON --to TEAM [--as member|lead] [--from TEAM] [--successor PERSON] [PATH…]"
    struct Options: CommandOptions {
        static let specs =
            [EditArguments.to.spec, EditArguments.role.spec, EditArguments.from.spec, EditArguments.successor.spec]
            + EditArguments.common
        var edit: EditArguments
        init(_ arguments: ParsedArguments) throws(UsageError) {
            edit = try EditArguments(arguments, names: 1, usage: MoveCommand.usage)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let a = options.edit
        return await EditRun.run(self, a, context) { () throws(UsageError) in
            .move(
                person: a.names[0], team: try a.required(EditArguments.to, usage),
                role: a.arguments[EditArguments.role] ?? .member, from: a.arguments[EditArguments.from],
                successor: a.arguments[EditArguments.successor])
        }
    }
}

/// `roster set person NAME --level L …` and `roster set level LEVEL --limit-months N`.
struct SetCommand: Command {
    static let name = "set"
    static let subcommands = ["person", "level"]
    static let summary = "Set a person's craft, level (with its start date) or focus, or a level's limit."
    static let usage =
        "roster set person NAME [--craft C] [--level L] [--since DATE|none] [--focus F] [PATH…] | "
        + "roster set level LEVEL --limit-months N [PATH…]"
    struct Options: CommandOptions {
        static let specs =
            [
                EditArguments.craft.spec, EditArguments.level.spec, EditArguments.since.spec,
                EditArguments.focus.spec, EditArguments.limitMonths.spec,
            ] + EditArguments.common
        var edit: EditArguments
        var kind: String
        init(_ arguments: ParsedArguments) throws(UsageError) {
            kind = try subcommand(arguments, SetCommand.self)
            edit = try EditArguments(arguments, skip: 1, names: 1, usage: SetCommand.usage)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let a = options.edit
        return await EditRun.run(self, a, context) { () throws(UsageError) in
            if options.kind == "level" {
                guard let level = JobLevel.parse(a.names[0]) else {
                    let near = JobLevel.nearest(to: a.names[0]).map { "; did you mean \($0.rawValue)?" } ?? ""
                    throw UsageError(message: "\"\(a.names[0])\" is not a job level\(near)", hint: usage)
                }
                guard let months = a.arguments[EditArguments.limitMonths] else {
                    throw UsageError(message: "set level takes --limit-months N", hint: usage)
                }
                return .setLevel(level, limitMonths: months)
            }
            let changes = try a.personChanges()
            guard !changes.isEmpty else {
                throw UsageError(message: "nothing to set: name --craft, --level, --since or --focus", hint: usage)
            }
            return .setPerson(a.names[0], changes)
        }
    }
}

/// `roster rename person|team OLD NEW`.
struct RenameCommand: Command {
    static let name = "rename"
    static let subcommands = ["person", "team"]
    static let summary = "Rename a person or a team, keeping the old name in `previously:` (the plan renames)."
    static let usage = "roster rename person|team OLD NEW [PATH…]"
    struct Options: CommandOptions {
        static let specs = EditArguments.common
        var edit: EditArguments
        var kind: RosterEdit.EntityKind
        init(_ arguments: ParsedArguments) throws(UsageError) {
            kind = try subcommand(arguments, RenameCommand.self) == "team" ? .team : .person
            edit = try EditArguments(arguments, skip: 1, names: 2, usage: RenameCommand.usage)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let a = options.edit
        return await EditRun.run(self, a, context) { () throws(UsageError) in
            .rename(options.kind, from: a.names[0], to: a.names[1])
        }
    }
}

/// `roster remove person NAME [--successor PERSON]` and `roster remove team NAME`.
struct RemoveCommand: Command {
    static let name = "remove"
    static let subcommands = ["person", "team"]
    static let summary = "Remove a person (out of every team) or a team from the roster files."
    static let usage = "roster remove person NAME [--successor PERSON] [PATH…] | roster remove team NAME [PATH…]"
    struct Options: CommandOptions {
        static let specs = [EditArguments.successor.spec] + EditArguments.common
        var edit: EditArguments
        var kind: String
        init(_ arguments: ParsedArguments) throws(UsageError) {
            kind = try subcommand(arguments, RemoveCommand.self)
            edit = try EditArguments(arguments, skip: 1, names: 1, usage: RemoveCommand.usage)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        let a = options.edit
        return await EditRun.run(self, a, context) { () throws(UsageError) in
            options.kind == "team"
                ? .removeTeam(a.names[0]) : .removePerson(a.names[0], successor: a.arguments[EditArguments.successor])
        }
    }
}

/// The subcommand word (`person`, `team`, `level`) a command takes first.
func subcommand(_ arguments: ParsedArguments, _ command: (some Command).Type) throws(UsageError) -> String {
    guard let word = arguments.positionals.first, command.subcommands.contains(word) else {
        let words = command.subcommands.joined(separator: " or ")
        throw UsageError(message: "`roster \(command.name)` takes \(words) first", hint: command.usage)
    }
    return word
}
