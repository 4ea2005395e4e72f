import RosterCore
import RosterModel

/// One field an update changes, with its value on each side.
package enum FieldChange: Sendable, Equatable {
    case name(from: String, to: String)
    case craft(from: Craft, to: Craft)
    case level(from: JobLevel, to: JobLevel)
    case focus(from: Focus, to: Focus)
    /// nil: no date.
    case levelStartDate(from: String?, to: String?)
    case lead(from: TeamMember, to: TeamMember)
    /// Who joins the team and who leaves it, sorted by name.
    case members(added: [TeamMember], removed: [TeamMember])
    case limitMonths(from: Int, to: Int)

    package var field: PlanField {
        switch self {
        case .name: .name
        case .craft: .craft
        case .level: .level
        case .focus: .focus
        case .levelStartDate: .levelStartDate
        case .lead: .lead
        case .members: .members
        case .limitMonths: .limitMonths
        }
    }

    /// The values before and after as a plan's JSON shows them; nil for members, which change
    /// by who joins and who leaves.
    package var values: (before: JSONValue, after: JSONValue)? {
        switch self {
        case .name(let a, let b): (.string(a), .string(b))
        case .lead(let a, let b): (.string(a.name), .string(b.name))
        case .craft(let a, let b): (.string(a.rawValue), .string(b.rawValue))
        case .level(let a, let b): (.string(a.rawValue), .string(b.rawValue))
        case .focus(let a, let b): (.string(a.rawValue), .string(b.rawValue))
        case .levelStartDate(let a, let b): (a.map(JSONValue.string) ?? .null, b.map(JSONValue.string) ?? .null)
        case .limitMonths(let a, let b): (.int(a), .int(b))
        case .members: nil
        }
    }
}

/// A field of an entity as a plan names it: the roster format's key.
package enum PlanField: String, Sendable, Equatable {
    case name, craft, level, focus, levelStartDate, lead, members, limitMonths, email

    /// A person's field, as plans name it.
    package init(_ field: PersonField) {
        switch field {
        case .name: self = .name
        case .craft: self = .craft
        case .level: self = .level
        case .focus: self = .focus
        case .levelStartDate: self = .levelStartDate
        }
    }

    /// A team's field, as plans name it.
    package init(_ field: TeamField) {
        switch field {
        case .name: self = .name
        case .lead: self = .lead
        case .members: self = .members
        }
    }
}
