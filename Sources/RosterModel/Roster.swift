import RosterCore

/// What a roster says about a person's level start date.
public enum LevelStartDate: Hashable, Sendable {
    /// The field is absent: leave the live value alone.
    case unmanaged
    /// `null`: clear the live value.
    case clear
    /// A calendar date, `YYYY-MM-DD`.
    case date(String)
}

/// A reference to a person from a team: `Name` or `Name (#id)`.
public struct PersonReference: Hashable, Sendable {
    public var name: String
    public var key: NameKey
    public var id: Int?

    /// Parses `Sam Lee (#240)` into a name and a pinned id; anything else is a bare name.
    public init(parsing text: String) {
        if text.hasSuffix(")"), let open = text.range(of: " (#", options: .backwards) {
            let digits = text[open.upperBound..<text.index(before: text.endIndex)]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let id = Int(digits) {
                name = String(text[..<open.lowerBound])
                key = NameKey(name)
                self.id = id
                return
            }
        }
        name = text
        key = NameKey(text)
        id = nil
    }

    /// How the roster writes it.
    public var text: String { id.map { "\(name) (#\($0))" } ?? name }
}

/// One person of the roster.
public struct PersonEntry: Sendable {
    public var name: Located<String>
    public var key: NameKey
    public var id: Located<Int>?
    public var craft: Craft
    public var level: JobLevel
    public var focus: Focus
    public var levelStartDate: LevelStartDate
    public var previously: [Located<String>]
    /// Where the entry starts.
    public var location: SourceLocation

    public init(
        name: Located<String>, id: Located<Int>? = nil, craft: Craft, level: JobLevel, focus: Focus = .notApplicable,
        levelStartDate: LevelStartDate = .unmanaged, previously: [Located<String>] = [], location: SourceLocation
    ) {
        self.name = name
        self.key = NameKey(name.value)
        self.id = id
        self.craft = craft
        self.level = level
        self.focus = focus
        self.levelStartDate = levelStartDate
        self.previously = previously
        self.location = location
    }

    /// `Name` or, when the id is pinned, `Name (#id)`.
    public var reference: String { id.map { "\(name.value) (#\($0.value))" } ?? name.value }
}

/// One team of the roster. Members exclude nothing: the lead may or may not be listed.
public struct TeamEntry: Sendable {
    public var name: Located<String>
    public var key: NameKey
    public var id: Located<Int>?
    public var lead: Located<PersonReference>
    public var members: [Located<PersonReference>]
    public var previously: [Located<String>]
    public var location: SourceLocation

    public init(
        name: Located<String>, id: Located<Int>? = nil, lead: Located<PersonReference>,
        members: [Located<PersonReference>],
        previously: [Located<String>] = [], location: SourceLocation
    ) {
        self.name = name
        self.key = NameKey(name.value)
        self.id = id
        self.lead = lead
        self.members = members
        self.previously = previously
        self.location = location
    }
}

/// A time-in-level limit of the space.
public struct LevelLimitEntry: Sendable {
    public var level: JobLevel
    public var limitMonths: Int
    public var location: SourceLocation

    public init(level: JobLevel, limitMonths: Int, location: SourceLocation) {
        self.level = level
        self.limitMonths = limitMonths
        self.location = location
    }
}

/// The `maxDeletes` safety rail: a count, or a share of the live total of a kind.
public enum DeleteLimit: Hashable, Sendable, CustomStringConvertible {
    case count(Int)
    case percent(Double)

    /// The most deletes of a kind allowed when the space has `total` of that kind live.
    /// A share is rounded down but never below 1.
    public func allowed(ofLiveTotal total: Int) -> Int {
        switch self {
        case .count(let n): return n
        case .percent(let p): return max(1, Int((Double(total) * p / 100).rounded(.down)))
        }
    }

    public var description: String {
        switch self {
        case .count(let n): return "\(n)"
        case .percent(let p): return p == p.rounded() ? "\(Int(p))%" : "\(p)%"
        }
    }
}

/// The roster's `policy` section, with its defaults.
public struct Policy: Sendable {
    public var oneTeamPerPerson = true
    public var prune = false
    public var ignorePeople: [Located<String>] = []
    public var ignoreTeams: [Located<String>] = []
    public var protectedPeople: [Located<String>] = []
    public var protectedTeams: [Located<String>] = []
    public var maxDeletes: DeleteLimit = .percent(25)
    /// Where the section was written, when it was.
    public var location: SourceLocation?

    public init() {}
}

/// The desired state of one MPS space, merged from one or more files.
public struct Roster: Sendable {
    public var version: Int = 1
    public var space: Located<String>?
    public var people: [PersonEntry] = []
    public var teams: [TeamEntry] = []
    public var levels: [LevelLimitEntry] = []
    public var policy = Policy()
    /// Who besides the owner may open the space; nil when the roster does not manage access.
    public var access: AccessPolicy?
    /// The organisation's own rules; nil when the roster states none.
    public var rules: Rules?
    /// The files the roster was read from, in load order.
    public var files: [String] = []
    /// Every team's people as the validator resolved them; nil for a roster built in code.
    /// Code that renames people or changes a team's references after validation sets it to
    /// nil: ``TeamPeople/of(_:)`` notices changed counts, not changed names.
    public var teamPeople: TeamPeople?

    public init() {}
}
