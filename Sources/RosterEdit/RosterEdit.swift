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
    /// A level's time-in-level limit.
    case setLevel(JobLevel, limitMonths: Int)
    /// A new name, the old one kept in `previously:` so that the plan renames.
    case rename(EntityKind, from: String, to: String)
    /// A person out of every team and the roster; `successor` leads the team they led.
    case removePerson(String, successor: String? = nil)
    /// A team out of the roster; its people stay, in no team.
    case removeTeam(String)

    /// People or teams.
    package enum EntityKind: String, Equatable, Sendable {
        case person, team
    }
}

/// A person's place in a team.
package enum TeamRole: String, Equatable, Sendable {
    case member, lead
}

/// The person `roster add person` writes.
package struct NewPerson: Equatable, Sendable {
    package var name: String
    package var craft: Craft?
    package var level: JobLevel?
    package var focus: Focus?
    package var levelStartDate: Day?
    package var team: String?
    package var role: TeamRole
    /// The roster file the entry goes to; nil: the first that holds people.
    package var into: String?
    /// `--namesake`: a second person of a name the roster has, not the same person again.
    package var namesake: Bool

    package init(
        name: String, craft: Craft? = nil, level: JobLevel? = nil, focus: Focus? = nil, levelStartDate: Day? = nil,
        team: String? = nil, role: TeamRole = .member, into: String? = nil, namesake: Bool = false
    ) {
        self.namesake = namesake
        self.name = name
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
        self.team = team
        self.role = role
        self.into = into
    }
}

/// The fields `roster set person` changes; nil leaves a field as it is.
package struct PersonChanges: Equatable, Sendable {
    package var craft: Craft?
    package var level: JobLevel?
    package var focus: Focus?
    /// A day, or `.clear` for none; nil with a new level: today when the entry states dates.
    package var levelStartDate: LevelStartDate?
    /// The live MPS user id to pin (needed when live names repeat).
    package var id: Int?

    package init(
        craft: Craft? = nil, level: JobLevel? = nil, focus: Focus? = nil, levelStartDate: LevelStartDate? = nil,
        id: Int? = nil
    ) {
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
        self.id = id
    }

    /// Whether no field is named.
    package var isEmpty: Bool { craft == nil && level == nil && focus == nil && levelStartDate == nil && id == nil }
}
