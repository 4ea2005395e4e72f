import RosterModel
import RosterReconcile
import RosterSession

/// Where a command's words name people, teams or levels of the roster, for completion: the edit
/// commands' names (`roster move NAME`, `roster set person NAME`), and what `--only` selects.
enum NameSlot {
    /// The names the word being typed may be, or nil when it is a path.
    static func names(_ command: String, _ words: [String], _ context: CommandContext) -> [String]? {
        let positionals = positionals(words)
        let index = positionals.count - 1
        let kind = positionals.first
        switch command {
        case MoveCommand.name where index == 0: return roster(words).people
        case SetCommand.name where index == 1 && kind == SetCommand.Kind.level.rawValue:
            return JobLevel.allCases.map(\.rawValue)
        case SetCommand.name, RemoveCommand.name, RenameCommand.name:
            guard index == 1 else { return nil }
            return kind == PersonOrTeam.team.rawValue ? roster(words).teams : roster(words).people
        default: return nil
        }
    }

    /// The positional words after the command (the one being typed included), options and their
    /// values left out.
    static func positionals(_ words: [String]) -> [String] {
        var found: [String] = []
        var i = 1
        while i < words.count {
            if words[i].hasPrefix("-") && i < words.count - 1 {
                i += EditValueOptions.taking.contains(words[i]) ? 2 : 1
                continue
            }
            found.append(words[i])
            i += 1
        }
        return found
    }

    /// The roster the words name (the paths among them), or the default one.
    static func roster(_ words: [String]) -> (people: [String], teams: [String]) {
        RosterNames.load(paths: Array(words.dropFirst().dropLast()))
    }

    /// `--only`/`--exclude`: the selector forms, and `person:NAME`, `team:NAME`, `level:NAME` once
    /// the kind is typed.
    static func selectors(_ current: String, _ words: [String]) -> [String] {
        let done = current.range(of: ",", options: .backwards).map { String(current[..<$0.upperBound]) } ?? ""
        let typing = String(current.dropFirst(done.count))
        let forms: [String]
        if typing.hasPrefix("person:") {
            forms = roster(words).people.map { "person:" + $0 }
        } else if typing.hasPrefix("team:") {
            forms = roster(words).teams.map { "team:" + $0 }
        } else if typing.hasPrefix("level:") {
            forms = JobLevel.allCases.map { "level:" + $0.rawValue }
        } else {
            forms = PlanSelection.forms
        }
        return forms.map { done + $0 }
    }

    /// A comma-separated list of names: the ones typed, then each name.
    static func list(_ current: String, _ names: [String]) -> [String] {
        let done = current.range(of: ",", options: .backwards).map { String(current[..<$0.upperBound]) } ?? ""
        return names.map { done + $0 }
    }
}

/// The options of the edit commands and the plan that take a value, for telling values from paths.
enum EditValueOptions {
    static let taking: Set<String> = Set(
        RosterCommandLine.commands.flatMap { $0.options }.filter { $0.value != nil }.map(\.name))
}
