import RosterCore
import RosterYAML

/// Turns one file's document into a ``RosterFile``, checking every field's shape and value, in
/// one pass over the loaded document: `defaults` first, then each person with them applied,
/// then teams, levels and the rest. Rules that span entries or files are the
/// ``RosterValidator``'s.
struct RosterFileDecoder {
    /// Read by the extensions that decode the space's settings, in their own file.
    var reader: NodeReader
    private var defaults: (craft: Craft?, level: JobLevel?, focus: Focus?) = (nil, nil, nil)
    /// Fields the file's `defaults` names, valid or not: a bad default is reported once, at
    /// the default, not again at every person that relies on it.
    private var defaultedCraft = false
    private var defaultedLevel = false
    let path: String

    /// A decoder for the file at `path`.
    init(path: String) {
        self.path = path
        reader = NodeReader(.empty(file: FileID(path)))
    }

    /// Decodes the loaded file, with a diagnostic for every problem found.
    mutating func decode(_ document: YAMLDocument) -> (RosterFile, [Diagnostic]) {
        reader = NodeReader(document)
        var file = RosterFile(path: path)
        if let root = document.root { decodeFile(root, into: &file) }
        let declared = Set(file.newValues.map(\.value))
        for value in reader.undeclared where !declared.contains(value.value) { reader.diagnostics.append(value.error) }
        return (file, reader.diagnostics)
    }

    var doc: YAMLDocument { reader.doc }

    private mutating func decodeFile(_ root: NodeID, into file: inout RosterFile) {
        guard let top = reader.fields(root, "the roster file", RosterFormat.TopLevelKey.self) else { return }
        let version = RosterFormat.version
        if let node = top[.version] {
            file.version = reader.integer(
                node, "version", in: version...version, expected: "\(version) (the only roster format version)")
        } else {
            reader.error(.missingField, "missing `version: \(version)` at the top of the file", at: root)
        }
        if let node = top[.space], let space = reader.string(node, "space") {
            if space.value.isEmpty {
                reader.error(.emptyValue, "space must not be empty", at: node)
            } else {
                file.space = space
            }
        }
        if let node = top[.defaults], let fields = reader.fields(node, "defaults", RosterFormat.DefaultsKey.self) {
            defaultedCraft = fields.has(.craft)
            defaultedLevel = fields.has(.level)
            defaults.craft = fields[.craft].flatMap { reader.enumValue($0, Craft.self) }
            defaults.level = fields[.level].flatMap { reader.enumValue($0, JobLevel.self) }
            defaults.focus = fields[.focus].flatMap { reader.enumValue($0, Focus.self) }
        }
        if let node = top[.people] { file.people = people(node) }
        if let node = top[.teams] { file.teams = teams(node) }
        if let node = top[.levels] { file.levels = decodeLevels(node) }
        if let node = top[.policy] { file.policy = decodePolicy(node) }
        if let node = top[.schema] { _ = reader.string(node, "$schema") }
        if let node = top[.access] { file.access = decodeAccess(node) }
        if let node = top[.rules] { file.rules = decodeRules(node) }
        if let node = top[.newValues] { file.newValues = decodeNewValues(node) }
    }

    /// `newValues`: values of a newer MPS, each spelled as MPS spells enum values and neither
    /// a value roster knows nor a near miss of one.
    private mutating func decodeNewValues(_ node: NodeID) -> [Located<String>] {
        reader.names(node, "newValues").filter { value in
            let text = value.value
            let fields = [
                Craft.parse(text).map { _ in Craft.fieldName }, JobLevel.parse(text).map { _ in JobLevel.fieldName },
                Focus.parse(text).map { _ in Focus.fieldName },
            ].compactMap { $0 }
            if let field = fields.first {
                reader.diagnostics.append(
                    .error(
                        .badNewValue,
                        "\"\(text)\" is a \(field) roster knows; newValues lists only values it does not",
                        at: value.location))
                return false
            }
            guard Craft.mayBeUnknownValue(text) && JobLevel.mayBeUnknownValue(text) && Focus.mayBeUnknownValue(text)
            else {
                reader.diagnostics.append(
                    .error(
                        .badNewValue,
                        "newValues entry \"\(text)\" is not spelled as MPS spells its values (a capital letter, then "
                            + "letters, digits and _), or is a near miss of a value roster knows", at: value.location))
                return false
            }
            return true
        }
    }

    /// The people of the list at `node`, each with this file's `defaults` for what it leaves out.
    private mutating func people(_ node: NodeID) -> [PersonEntry] {
        list(node, "people").compactMap { decodePerson($0) }
    }

    private mutating func teams(_ node: NodeID) -> [TeamEntry] {
        list(node, "teams").compactMap { decodeTeam($0) }
    }

    /// The items of a list; an empty value is an empty list.
    mutating func list(_ node: NodeID, _ field: String) -> ChildList {
        if doc.kind(node) != .sequence && !doc.isNull(node) {
            reader.error(.wrongType, "\(field) must be a list, not \(doc.kindDescription(node))", at: node)
        }
        return doc.items(node)
    }

    /// Decodes a person, the file's `defaults` giving what it leaves out.
    private mutating func decodePerson(_ node: NodeID) -> PersonEntry? {
        guard let fields = reader.fields(node, "a person", RosterFormat.PersonKey.self) else { return nil }
        guard let nameNode = fields[.name] else {
            reader.error(.missingField, "a person needs a name", at: node)
            return nil
        }
        let name = reader.name(nameNode, "name")
        let id = fields[.id].flatMap {
            reader.integer($0, "id", in: 1...Int(Int32.max), expected: "a positive integer")
        }
        // A person whose other fields are wrong is still kept (with stand-in values, the file
        // being invalid anyway), so references to them do not raise errors of their own.
        var person = PersonEntry(
            name: name ?? Located("", at: doc.location(nameNode)), id: id, craft: .engineering, level: .junior,
            focus: .notApplicable, levelStartDate: .unmanaged, location: doc.location(node))
        for field in PersonField.all {
            if let value = fields[field.key] {
                read(field, value, into: &person)
            } else if name != nil {
                absent(field, &person)
            }
        }
        person.previously = fields[.previously].map { reader.names($0, "previously") } ?? []
        person.presence = presence(fields[.starts], fields[.lastDay])
        person.changes = fields[.changes].map { list($0, "changes").compactMap { decodePersonChange($0) } } ?? []
        return name == nil ? nil : person
    }

    /// One field the entry states.
    private mutating func read(_ field: PersonField, _ node: NodeID, into person: inout PersonEntry) {
        switch field {
        case .name: break  // read first: the entry's identity
        case .craft: if let value = reader.enumValue(node, Craft.self) { person.craft = value }
        case .level: if let value = reader.enumValue(node, JobLevel.self) { person.level = value }
        case .focus: if let value = reader.enumValue(node, Focus.self) { person.focus = value }
        case .levelStartDate: if let value = reader.levelStartDate(node) { person.levelStartDate = value }
        }
    }

    /// A field the entry leaves out: the file's `defaults`, else what its absence means.
    private mutating func absent(_ field: PersonField, _ person: inout PersonEntry) {
        switch field {
        case .craft:
            if let value = defaults.craft { person.craft = value } else if !defaultedCraft { lacks("craft", person) }
        case .level:
            if let value = defaults.level { person.level = value } else if !defaultedLevel { lacks("level", person) }
        case .focus: if let value = defaults.focus { person.focus = value }
        case .name, .levelStartDate: break
        }
    }

    /// A person without `field`, which the file's `defaults` do not give either.
    private mutating func lacks(_ field: String, _ person: PersonEntry) {
        reader.diagnostics.append(
            .error(
                .missingField,
                "person \"\(person.name.value)\" has no \(field); set `\(field)` here or in this file's `defaults`",
                at: person.location))
    }

    private mutating func reference(_ node: NodeID, _ field: String) -> Located<PersonReference>? {
        reader.name(node, field).map { Located(PersonReference(parsing: $0.value), at: $0.location) }
    }

    private mutating func decodeTeam(_ node: NodeID) -> TeamEntry? {
        guard let fields = reader.fields(node, "a team", RosterFormat.TeamKey.self) else { return nil }
        guard let nameNode = fields[.name] else {
            reader.error(.missingField, "a team needs a name", at: node)
            return nil
        }
        let name = reader.name(nameNode, "name")
        let id = fields[.id].flatMap {
            reader.integer($0, "id", in: 1...Int(Int32.max), expected: "a positive integer")
        }
        var lead: Located<PersonReference>?
        if let leadNode = fields[.lead] {
            lead = reference(leadNode, "lead")
        } else {
            reader.error(.missingField, "team \"\(name?.value ?? "")\" needs a lead", at: node)
        }
        let members = fields[.members].map { references($0) } ?? []
        let previously = fields[.previously].map { reader.names($0, "previously") } ?? []
        guard let name, let lead else { return nil }
        var team = TeamEntry(
            name: name, id: id, lead: lead, members: members, previously: previously, location: doc.location(node))
        team.presence = presence(fields[.starts], fields[.lastDay])
        team.changes = fields[.changes].map { list($0, "changes").compactMap { decodeTeamChange($0) } } ?? []
        return team
    }

    /// A list of people (an empty value: nobody).
    private mutating func references(_ node: NodeID) -> [Located<PersonReference>] {
        switch doc.kind(node) {
        case .sequence:
            let items = doc.items(node)
            var members: [Located<PersonReference>] = []
            members.reserveCapacity(items.count)
            for item in items {
                if let member = reference(item, "a member") { members.append(member) }
            }
            return members
        case .scalar where doc.isNull(node):
            return []
        default:
            reader.error(.wrongType, "members must be a list of people, not \(doc.kindDescription(node))", at: node)
            return []
        }
    }

    /// An entry's first and last day, where it states them.
    private mutating func presence(_ starts: NodeID?, _ lastDay: NodeID?) -> Presence {
        Presence(
            starts: starts.flatMap { reader.located(day: $0, RosterFormat.PersonKey.starts.name) },
            lastDay: lastDay.flatMap { reader.located(day: $0, RosterFormat.PersonKey.lastDay.name) })
    }

    /// One item of a person's `changes:`: its day and the level from that day.
    private mutating func decodePersonChange(_ node: NodeID) -> PersonChange? {
        guard let fields = reader.fields(node, "a person's change", RosterFormat.PersonChangeKey.self) else {
            return nil
        }
        guard let onNode = fields[.on] else {
            reader.error(.missingField, "a person's change needs the day it takes effect: `on: YYYY-MM-DD`", at: node)
            return nil
        }
        guard let levelNode = fields[.level] else {
            reader.error(.missingField, "a person's change states the level they have from that day", at: node)
            return nil
        }
        guard let on = reader.located(day: onNode, RosterFormat.PersonChangeKey.on.name),
            let level = reader.enumValue(levelNode, JobLevel.self)
        else { return nil }
        return PersonChange(on: on, level: Located(level, at: doc.location(levelNode)), location: doc.location(node))
    }

    /// One item of a team's `changes:`: its day, and a new lead, new members or both.
    private mutating func decodeTeamChange(_ node: NodeID) -> TeamChange? {
        guard let fields = reader.fields(node, "a team change", RosterFormat.TeamChangeKey.self) else { return nil }
        guard let onNode = fields[.on] else {
            reader.error(.missingField, "a team change needs the day it takes effect: `on: YYYY-MM-DD`", at: node)
            return nil
        }
        guard fields.has(.lead) || fields.has(.members) else {
            reader.error(.missingField, "a team change states a new lead, new members or both", at: node)
            return nil
        }
        guard let on = reader.located(day: onNode, RosterFormat.TeamChangeKey.on.name) else { return nil }
        return TeamChange(
            on: on, lead: fields[.lead].flatMap { reference($0, "lead") },
            members: fields[.members].map { references($0) },
            location: doc.location(node))
    }
}
