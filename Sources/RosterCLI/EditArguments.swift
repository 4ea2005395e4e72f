import Foundation
import RosterEdit
import RosterModel
import RosterSession

/// The options of the edit commands (`add`, `move`, `set`, `rename`, `remove`), each declared
/// once, and their values read as the edit's types: an unknown craft or a date that is no day
/// is a usage error with the nearest value.
struct EditArguments: Sendable {
    static let craft = Option<String?>.text("--craft", "CRAFT", "the person's craft (Engineering, Design, …)")
    static let level = Option<String?>.text("--level", "LEVEL", "the person's job level (Junior … Principal)")
    static let focus = Option<String?>.text("--focus", "FOCUS", "the person's focus (Frontend, Backend, …)")
    static let since = Option<String?>.text(
        "--since", "DATE", "the level start date, YYYY-MM-DD (`none` clears it; default with a new level: today)")
    /// A new person's `--since`: no date unless given, or unless the roster's rules ask for one.
    static let startDate = since.help(
        "the level start date, YYYY-MM-DD (default: none; today where rules.requireLevelStartDate asks for one)")
    static let on = Option<Day?>.day(
        "--on", "the day the change takes effect, YYYY-MM-DD (plans schedule it until then)")
    static let id = Option<Int?>.integer(
        "--id", "N", in: 1...Int(Int32.max), example: 118, "the live MPS user id to pin (when live names repeat)")
    static let team = Option<String?>.text("--team", "TEAM", "the team the person joins")
    static let namesake = Option<Bool>.flag(
        "--namesake", "a second person of a name the roster has (each other one pins its id)")
    static let role = Option<TeamRole?>.choice("--as", [TeamRole.member, .lead], "the person's role in the team")
    static let to = Option<String?>.text("--to", "TEAM", "the team the person moves to")
    static let from = Option<String?>.text("--from", "TEAM", "the team they leave, when they are in several")
    static let successor = Option<String?>.text("--successor", "PERSON", "who leads the team a lead leaves")
    static let lead = Option<String?>.text("--lead", "PERSON", "the team's lead")
    static let members = Option<String?>.text(
        "--members", "PERSON[,PERSON…]", "the team's members, the lead apart (set team: the whole list)")
    static let limitMonths = Option<Int?>.integer(
        "--limit-months", "N", in: 0...600, example: 24, "the level's time-in-level limit (0: none)")
    static let into = OptionCatalog.into.help(
        "the roster file the new person or team goes to (default: the first that holds people, or teams)")
    static let dryRun = OptionCatalog.dryRun.help("print the change as a patch (`git apply` takes it); write nothing")
    /// Every edit command's last options.
    static let common = [dryRun.spec, OptionCatalog.followSymlinks.spec, FormatOnly.format.spec]

    var names: [String]
    var paths: [String]
    var dryRun: Bool
    var json: Bool
    var links: FileReplacer.Links
    /// Diagnostics' style: colour and, with `--verbose`, their codes (as `validate` prints them).
    var style: ColorOptions
    var arguments: ParsedArguments
    /// The command's usage, the hint of its usage errors (empty while its options are declared,
    /// which the usage may be made of).
    let usage: String

    /// Reads `count` names after `skip` words (a subcommand), the rest being the roster's paths.
    init(_ arguments: ParsedArguments, skip: Int = 0, names count: Int, usage: String) throws(UsageError) {
        let words = Array(arguments.positionals.dropFirst(skip))
        guard words.count >= count else {
            let labels = count == 1 ? ["the name"] : ["the old name", "the new name"]
            let missing = labels.dropFirst(words.count).joined(separator: " and ")
            throw UsageError(message: "missing " + missing, hint: usage)
        }
        names = Array(words.prefix(count))
        paths = Array(words.dropFirst(count))
        dryRun = arguments[Self.dryRun]
        json = arguments[FormatOnly.format] == .json
        links = arguments[OptionCatalog.followSymlinks] ? .anywhere : .withinRepository
        style = ColorOptions(arguments)
        self.arguments = arguments
        self.usage = usage
    }

    /// The option that sets each field the table says the edit commands set (a test checks the
    /// names agree); `new`: a new person's (`--since` without a date defaults to none).
    static func option(_ field: PersonField, new: Bool = false) -> Option<String?>? {
        switch field {
        case .name: nil
        case .craft: craft
        case .level: level
        case .focus: focus
        case .levelStartDate: new ? startDate : since
        }
    }

    /// The option that sets each team field the table says the edit commands set (a test checks
    /// the names agree).
    static func option(_ field: TeamField) -> Option<String?>? {
        switch field {
        case .name: nil
        case .lead: lead
        case .members: members
        }
    }

    /// The person fields given, each checked against its field; for a person the roster has (not
    /// `new`), `none` states any field its row lets be empty (``FieldAbsence/isClearable``) empty.
    func fields(new: Bool) throws(UsageError) -> GivenFields {
        var fields = GivenFields()
        let allowingNone = !new
        // Every field's option read before any value is refused: the options read are the command's.
        let given = PersonField.all.compactMap { field in
            Self.option(field, new: new).map { (field, $0, arguments[$0]) }
        }
        for case let (field, option, text?) in given {
            if field.row.absence.isClearable && allowingNone && text == "none" {
                fields[field] = .some(nil)
            } else if let value = field.parse(text) {
                fields[field] = .some(value)
            } else {
                throw Self.invalid(option, field, text, allowingNone: allowingNone)
            }
        }
        return fields
    }

    /// The person fields given, for `set person`.
    func personChanges() throws(UsageError) -> PersonChanges {
        PersonChanges(fields: try fields(new: false), id: arguments[Self.id])
    }

    /// A value the option does not take: a date that is no day, or the nearest value of a set.
    static func invalid(
        _ option: Option<String?>, _ field: PersonField, _ text: String, allowingNone: Bool
    ) -> UsageError {
        let orNone = allowingNone && field.row.absence.isClearable ? " (or none)" : ""
        if field.kind == .date {
            return UsageError(
                message: "\(option.spec.name): \"\(text)\" is not a day written YYYY-MM-DD" + orNone,
                hint: "for example \(option.spec.name) 2026-11-01")
        }
        let near = field.nearest(to: text).map { "; did you mean \($0)?" } ?? ""
        return UsageError(
            message: "\(option.spec.name): \"\(text)\" is not a value it takes\(orNone)\(near)",
            hint: "run `roster help` for the values")
    }

    /// `--on DATE`: the day the edit takes effect; nil when not given.
    var day: Day? { arguments[Self.on] }

    /// `--members A,B`: the names, trimmed; nil when not given (`--members ""` names nobody).
    var memberNames: [String]? {
        arguments[Self.members].map { list in
            list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// A value the command cannot do without, not given.
    func missing(_ option: Option<String?>) -> UsageError {
        UsageError(message: "\(option.spec.name) is required", hint: usage)
    }
}
