import RosterCore
import RosterYAML

/// The space's settings of a file: level limits, policy (each rail's setting read by the rail,
/// ``PolicySetting``), rules and access.
extension RosterFileDecoder {
    mutating func decodeLevels(_ node: NodeID) -> [LevelLimitEntry] {
        if doc.isNull(node) { return [] }
        guard doc.kind(node) == .mapping else {
            reader.error(
                .wrongType, "levels must be a mapping of job levels, e.g. `Junior: { limitMonths: 18 }`", at: node)
            return []
        }
        var result: [LevelLimitEntry] = []
        for i in 0..<doc.pairCount(node) {
            let key = doc.key(node, i), value = doc.value(node, i)
            guard let level = reader.enumValue(key, JobLevel.self) else { continue }
            guard doc.kind(value) == .mapping else {
                reader.error(
                    .wrongType,
                    "level \(level.rawValue) must be a mapping such as `{ limitMonths: 18 }`, not "
                        + "\(doc.kindDescription(value))",
                    at: value)
                continue
            }
            guard let fields = reader.fields(value, "level \(level.rawValue)", RosterFormat.LevelKey.self) else {
                continue
            }
            guard let limit = fields[.limitMonths] else {
                reader.error(.missingField, "level \(level.rawValue) needs `limitMonths` (0 for no limit)", at: value)
                continue
            }
            if let months = reader.integer(
                limit, RosterFormat.LevelKey.limitMonths.name, in: RosterFormat.limitMonthsRange,
                expected: "an integer from 0 to 600")
            {
                result.append(LevelLimitEntry(level: level, limitMonths: months.value, location: doc.location(key)))
            }
        }
        return result
    }

    mutating func decodePolicy(_ node: NodeID) -> Policy {
        var policy = Policy()
        policy.location = doc.location(node)
        guard let fields = reader.fields(node, "policy", RosterFormat.PolicyKey.self) else { return policy }
        if let n = fields[.oneTeamPerPerson], let v = reader.boolean(n, "oneTeamPerPerson") {
            policy.oneTeamPerPerson = v
        }
        if let n = fields[.prune], let v = reader.boolean(n, "prune") { policy.prune = v }
        if let n = fields[.ignore] {
            (policy.ignorePeople, policy.ignoreTeams) = kindLists(n, "policy.ignore")
        }
        if let n = fields[.protected] {
            (policy.protectedPeople, policy.protectedTeams) = kindLists(n, "policy.protected")
        }
        for key in RosterFormat.PolicyKey.allCases {
            if let setting = key.readSetting, let n = fields[key] { setting.decode(n, &reader, into: &policy) }
        }
        return policy
    }

    mutating func decodeRules(_ node: NodeID) -> Rules {
        var rules = Rules()
        rules.location = doc.location(node)
        guard let fields = reader.fields(node, "rules", RosterFormat.RulesKey.self) else { return rules }
        var severity = Severity.error
        if let n = fields[.severity], let s = ruleSeverity(n) { severity = s }
        func rule<Value>(
            _ key: RosterFormat.RulesKey, _ read: (inout Self, NodeID) -> Value?
        ) -> Rules.Rule<Value>? {
            let name = key.rawValue
            guard let n = fields[key] else { return nil }
            if doc.kind(n) == .mapping, let parts = reader.fields(n, "rules.\(name)", RosterFormat.RuleKey.self) {
                guard let valueNode = parts[.value] else {
                    reader.error(.missingField, "rules.\(name) needs a `value`", at: n)
                    return nil
                }
                let own = parts[.severity].flatMap { ruleSeverity($0) } ?? severity
                return read(&self, valueNode).map { Rules.Rule(value: $0, severity: own) }
            }
            return read(&self, n).map { Rules.Rule(value: $0, severity: severity) }
        }
        let size = { (me: inout Self, n: NodeID, name: String) in
            me.reader.integer(n, "rules.\(name)", in: 1...10_000, expected: "a number of people from 1 to 10000")?.value
        }
        rules.maxTeamSize = rule(.maxTeamSize) { size(&$0, $1, "maxTeamSize") }
        rules.minTeamSize = rule(.minTeamSize) { size(&$0, $1, "minTeamSize") }
        rules.maxSpanOfControl = rule(.maxSpanOfControl) { size(&$0, $1, "maxSpanOfControl") }
        rules.leadMinLevel = rule(.leadMinLevel) { $0.reader.enumValue($1, JobLevel.self) }
        rules.requireLevelStartDate = rule(.requireLevelStartDate) {
            $0.reader.boolean($1, "rules.requireLevelStartDate")
        }
        rules.requireFocus = rule(.requireFocus) { me, n in
            me.list(n, "rules.requireFocus").compactMap { me.reader.enumValue($0, Craft.self) }
        }
        return rules
    }

    private mutating func ruleSeverity(_ node: NodeID) -> Severity? {
        guard let text = reader.string(node, "severity") else { return nil }
        switch text.value {
        case "error": return .error
        case "warning": return .warning
        default:
            reader.error(.invalidValue, "severity must be error or warning, not \"\(text.value)\"", at: node)
            return nil
        }
    }

    mutating func decodeAccess(_ node: NodeID) -> AccessPolicy {
        var access = AccessPolicy(location: doc.location(node))
        guard let fields = reader.fields(node, "access", RosterFormat.AccessKey.self) else { return access }
        if let n = fields[.prune], let v = reader.boolean(n, "access.prune") { access.prune = v }
        guard let n = fields[.members] else { return access }
        var seen: [String: SourceLocation] = [:]
        for item in list(n, "access.members") {
            guard let email = reader.string(item, "an entry of access.members") else { continue }
            if let problem = AccessPolicy.problem(email.value) {
                reader.error(
                    .invalidValue, "\"\(TerminalText.escape(email.value))\" in access.members \(problem)", at: item)
            } else if let first = seen[AccessPolicy.key(email.value)] {
                reader.diagnostics.append(
                    .error(
                        .duplicateName,
                        "\"\(email.value)\" is listed twice in access.members (emails ignore case)", at: email.location,
                        notes: [DiagnosticNote(location: first, message: "first listed here")]))
            } else {
                seen[AccessPolicy.key(email.value)] = email.location
                access.members.append(email)
            }
        }
        return access
    }

    private mutating func kindLists(_ node: NodeID, _ field: String) -> ([Located<String>], [Located<String>]) {
        if doc.isNull(node) { return ([], []) }
        guard let fields = reader.fields(node, field, RosterFormat.KindListsKey.self) else { return ([], []) }
        let people = fields[.people].map { reader.names($0, "\(field).people") } ?? []
        let teams = fields[.teams].map { reader.names($0, "\(field).teams") } ?? []
        return (people, teams)
    }
}
