import RosterModel
import RosterRender

/// A command-line option declared once, with its type: its ``OptionSpec`` (which parsing, help,
/// completion and the manual pages read) and how its value is read. Commands read
/// `arguments[OptionCatalog.prune]`, a `Bool`, never a look-up by the option's spelling.
struct Option<Value>: Sendable {
    let spec: OptionSpec
    private let read: @Sendable (ParsedArguments) -> Value

    private init(_ spec: OptionSpec, read: @escaping @Sendable (ParsedArguments) -> Value) {
        self.spec = spec
        self.read = read
    }

    func value(in arguments: ParsedArguments) -> Value { read(arguments) }

    /// The same option, with the help one command gives it.
    func help(_ text: String) -> Option {
        var spec = self.spec
        spec.help = text
        return Option(spec, read: read)
    }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    static func flag(_ name: String, _ help: String) -> Option {
        Option(OptionSpec(name, help)) { $0.flags.contains(name) }
    }
}

extension Option where Value == String? {
    /// An option with a value (`--out FILE`): the text given, or nil.
    static func text(_ name: String, _ placeholder: String, _ help: String) -> Option {
        Option(OptionSpec(name, value: placeholder, help)) { $0.values[name] }
    }
}

extension Option where Value == Int? {
    /// A whole number in `range` (`--concurrency N`), or nil when not given; the parser refuses
    /// anything else with the range in its message.
    static func integer(
        _ name: String, _ placeholder: String, in range: ClosedRange<Int>, example: Int, _ help: String
    ) -> Option {
        var spec = OptionSpec(name, value: placeholder, help)
        spec.number = (Double(range.lowerBound)...Double(range.upperBound), true, String(example))
        return Option(spec) { $0.values[name].flatMap { Int($0) } }
    }
}

extension Option where Value == Day? {
    /// A day, `YYYY-MM-DD` (`--as-of DATE`), or nil when not given; the parser refuses anything
    /// else, naming the option, so no command reads a day of its own.
    static func day(_ name: String, _ help: String) -> Option {
        var spec = OptionSpec(name, value: "DATE", help)
        spec.day = true
        return Option(spec) { $0.values[name].flatMap(Day.init) }
    }
}

extension Option where Value == Double? {
    /// A number in `range` (`--timeout SECONDS`), or nil when not given; refused by the parser
    /// otherwise.
    static func number(
        _ name: String, _ placeholder: String, in range: ClosedRange<Double>, example: Int, _ help: String
    ) -> Option {
        var spec = OptionSpec(name, value: placeholder, help)
        spec.number = (range, false, String(example))
        return Option(spec) { $0.values[name].flatMap { Double($0) } }
    }
}

extension Option {
    /// One of `values` (`--color auto|always|never`), or nil when not given; the parser refuses any
    /// other value, and help, completion and the manual pages list them.
    static func choice<Choice: RawRepresentable & Sendable>(
        _ name: String, _ values: [Choice], _ help: String
    ) -> Option<Choice?> where Choice.RawValue == String {
        Option<Choice?>(OptionSpec(name, choices: values.map(\.rawValue), help)) {
            $0.values[name].flatMap(Choice.init(rawValue:))
        }
    }

}

extension Option where Value: OutputFormat {
    /// `--format`, taking the cases of the command's format enum; the first is the default.
    static func format(_ help: String) -> Option<Value> {
        let formats = Array(Value.allCases)
        return Option(OptionSpec("--format", choices: formats.map(\.rawValue), help)) { arguments in
            arguments.values["--format"].flatMap(Value.init(rawValue:)) ?? formats[0]
        }
    }
}

extension ParsedArguments {
    subscript<Value>(_ option: Option<Value>) -> Value {
        reads?.note(option.spec)
        return option.value(in: self)
    }
}

/// Every option of the command line, each declared once.
enum OptionCatalog {
    static let prune = Option<Bool>.flag("--prune", "also delete live people and teams missing from the roster")
    static let out = Option<String?>.text("--out", "FILE", "also save the plan for `roster apply FILE`")
    static let only = Option<String?>.text(
        "--only", "SEL[,SEL…]",
        "limit the plan to person:NAME, team:NAME, level:NAME, access:EMAIL, people, teams, levels, access")
    static let exclude = Option<String?>.text("--exclude", "SEL[,SEL…]", "leave these entities out of the plan")
    static let detailedExitcode = Option<Bool>.flag("--detailed-exitcode", "exit 2 when there are changes, 0 when none")
    static let view = Option<PlanRenderer.TextView?>.choice(
        "--view", PlanRenderer.TextView.allCases, "text plan: people (default; who joins, leaves, moves) or resources")
    static let autoApprove = Option<Bool>.flag("--auto-approve", "apply without asking")
    /// Each policy setting's flag that applies past it (`--allow-large-changes`), from the settings.
    static let overrides: [(key: RosterFormat.PolicyKey, option: Option<Bool>)] = RosterFormat.PolicyKey.settings.map {
        ($0.key, Option<Bool>.flag($0.override, "apply even past policy.\($0.key.rawValue)"))
    }
    static let concurrency = Option<Int?>.integer(
        "--concurrency", "N", in: 1...64, example: 4, "requests in flight at once (default 4)")
    static let live = Option<Bool>.flag("--live", "read the live space instead of roster files")
    static let team = Option<String?>.text("--team", "NAME", "draw this team only")
    static let asOf = Option<Day?>.day("--as-of", "the day to measure time in level on (default: today, UTC)")
    static let dueMonths = Option<Int?>.integer(
        "--due-months", "N", in: 0...600, example: 3, "due: within N months of the limit (default 3)")
    static let dryRun = Option<Bool>.flag("--dry-run", "print a unified diff of the files instead of writing them")
    static let check = Option<Bool>.flag("--check", "write nothing; exit 2 when the files would change")
    static let into = Option<String?>.text("--into", "FILE", "append new people and teams to this file")
    static let reviewed = Option<String?>.text(
        "--reviewed", "FOLDER",
        "apply the roster as far as the saved plans in FOLDER (reviewed on merged pull requests) hold it")
    static let followSymlinks = Option<Bool>.flag(
        "--follow-symlinks", "write through a symbolic link that leads outside the roster's repository")
    static let base = Option<String?>.text("--base", "REF", "the git ref last applied (default: the default branch's)")
    static let take = Option<String?>.text(
        "--take", "SIDE[:KIND:NAME][,…]",
        "resolve conflicts: files or space, for all or one entry (space:person:NAME, files:team:NAME, "
            + "space:level:NAME, files:access)")
    static let withToken = Option<Bool>.flag(
        "--with-token", "login: read the token from standard input instead of a prompt")
    static let endpoint = Option<String?>.text("--endpoint", "URL", "the GraphQL endpoint (env MPS_ENDPOINT)")
    static let tokenFile = Option<String?>.text(
        "--token-file", "FILE", "file holding the session token (env MPS_TOKEN holds the token itself)")
    static let space = Option<String?>.text(
        "--space", "ID", "the space to use (env MPS_SPACE; overrides the roster's space)")
    static let profile = Option<String?>.text("--profile", "NAME", "a profile of the config file (env MPS_PROFILE)")
    static let timeout = Option<Double?>.number(
        "--timeout", "SECONDS", in: 1...3600, example: 30,
        "a deadline for each read request, headers and body (default 30)")
    static let maxResponseMB = Option<Int?>.integer(
        "--max-response-mb", "MB", in: 1...65536, example: 256, "the largest answer read from the server (default 256)")
    static let verbose = Option<Bool>.flag(
        "--verbose", "log each request on standard error (the token redacted); end each diagnostic with its code")
    static let noColor = Option<Bool>.flag("--no-color", "plain output (also NO_COLOR)")
    static let color = Option<ColorChoice?>.choice(
        "--color", ColorChoice.allCases, "colour: auto (a terminal, not TERM=dumb), always or never")
}
