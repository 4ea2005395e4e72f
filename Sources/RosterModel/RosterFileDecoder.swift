import RosterDiagnostics
import RosterYAML

/// Turns one file's node tree into a ``RosterFile``, checking every field's shape and value.
/// Rules that span entries or files are the ``RosterValidator``'s.
struct RosterFileDecoder {
    static let topLevelKeys = RosterFormat.topLevelKeys
    static let personKeys = RosterFormat.personKeys
    static let teamKeys = RosterFormat.teamKeys
    static let defaultsKeys = RosterFormat.defaultsKeys
    static let policyKeys = RosterFormat.policyKeys
    static let kindListKeys = RosterFormat.kindListKeys
    static let supportedVersion = RosterFormat.version

    private var reader = NodeReader()
    private var defaults: (craft: Craft?, level: JobLevel?, focus: Focus?) = (nil, nil, nil)
    /// Fields the file's `defaults` names, valid or not: a bad default is reported once, at
    /// the default, not again at every person that relies on it.
    private var defaultedFields: Set<String> = []

    /// Decodes `root`, the mapping at the top of the file at `path`.
    static func decode(_ root: YAMLNode, path: String) -> (RosterFile, [Diagnostic]) {
        var decoder = RosterFileDecoder()
        let file = decoder.decodeFile(root, path: path)
        return (file, decoder.reader.diagnostics)
    }

    private mutating func decodeFile(_ root: YAMLNode, path: String) -> RosterFile {
        var file = RosterFile(path: path)
        guard let top = reader.fields(root, "the roster file", allowed: Self.topLevelKeys) else { return file }
        if let pair = top["version"] {
            file.version = reader.integer(pair.value, "version", in: Self.supportedVersion...Self.supportedVersion,
                                          expected: "\(Self.supportedVersion) (the only roster format version)")
        } else {
            reader.error("missing `version: \(Self.supportedVersion)` at the top of the file", at: root.location)
        }
        if let pair = top["$schema"] { _ = reader.string(pair.value, "$schema") }
        if let pair = top["space"], let space = reader.string(pair.value, "space") {
            if space.value.isEmpty { reader.error("space must not be empty", at: space.location) } else { file.space = space }
        }
        if let pair = top["defaults"], let fields = reader.fields(pair.value, "defaults", allowed: Self.defaultsKeys) {
            defaultedFields = Set(fields.keys)
            defaults.craft = fields["craft"].flatMap { reader.enumValue($0.value, Craft.self) }
            defaults.level = fields["level"].flatMap { reader.enumValue($0.value, JobLevel.self) }
            defaults.focus = fields["focus"].flatMap { reader.enumValue($0.value, Focus.self) }
        }
        if let pair = top["people"] {
            for node in list(pair.value, "people") {
                if let person = decodePerson(node) { file.people.append(person) }
            }
        }
        if let pair = top["teams"] {
            for node in list(pair.value, "teams") {
                if let team = decodeTeam(node) { file.teams.append(team) }
            }
        }
        if let pair = top["levels"] { file.levels = decodeLevels(pair.value) }
        if let pair = top["policy"] { file.policy = decodePolicy(pair.value) }
        return file
    }

    /// The items of a list; an empty value is an empty list.
    private mutating func list(_ node: YAMLNode, _ field: String) -> [YAMLNode] {
        if node.isNull { return [] }
        guard let items = node.items else {
            reader.error("\(field) must be a list, not \(node.kindDescription)", at: node.location)
            return []
        }
        return items
    }

    private mutating func decodePerson(_ node: YAMLNode) -> PersonEntry? {
        guard let fields = reader.fields(node, "a person", allowed: Self.personKeys) else { return nil }
        guard let namePair = fields["name"] else {
            reader.error("a person needs a name", at: node.location)
            return nil
        }
        let name = reader.name(namePair.value, "name")
        let id = fields["id"].flatMap { reader.integer($0.value, "id", in: 1...Int(Int32.max), expected: "a positive integer") }
        let craft = fields["craft"].map { reader.enumValue($0.value, Craft.self) } ?? defaults.craft
        let level = fields["level"].map { reader.enumValue($0.value, JobLevel.self) } ?? defaults.level
        let focus = fields["focus"].map { reader.enumValue($0.value, Focus.self) } ?? defaults.focus ?? .notApplicable
        let date = fields["levelStartDate"].map { reader.levelStartDate($0.value) } ?? .unmanaged
        let previously = fields["previously"].map { reader.names($0.value, "previously") } ?? []
        let who = name.map { "person \"\($0.value)\"" } ?? "a person"
        if fields["craft"] == nil && !defaultedFields.contains("craft") {
            reader.error("\(who) has no craft; set `craft` here or in this file's `defaults`", at: node.location)
        }
        if fields["level"] == nil && !defaultedFields.contains("level") {
            reader.error("\(who) has no level; set `level` here or in this file's `defaults`", at: node.location)
        }
        // A person whose other fields are wrong is still kept (with stand-in values, the file
        // being invalid anyway), so references to them do not raise errors of their own.
        guard let name else { return nil }
        return PersonEntry(name: name, id: id, craft: craft ?? .engineering, level: level ?? .junior, focus: focus ?? .notApplicable,
                           levelStartDate: date ?? .unmanaged, previously: previously, location: node.location)
    }

    private mutating func decodeTeam(_ node: YAMLNode) -> TeamEntry? {
        guard let fields = reader.fields(node, "a team", allowed: Self.teamKeys) else { return nil }
        guard let namePair = fields["name"] else {
            reader.error("a team needs a name", at: node.location)
            return nil
        }
        let name = reader.name(namePair.value, "name")
        let id = fields["id"].flatMap { reader.integer($0.value, "id", in: 1...Int(Int32.max), expected: "a positive integer") }
        let lead: Located<PersonReference>?
        if let pair = fields["lead"] {
            lead = reader.name(pair.value, "lead").map { Located(PersonReference(parsing: $0.value), at: $0.location) }
        } else {
            reader.error("team \"\(name?.value ?? "")\" needs a lead", at: node.location)
            lead = nil
        }
        var members: [Located<PersonReference>] = []
        if let pair = fields["members"] {
            if pair.value.isNull {
                members = []
            } else if let items = pair.value.items {
                members = items.compactMap { item in
                    reader.name(item, "a member").map { Located(PersonReference(parsing: $0.value), at: $0.location) }
                }
            } else {
                reader.error("members must be a list of people, not \(pair.value.kindDescription)", at: pair.value.location)
            }
        }
        let previously = fields["previously"].map { reader.names($0.value, "previously") } ?? []
        guard let name, let lead else { return nil }
        return TeamEntry(name: name, id: id, lead: lead, members: members, previously: previously, location: node.location)
    }

    private mutating func decodeLevels(_ node: YAMLNode) -> [LevelLimitEntry] {
        if node.isNull { return [] }
        guard let pairs = node.pairs else {
            reader.error("levels must be a mapping of job levels, e.g. `Junior: { limitMonths: 18 }`", at: node.location)
            return []
        }
        var result: [LevelLimitEntry] = []
        for pair in pairs {
            guard let level = reader.enumValue(pair.key, JobLevel.self) else { continue }
            guard pair.value.pairs != nil else {
                reader.error("level \(level.rawValue) must be a mapping such as `{ limitMonths: 18 }`, not \(pair.value.kindDescription)", at: pair.value.location)
                continue
            }
            guard let fields = reader.fields(pair.value, "level \(level.rawValue)", allowed: ["limitMonths"]) else { continue }
            guard let limit = fields["limitMonths"] else {
                reader.error("level \(level.rawValue) needs `limitMonths` (0 for no limit)", at: pair.value.location)
                continue
            }
            if let months = reader.integer(limit.value, "limitMonths", in: 0...600, expected: "an integer from 0 to 600") {
                result.append(LevelLimitEntry(level: level, limitMonths: months.value, location: pair.key.location))
            }
        }
        return result
    }

    private mutating func decodePolicy(_ node: YAMLNode) -> Policy {
        var policy = Policy()
        policy.location = node.location
        guard let fields = reader.fields(node, "policy", allowed: Self.policyKeys) else { return policy }
        if let p = fields["oneTeamPerPerson"], let v = reader.boolean(p.value, "oneTeamPerPerson") { policy.oneTeamPerPerson = v.value }
        if let p = fields["prune"], let v = reader.boolean(p.value, "prune") { policy.prune = v.value }
        if let p = fields["ignore"] {
            let lists = kindLists(p.value, "policy.ignore")
            policy.ignorePeople = lists.people
            policy.ignoreTeams = lists.teams
        }
        if let p = fields["protected"] {
            let lists = kindLists(p.value, "policy.protected")
            policy.protectedPeople = lists.people
            policy.protectedTeams = lists.teams
        }
        if let p = fields["maxDeletes"], let limit = maxDeletes(p.value) { policy.maxDeletes = limit }
        return policy
    }

    private mutating func kindLists(_ node: YAMLNode, _ field: String) -> (people: [Located<String>], teams: [Located<String>]) {
        if node.isNull { return ([], []) }
        guard let fields = reader.fields(node, field, allowed: Self.kindListKeys) else { return ([], []) }
        let people = fields["people"].map { reader.names($0.value, "\(field).people") } ?? []
        let teams = fields["teams"].map { reader.names($0.value, "\(field).teams") } ?? []
        return (people, teams)
    }

    /// `3` (a count) or `10%` (a share of the live total).
    private mutating func maxDeletes(_ node: YAMLNode) -> DeleteLimit? {
        let expected = "a count (3) or a share of the live total (10%)"
        if let s = node.scalar, s.value.hasSuffix("%"), !node.isNull {
            let number = s.value.dropLast()
            if let p = Double(number), number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), (0...100).contains(p) {
                return .percent(p)
            }
            reader.error("maxDeletes must be \(expected) with a share from 0% to 100%, not \"\(s.value)\"", at: node.location)
            return nil
        }
        return reader.integer(node, "maxDeletes", in: 0...Int(Int32.max), expected: expected).map { .count($0.value) }
    }
}
