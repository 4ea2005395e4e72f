import RosterModel

/// One change to the roster files, in the words a manager uses: who joins, moves, is promoted,
/// is renamed or leaves. ``RosterEditor`` writes it into the files; the server is never asked.
package enum RosterEdit: Equatable, Sendable {
    /// A new person (`roster add person`, `roster hire`), into a team when one is named.
    case addPerson(NewPerson)
    /// A new team with its lead and members, each taken out of the team they are in; into the
    /// roster file `into`, or the first that holds teams.
    case addTeam(name: String, lead: String, members: [String], into: String? = nil)
    /// A person into `team` as `role`, out of the team they were in (`from`, when they are in
    /// several); `successor` leads the team a lead leaves.
    case move(person: String, team: String, role: TeamRole, from: String? = nil, successor: String? = nil)
    /// Fields of a person; a level with its start date.
    case setPerson(String, PersonChanges)
    /// A team's lead (out of the teams they were in, as a move as lead takes them) and its members,
    /// the whole list (nil: left as they are): newcomers move in, the others leave the team.
    case setTeam(String, lead: String?, members: [String]?)
    /// A level's time-in-level limit.
    case setLevel(JobLevel, limitMonths: Int)
    /// A new name, the old one kept in `previously:` so that the plan renames.
    case rename(EntityKind, from: String, to: String)
    /// A person out of every team and the roster; `successor` leads the team they led.
    case removePerson(String, successor: String? = nil)
    /// A team out of the roster; its people stay, in no team.
    case removeTeam(String)
    /// An edit that takes effect on a day (`--on DATE`): written as a first day, a last day or a
    /// team's dated change (docs/roster-file.md).
    indirect case on(Day, RosterEdit)

    /// People or teams.
    package enum EntityKind: String, Equatable, Sendable {
        case person, team
    }
}

/// A person's place in a team.
package enum TeamRole: String, Equatable, Sendable {
    case member, lead
}

/// The person fields an edit gives, by the table (``PersonField``): each as MPS spells it, or
/// nil to state it empty (`--since none`). A field not given is left as it is.
package struct GivenFields: Equatable, Sendable {
    private var values: [PersonField: String?] = [:]

    package init() {}

    /// The value given for `field`: nil when none is given, `.some(nil)` to state it empty.
    package subscript(field: PersonField) -> String?? {
        get { values[field] }
        set { values[field] = newValue }
    }

    var isEmpty: Bool { values.isEmpty }

    /// Gives `field` the value `text`; nil gives nothing.
    mutating func give(_ field: PersonField, _ text: String?) {
        if let text { values[field] = .some(text) }
    }
}

/// The person `roster add person` writes.
package struct NewPerson: Equatable, Sendable {
    var name: String
    /// The fields given; those left out come from the file's defaults.
    var fields: GivenFields
    var team: String?
    var role: TeamRole
    /// The roster file the entry goes to; nil: the first that holds people.
    package var into: String?
    /// `--namesake`: a second person of a name the roster has, not the same person again.
    var namesake: Bool

    package init(
        name: String, fields: GivenFields = GivenFields(), team: String? = nil, role: TeamRole = .member,
        into: String? = nil, namesake: Bool = false
    ) {
        self.name = name
        self.fields = fields
        self.team = team
        self.role = role
        self.into = into
        self.namesake = namesake
    }

    /// A hire with these values, typed.
    init(
        name: String, craft: Craft? = nil, level: JobLevel? = nil, focus: Focus? = nil, levelStartDate: Day? = nil,
        team: String? = nil, role: TeamRole = .member, into: String? = nil, namesake: Bool = false
    ) {
        var fields = GivenFields()
        fields.give(.craft, craft?.rawValue)
        fields.give(.level, level?.rawValue)
        fields.give(.focus, focus?.rawValue)
        fields.give(.levelStartDate, levelStartDate?.description)
        self.init(name: name, fields: fields, team: team, role: role, into: into, namesake: namesake)
    }
}

/// The fields `roster set person` changes; a field not given is left as it is.
package struct PersonChanges: Equatable, Sendable {
    var fields: GivenFields
    /// The live MPS user id to pin (needed when live names repeat).
    var id: Int?

    package init(fields: GivenFields, id: Int? = nil) {
        self.fields = fields
        self.id = id
    }

    /// Changes to these values, typed; a level start date `.clear` states none.
    init(
        craft: Craft? = nil, level: JobLevel? = nil, focus: Focus? = nil, levelStartDate: LevelStartDate? = nil,
        id: Int? = nil
    ) {
        var fields = GivenFields()
        fields.give(.craft, craft?.rawValue)
        fields.give(.level, level?.rawValue)
        fields.give(.focus, focus?.rawValue)
        switch levelStartDate {
        case .value(let day)?: fields[.levelStartDate] = .some(day.description)
        case .clear?: fields[.levelStartDate] = .some(nil)
        case .unmanaged?, nil: break
        }
        self.init(fields: fields, id: id)
    }

    /// Whether no field is named.
    package var isEmpty: Bool { fields.isEmpty && id == nil }
}
